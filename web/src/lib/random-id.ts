/**
 * A random 32-character hex id (idempotency keys, message correlation).
 * getRandomValues works on plain http origins too, where crypto.randomUUID does not exist.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
