/**
 * A DynamoDB item's size as DynamoDB bills it (the developer guide's "Item sizes and formats"): attribute names and
 * string values count their UTF-8 bytes, a number about one byte per two significant digits plus one, a boolean or
 * null one byte, a list or map 3 bytes plus its elements with one byte each (and a map's keys). Used to turn the
 * benchmark's items into write units; an estimate, as DynamoDB's own rounding of numbers is.
 */
export function itemSizeBytes(item: Record<string, unknown>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    bytes += Buffer.byteLength(name, 'utf8') + valueBytes(value);
  }
  return bytes;
}

function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits = String(value).replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '') || '0';
    return Math.ceil(digits.length / 2) + 1;
  }
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return 3 + [...value].reduce<number>((sum, element) => sum + valueBytes(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + valueBytes(element), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [key, element]) => (element === undefined ? sum : sum + 1 + Buffer.byteLength(key, 'utf8') + valueBytes(element)), 0);
  }
  return 0;
}

/** Write units one write of an item this size costs: a unit per started KB, twice that inside a transaction. */
export const writeUnits = (bytes: number, options: { transactional?: boolean } = {}) => Math.max(1, Math.ceil(bytes / 1024)) * (options.transactional ? 2 : 1);
