/** One JSON-lines logger per process. Never pass request bodies; known secret keys are redacted anyway. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /card.?number|cvc|cvv|password|secret|authorization|token/i;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function createLogger(base: Record<string, unknown> = {}, write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Logger {
  const configured = process.env.LOG_LEVEL ?? 'info';
  const threshold = configured === 'silent' ? Infinity : (ORDER[configured as Level] ?? ORDER.info);
  const log = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < threshold) return;
    write(JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...(redact(fields ?? {}) as object) }));
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, write),
  };
}

export const logger = createLogger({ service: process.env.SERVICE_NAME });
