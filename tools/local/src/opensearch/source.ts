import { errors } from './errors';
import { isObject, type Json, type JsonObject } from './json';
import { wildcard } from './mapping';

/**
 * `_source` filtering (true, false, "field", ["a", "b.*"], {includes, excludes}) and reading a field's values out
 * of a source by its dotted path through objects and arrays of objects (as OpenSearch flattens them).
 */

export interface SourceFilter {
  fetch: boolean;
  includes: string[];
  excludes: string[];
}

export const FETCH_ALL: SourceFilter = { fetch: true, includes: [], excludes: [] };

function patterns(value: Json | undefined, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value === '' ? [] : value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw errors.parsing(`[_source] ${what} must be a string or an array of strings`);
}

/** `_source` in a body, or the _source / _source_includes / _source_excludes URL parameters. */
export function parseSourceFilter(value: Json | undefined, params?: URLSearchParams): SourceFilter {
  let filter = FETCH_ALL;
  if (value === false || value === 'false') filter = { fetch: false, includes: [], excludes: [] };
  else if (value === true || value === 'true' || value === undefined || value === null) filter = FETCH_ALL;
  else if (typeof value === 'string' || Array.isArray(value)) filter = { fetch: true, includes: patterns(value, 'includes'), excludes: [] };
  else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (!['includes', 'include', 'excludes', 'exclude'].includes(key)) throw errors.parsing(`Unknown key for a ${Array.isArray(value[key]) ? 'START_ARRAY' : 'VALUE_STRING'} in [${key}].`);
    }
    filter = { fetch: true, includes: patterns(value.includes ?? value.include, 'includes'), excludes: patterns(value.excludes ?? value.exclude, 'excludes') };
  } else throw errors.parsing('[_source] must be a boolean, a string, an array or an object');
  if (params) {
    const source = params.get('_source');
    if (source !== null) {
      if (source === 'false') filter = { fetch: false, includes: [], excludes: [] };
      else if (source !== 'true') filter = { fetch: true, includes: patterns(source, 'includes'), excludes: filter.excludes };
    }
    const includes = params.get('_source_includes');
    const excludes = params.get('_source_excludes');
    if (includes !== null) filter = { fetch: true, includes: patterns(includes, 'includes'), excludes: filter.excludes };
    if (excludes !== null) filter = { fetch: true, includes: filter.includes, excludes: patterns(excludes, 'excludes') };
  }
  return filter;
}

const compiled = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    re = wildcard(pattern);
    compiled.set(pattern, re);
  }
  return re;
}

const matchesAny = (path: string, list: string[]) => list.some((p) => regex(p).test(path));

/** Could a pattern match something below `path`? */
function mayMatchBelow(path: string, list: string[]): boolean {
  const prefix = `${path}.`;
  return list.some((p) => {
    const star = p.indexOf('*');
    const literal = star === -1 ? p : p.slice(0, star);
    return literal.startsWith(prefix) || (star !== -1 && prefix.startsWith(literal));
  });
}

/** The source with only the included (and not excluded) parts; undefined when it is not fetched at all. */
export function filterSource(source: JsonObject, filter: SourceFilter): JsonObject | undefined {
  if (!filter.fetch) return undefined;
  if (filter.includes.length === 0 && filter.excludes.length === 0) return source;
  return filterObject(source, '', filter, filter.includes.length === 0);
}

function filterObject(node: JsonObject, prefix: string, filter: SourceFilter, included: boolean): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (matchesAny(path, filter.excludes)) continue;
    const isIncluded = included || matchesAny(path, filter.includes);
    const kept = filterValue(value, path, filter, isIncluded);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

function filterValue(value: Json, path: string, filter: SourceFilter, included: boolean): Json | undefined {
  if (isObject(value)) {
    if (!included && !mayMatchBelow(path, filter.includes)) return undefined;
    const inner = filterObject(value, path, filter, included);
    return Object.keys(inner).length > 0 || (included && Object.keys(value).length === 0) ? inner : undefined;
  }
  if (Array.isArray(value)) {
    if (!included && !mayMatchBelow(path, filter.includes)) return undefined;
    const items: Json[] = [];
    for (const item of value) {
      const kept = isObject(item) || Array.isArray(item) ? filterValue(item, path, filter, included) : included ? item : undefined;
      if (kept !== undefined) items.push(kept);
    }
    return items.length > 0 || included ? items : undefined;
  }
  return included ? value : undefined;
}

/** Every value at a dotted path, through arrays and objects (and dotted keys in the source itself). */
export function valuesAt(source: JsonObject, path: string): Json[] {
  const out: Json[] = [];
  collect(source, path.split('.'), 0, out);
  return out;
}

function collect(node: Json, parts: string[], i: number, out: Json[]): void {
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, parts, i, out);
    return;
  }
  if (i === parts.length) {
    out.push(node);
    return;
  }
  if (!isObject(node)) return;
  for (let j = i + 1; j <= parts.length; j++) {
    const key = parts.slice(i, j).join('.');
    if (key in node) collect(node[key]!, parts, j, out);
  }
}
