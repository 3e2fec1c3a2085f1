import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Evidence for the browser tests' card-number scan (issue 4 "Reliability"): with LOCAL_EVIDENCE_DIR set, the
 * platform keeps every API request body (requests.ndjson) and everything it prints, handler logs at debug level
 * included (platform.log). tests/e2e/zz-card-number-scan.spec.ts reads them with the tables, mail and media.
 * Appends are synchronous: this is a test mode, and no line may be lost when the platform is stopped.
 */
export const REQUESTS_FILE = 'requests.ndjson';
export const LOG_FILE = 'platform.log';

export interface EvidenceRecorder {
  request(routeKey: string, body: string): void;
}

export function evidenceRecorder(dir: string): EvidenceRecorder {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, REQUESTS_FILE);
  return {
    request: (routeKey, body) => appendFileSync(file, `${JSON.stringify({ routeKey, body })}\n`),
  };
}

/** Copies everything the process writes to stdout and stderr into `dir`/platform.log as well. */
export function teeProcessOutput(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOG_FILE);
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      appendFileSync(file, typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}
