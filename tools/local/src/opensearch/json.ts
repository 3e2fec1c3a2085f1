/** JSON values as they arrive in request bodies. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The single key of an object like `{ "match": {...} }`, or undefined when it has none or several. */
export function singleKey(value: JsonObject): string | undefined {
  let found: string | undefined;
  for (const key in value) {
    if (found !== undefined) return undefined;
    found = key;
  }
  return found;
}
