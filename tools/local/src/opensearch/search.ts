import { parseAggs, runAggs, validateAggs, type AggSpec, type Segment } from './aggs';
import { type Scratch, filterSet, intersect, type DocSet } from './docset';
import { UTC } from './dates';
import { parseQuery, type Query } from './dsl';
import { errors, OpenSearchError, type ErrorCause } from './errors';
import { distanceFunction, parseGeoPoint, parseGeoPoints, unitMetres, type GeoPoint } from './geo';
import { highlightHit, parseHighlight, type HighlightOptions, type HighlightSpec } from './highlight';
import { isObject, type Json, type JsonObject } from './json';
import type { LeafField } from './mapping';
import { compile, HighlightTerms, ShardContext, type IndexView } from './query';
import { filterSource, parseSourceFilter, type SourceFilter } from './source';
import type { Vocabularies } from './store';

/**
 * The search request: parsing the body (and URL parameters), running the query on every index it names (each
 * OpenSearch's one shard: a failure there is a shard failure, and all failing is a search_phase_execution_exception),
 * merging the best hits by the sort, and building OpenSearch's answer with totals, hits, aggregations and highlights.
 */

export type SortSpec =
  | { kind: 'score'; order: 'asc' | 'desc' }
  | { kind: 'doc'; order: 'asc' | 'desc' }
  | { kind: 'field'; field: string; order: 'asc' | 'desc'; missing: Json; mode?: string; unmappedType?: string }
  | { kind: 'geo'; field: string; points: GeoPoint[]; order: 'asc' | 'desc'; unit: string; distanceType: 'arc' | 'plane'; mode: string; ignoreUnmapped: boolean };

export interface SearchRequest {
  query: Query;
  postFilter?: Query;
  from: number;
  size: number;
  sort?: SortSpec[];
  source: SourceFilter;
  aggs: AggSpec[];
  highlight?: HighlightSpec;
  trackTotalHits: boolean | number;
  trackScores: boolean;
  minScore?: number;
  searchAfter?: Json[];
  version: boolean;
  seqNoPrimaryTerm: boolean;
  restTotalHitsAsInt: boolean;
}

const BODY_KEYS = [
  'query', 'post_filter', 'from', 'size', 'sort', '_source', 'aggs', 'aggregations', 'highlight', 'track_total_hits', 'track_scores', 'min_score',
  'search_after', 'version', 'seq_no_primary_term', 'timeout', 'explain', 'profile', 'terminate_after',
];
const UNSUPPORTED_BODY_KEYS = ['collapse', 'suggest', 'rescore', 'script_fields', 'docvalue_fields', 'stored_fields', 'fields', 'indices_boost', 'pit', 'ext', 'stats', 'slice', 'knn', 'search_pipeline'];

export const SEARCH_PARAMS = [
  'from', 'size', 'sort', '_source', '_source_includes', '_source_excludes', 'track_total_hits', 'track_scores', 'version', 'seq_no_primary_term', 'timeout',
  'search_type', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards', 'rest_total_hits_as_int', 'preference', 'routing', 'request_cache',
  'batched_reduce_size', 'max_concurrent_shard_requests', 'pre_filter_shard_size', 'ccs_minimize_roundtrips', 'allow_partial_search_results', 'ignore_throttled',
];

function tokenType(value: Json): string {
  if (Array.isArray(value)) return 'START_ARRAY';
  if (isObject(value)) return 'START_OBJECT';
  if (typeof value === 'number') return 'VALUE_NUMBER';
  if (typeof value === 'boolean') return 'VALUE_BOOLEAN';
  if (value === null) return 'VALUE_NULL';
  return 'VALUE_STRING';
}

function intValue(key: string, value: Json | string | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') throw errors.parsing(`[${key}] failed to parse field [${key}]: expected a number`);
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw errors.parsing(`[${key}] failed to parse field [${key}]: [${String(value)}] is not an integer`);
  return n;
}

function boolParam(params: URLSearchParams, key: string): boolean | undefined {
  const value = params.get(key);
  if (value === null) return undefined;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw errors.illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
}

export function parseSearchRequest(body: Json | undefined, params: URLSearchParams): SearchRequest {
  if (body !== undefined && !isObject(body)) throw errors.parsing('request body must be a JSON object');
  const b: JsonObject = body ?? {};
  for (const [key, value] of Object.entries(b)) {
    if (UNSUPPORTED_BODY_KEYS.includes(key)) throw errors.parsing(`[${key}] is not supported by the local OpenSearch stand-in`);
    if (!BODY_KEYS.includes(key)) throw errors.parsing(`Unknown key for a ${tokenType(value)} in [${key}].`);
  }
  if (b.explain === true) throw errors.parsing('[explain] is not supported by the local OpenSearch stand-in');
  if (b.profile === true) throw errors.parsing('[profile] is not supported by the local OpenSearch stand-in');
  if (b.terminate_after !== undefined) throw errors.parsing('[terminate_after] is not supported by the local OpenSearch stand-in');
  if (params.has('q')) throw errors.illegalArgument('the local OpenSearch stand-in does not support the [q] parameter; send a query in the body');
  if (b.aggs !== undefined && b.aggregations !== undefined) throw errors.parsing('Found two aggregation definitions: [aggs] and [aggregations]');

  const from = intValue('from', params.get('from') ?? undefined) ?? intValue('from', b.from) ?? 0;
  const size = intValue('size', params.get('size') ?? undefined) ?? intValue('size', b.size) ?? 10;
  if (from < 0) throw errors.illegalArgument(`[from] parameter cannot be negative, found [${from}]`);
  if (size < 0) throw errors.illegalArgument(`[size] parameter cannot be negative, found [${size}]`);

  let trackTotalHits: boolean | number = 10_000;
  const ttRaw = params.get('track_total_hits') ?? b.track_total_hits;
  if (ttRaw !== undefined && ttRaw !== null) {
    if (ttRaw === true || ttRaw === 'true') trackTotalHits = true;
    else if (ttRaw === false || ttRaw === 'false') trackTotalHits = false;
    else {
      const n = Number(ttRaw);
      if (!Number.isInteger(n) || n < -1) throw errors.illegalArgument(`[track_total_hits] parameter must be positive or equals to -1, got ${String(ttRaw)}`);
      trackTotalHits = n === -1 ? true : n;
    }
  }
  const restTotalHitsAsInt = boolParam(params, 'rest_total_hits_as_int') ?? false;
  if (restTotalHitsAsInt && trackTotalHits !== true && ttRaw !== undefined && ttRaw !== null) {
    throw errors.actionValidation('[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate');
  }

  let sort: SortSpec[] | undefined;
  const sortParam = params.get('sort');
  if (sortParam !== null) {
    sort = sortParam.split(',').map((part) => {
      const [field, order] = part.split(':');
      return parseSort(order ? { [field!]: order } : field!)[0]!;
    });
  } else if (b.sort !== undefined) sort = parseSort(b.sort);

  const searchAfter = b.search_after;
  if (searchAfter !== undefined) {
    if (!Array.isArray(searchAfter)) throw errors.parsing('[search_after] must be an array');
    if (!sort) throw errors.actionValidation('[search_after] requires sort to be specified');
    if (searchAfter.length !== sort.length) throw errors.illegalArgument(`search_after has ${searchAfter.length} value(s) but sort has ${sort.length}.`);
    if (from > 0) throw errors.actionValidation('[from] parameter must be set to 0 when [search_after] is used');
  }

  const flag = (key: string) => {
    const fromParams = boolParam(params, key);
    if (fromParams !== undefined) return fromParams;
    const v = b[key];
    if (v === undefined) return false;
    if (typeof v !== 'boolean') throw errors.parsing(`[${key}] must be a boolean`);
    return v;
  };

  return {
    query: b.query === undefined ? { kind: 'match_all', boost: 1 } : parseQuery(b.query),
    postFilter: b.post_filter === undefined ? undefined : parseQuery(b.post_filter, 'post_filter'),
    from,
    size,
    sort,
    source: parseSourceFilter(b._source, params),
    aggs: parseAggs(b.aggs ?? b.aggregations),
    highlight: b.highlight === undefined ? undefined : parseHighlight(b.highlight),
    trackTotalHits: restTotalHitsAsInt ? true : trackTotalHits,
    trackScores: flag('track_scores'),
    minScore: b.min_score === undefined ? undefined : Number(b.min_score),
    searchAfter: searchAfter as Json[] | undefined,
    version: flag('version'),
    seqNoPrimaryTerm: flag('seq_no_primary_term'),
    restTotalHitsAsInt,
  };
}

function order(value: Json | undefined, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  if (value === undefined) return fallback;
  const o = String(value).toLowerCase();
  if (o !== 'asc' && o !== 'desc') throw errors.illegalArgument(`Unknown SortOrder [${String(value)}]`);
  return o;
}

export function parseSort(raw: Json): SortSpec[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((entry): SortSpec => {
    if (typeof entry === 'string') {
      if (entry === '_score') return { kind: 'score', order: 'desc' };
      if (entry === '_doc') return { kind: 'doc', order: 'asc' };
      return { kind: 'field', field: entry, order: 'asc', missing: '_last' };
    }
    if (!isObject(entry)) throw errors.parsing(`[sort] malformed sort format, within the sort array, an object, or an actual string are allowed`);
    const keys = Object.keys(entry);
    if (keys.length !== 1) throw errors.parsing(`[sort] expected a single field name, found [${keys.join(', ')}]`);
    const name = keys[0]!;
    const value = entry[name];
    if (name === '_script') throw errors.parsing('[sort] _script sorting is not supported by the local OpenSearch stand-in');
    if (name === '_geo_distance' || name === '_geoDistance') {
      if (!isObject(value)) throw errors.parsing('[_geo_distance] must be an object');
      const options = ['order', 'unit', 'mode', 'distance_type', 'ignore_unmapped', 'validation_method', 'nested'];
      if (value.nested !== undefined) throw errors.parsing('[_geo_distance] nested sorting is not supported by the local OpenSearch stand-in');
      const fields = Object.keys(value).filter((k) => !options.includes(k));
      if (fields.length !== 1) throw errors.parsing(`[_geo_distance] expects exactly one field with origin points, found [${fields.join(', ')}]`);
      const field = fields[0]!;
      const pointsRaw = value[field]!;
      const points = Array.isArray(pointsRaw) && pointsRaw.length > 0 && !pointsRaw.every((v) => typeof v === 'number') ? pointsRaw.map((p) => parseGeoPoint(p, field)) : parseGeoPoints(pointsRaw, field);
      const unit = value.unit === undefined ? 'm' : String(value.unit);
      unitMetres(unit);
      const distanceType = value.distance_type === undefined ? 'arc' : String(value.distance_type).toLowerCase();
      if (distanceType !== 'arc' && distanceType !== 'plane') throw errors.illegalArgument(`No geo distance for [${distanceType}]`);
      const mode = value.mode === undefined ? 'min' : String(value.mode).toLowerCase();
      if (!['min', 'max', 'avg', 'median'].includes(mode)) throw errors.illegalArgument(`Unknown SortMode [${mode}]`);
      return { kind: 'geo', field, points, order: order(value.order, 'asc'), unit, distanceType, mode, ignoreUnmapped: value.ignore_unmapped === true };
    }
    if (name === '_score' || name === '_doc') {
      const o = typeof value === 'string' ? value : isObject(value) ? value.order : undefined;
      if (isObject(value)) for (const key of Object.keys(value)) if (key !== 'order') throw errors.parsing(`[${name}] unknown field [${key}]`);
      return { kind: name === '_score' ? 'score' : 'doc', order: order(o, name === '_score' ? 'desc' : 'asc') };
    }
    if (typeof value === 'string') return { kind: 'field', field: name, order: order(value, 'asc'), missing: '_last' };
    if (!isObject(value)) throw errors.parsing(`[sort] [${name}] must be an order or an object`);
    for (const key of Object.keys(value)) {
      if (key === 'nested' || key === 'nested_path' || key === 'nested_filter') throw errors.parsing(`[${name}] nested sorting is not supported by the local OpenSearch stand-in`);
      if (!['order', 'missing', 'mode', 'unmapped_type', 'numeric_type', 'format'].includes(key)) throw errors.parsing(`[field_sort] unknown field [${key}]`);
    }
    const mode = value.mode === undefined ? undefined : String(value.mode).toLowerCase();
    if (mode !== undefined && !['min', 'max', 'sum', 'avg', 'median'].includes(mode)) throw errors.illegalArgument(`Unknown SortMode [${mode}]`);
    return {
      kind: 'field',
      field: name,
      order: order(value.order, 'asc'),
      missing: value.missing === undefined || value.missing === null ? '_last' : value.missing,
      mode,
      unmappedType: value.unmapped_type === undefined ? undefined : String(value.unmapped_type),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sort keys

type Key = number | string | null;

/** A sort value OpenSearch writes as a bare 64-bit number (missing numbers sort as Long.MAX_VALUE / MIN_VALUE). */
export class RawNumber {
  constructor(readonly text: string) {}
}

const LONG_MAX = new RawNumber('9223372036854775807');
const LONG_MIN = new RawNumber('-9223372036854775808');

interface SortColumn {
  key(doc: number, score: number): Key;
  output(key: Key): Json | RawNumber;
  missingFirst: boolean;
}

const INTEGER_TYPES = new Set(['long', 'integer', 'short', 'byte', 'date', 'boolean', 'unsigned_long']);

function pick(values: number[], mode: string): number {
  switch (mode) {
    case 'max':
      return Math.max(...values);
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'median': {
      const s = [...values].sort((a, b) => a - b);
      const mid = s.length >> 1;
      return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
    }
    default:
      return Math.min(...values);
  }
}

function sortColumn(spec: SortSpec, ctx: ShardContext): SortColumn {
  switch (spec.kind) {
    case 'score':
      return { key: (_doc, score) => score, output: (k) => (k === null ? null : float32(k as number)), missingFirst: false };
    case 'doc':
      return { key: (doc) => doc, output: (k) => k, missingFirst: false };
    case 'geo': {
      const leaf = ctx.index.mapping.leaf(spec.field);
      if (!leaf) {
        if (!spec.ignoreUnmapped) throw ctx.fail(`failed to find mapper for [${spec.field}] for geo distance based sort`);
      } else if (leaf.kind !== 'geo') throw ctx.fail(`unable to apply geo distance sort to field [${spec.field}] of type [${leaf.type}]`);
      const column = leaf ? ctx.store.columns.get(leaf.path) : undefined;
      const measure = distanceFunction(spec.distanceType);
      const perUnit = unitMetres(spec.unit);
      return {
        key: (doc) => {
          const values = column?.list(doc) as GeoPoint[] | undefined;
          if (!values || values.length === 0) return null;
          const distances = values.map((p) => Math.min(...spec.points.map((origin) => measure(origin, p))) / perUnit);
          return pick(distances, spec.mode);
        },
        output: (k) => (k === null ? (spec.order === 'asc' ? 'Infinity' : '-Infinity') : k),
        missingFirst: false,
      };
    }
    case 'field':
      return fieldSortColumn(spec, ctx);
  }
}

const TEXT_SORT = (f: string) =>
  `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${f}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;

function fieldSortColumn(spec: Extract<SortSpec, { kind: 'field' }>, ctx: ShardContext): SortColumn {
  const mode = spec.mode ?? (spec.order === 'asc' ? 'min' : 'max');
  const missingFirst = spec.missing === '_first';
  const customMissing = spec.missing !== '_last' && spec.missing !== '_first' ? spec.missing : undefined;
  if (spec.field === '_id' || spec.field === '_index') {
    const name = ctx.index.name;
    return { key: (doc) => (spec.field === '_id' ? (ctx.store.ids[doc] ?? null) : name), output: (k) => k, missingFirst };
  }
  const leaf: LeafField | undefined = ctx.index.mapping.leaf(spec.field);
  if (!leaf) {
    if (!spec.unmappedType) throw ctx.fail(`No mapping found for [${spec.field}] in order to sort on`);
    const integer = INTEGER_TYPES.has(spec.unmappedType);
    const numeric = integer || ['double', 'float', 'half_float', 'scaled_float'].includes(spec.unmappedType);
    return { key: () => null, output: (k) => missingOutput(k, numeric, integer, spec.order, missingFirst), missingFirst };
  }
  if (leaf.kind === 'text') throw ctx.illegal(TEXT_SORT(spec.field));
  if (leaf.kind === 'geo') throw ctx.fail(`can't sort on geo_point field without using specific sorting feature, like geo_distance`);
  if (!leaf.docValues) throw ctx.fail(`Can't load fielddata on [${spec.field}] because fielddata is unsupported on fields of type [${leaf.type}]. Use doc values instead.`);
  const column = ctx.store.columns.get(leaf.path);
  const numeric = leaf.kind !== 'keyword';
  const integer = INTEGER_TYPES.has(leaf.type);
  let missingKey: Key = null;
  if (customMissing !== undefined) {
    if (numeric) {
      const n = leaf.kind === 'boolean' ? (customMissing === true || customMissing === 'true' ? 1 : 0) : Number(customMissing);
      missingKey = Number.isFinite(n) ? n : null;
      if (missingKey === null && leaf.kind === 'date' && typeof customMissing === 'string') missingKey = leaf.format!.parse(customMissing, false, UTC) ?? null;
    } else missingKey = String(customMissing);
  }
  return {
    key: (doc) => {
      const raw = column?.values[doc];
      if (raw === undefined) return missingKey;
      const values = Array.isArray(raw) ? raw : [raw];
      if (!numeric) {
        const strings = values as string[];
        let best = strings[0]!;
        for (const s of strings) if (mode === 'max' ? s > best : s < best) best = s;
        return best;
      }
      return pick(values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v as number))), mode);
    },
    output: (k) => (k === null ? missingOutput(k, numeric, integer, spec.order, missingFirst) : k),
    missingFirst,
  };
}

function missingOutput(_k: Key, numeric: boolean, integer: boolean, direction: 'asc' | 'desc', first: boolean): Json | RawNumber {
  if (!numeric) return null;
  const high = (direction === 'asc') !== first;
  if (integer) return high ? LONG_MAX : LONG_MIN;
  return high ? 'Infinity' : '-Infinity';
}

function compareKey(a: Key, b: Key, direction: 'asc' | 'desc', missingFirst: boolean): number {
  if (a === b) return 0;
  if (a === null) return missingFirst ? -1 : 1;
  if (b === null) return missingFirst ? 1 : -1;
  const cmp = typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
  return direction === 'asc' ? cmp : -cmp;
}

/** A search_after value as a sort key (the sentinels OpenSearch writes for missing values read back as missing). */
function afterKey(value: Json): Key {
  if (value === null) return null;
  if (typeof value === 'number') return Math.abs(value) >= 9.2e18 ? null : value;
  if (value === 'Infinity' || value === '-Infinity') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw errors.parsing('[search_after] values must be numbers, strings, booleans or null');
}

// ---------------------------------------------------------------------------------------------------------------
// Scores as OpenSearch prints them (Lucene scores are 32-bit floats)

export function float32(value: number): number {
  const f = Math.fround(value);
  if (!Number.isFinite(f)) return f;
  for (let p = 1; p <= 9; p++) {
    const s = Number(f.toPrecision(p));
    if (Math.fround(s) === f) return s;
  }
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Running a search

export interface SearchEnvironment {
  vocabulary: Vocabularies;
  scratch(index: string): Scratch;
  now: number;
  /** index.max_result_window of an index. */
  maxResultWindow(index: string): number;
}

interface Candidate {
  shard: number;
  doc: number;
  score: number;
  keys: Key[];
}

interface ShardRun {
  view: IndexView;
  ctx: ShardContext;
  columns: SortColumn[];
  matched: DocSet;
  hits: DocSet;
  highlight?: HighlightTerms;
  highlightQueries?: Map<Query, HighlightTerms>;
}

function topCandidates(list: Candidate[], k: number, compare: (a: Candidate, b: Candidate) => number): Candidate[] {
  if (k <= 0) return [];
  if (list.length <= k * 4) return list.sort(compare).slice(0, k);
  // A bounded heap with the worst kept candidate at the root.
  const heap: Candidate[] = [];
  const worse = (a: Candidate, b: Candidate) => compare(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = i * 2 + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const c of list) {
    if (heap.length < k) {
      heap.push(c);
      up(heap.length - 1);
    } else if (compare(c, heap[0]!) < 0) {
      heap[0] = c;
      down(0);
    }
  }
  return heap.sort(compare);
}

/** Indices of the k best scores (ties: the lower index, i.e. the earlier document), best first. */
export function topByScore(scores: Float64Array, k: number): number[] {
  const n = scores.length;
  if (k <= 0 || n === 0) return [];
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  if (n <= k) return Array.from({ length: n }, (_v, i) => i).sort((a, b) => (better(a, b) ? -1 : 1));
  // A min-heap of the best k seen so far, the worst at the root.
  const heap = new Int32Array(k);
  let size = 0;
  const sift = (i: number) => {
    for (;;) {
      const l = i * 2 + 1;
      const r = l + 1;
      let m = i;
      if (l < size && better(heap[m]!, heap[l]!)) m = l;
      if (r < size && better(heap[m]!, heap[r]!)) m = r;
      if (m === i) return;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (size < k) {
      heap[size] = i;
      let c = size++;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (!better(heap[parent]!, heap[c]!)) break;
        const t = heap[c]!;
        heap[c] = heap[parent]!;
        heap[parent] = t;
        c = parent;
      }
    } else if (better(i, heap[0]!)) {
      heap[0] = i;
      sift(0);
    }
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => (better(a, b) ? -1 : 1));
}

function shardFailure(view: IndexView, error: OpenSearchError): JsonObject {
  return { shard: 0, index: view.name, node: 'local-opensearch', reason: error.toCause() as JsonObject };
}

function rootCauseOf(view: IndexView, error: OpenSearchError): ErrorCause {
  return { ...error.toCause(), index_uuid: view.uuid, index: view.name };
}

/** Runs a parsed search on the given indexes and answers OpenSearch's search response. */
export function runSearch(request: SearchRequest, views: IndexView[], env: SearchEnvironment): JsonObject {
  const started = performance.now();
  const defaultScoreSort = !request.sort || (request.sort.length === 1 && request.sort[0]!.kind === 'score' && request.sort[0]!.order === 'desc');
  const sort: SortSpec[] = request.sort ?? [{ kind: 'score', order: 'desc' }];
  const hasTopHits = (specs: AggSpec[]): boolean => specs.some((s) => s.kind === 'top_hits' || hasTopHits(s.subs));
  const needScores = defaultScoreSort || sort.some((s) => s.kind === 'score') || request.trackScores || request.minScore !== undefined || hasTopHits(request.aggs);
  const afterKeys = request.searchAfter?.map(afterKey);

  const runs: ShardRun[] = [];
  const failures: { view: IndexView; error: OpenSearchError }[] = [];
  const k = request.from + request.size;
  for (const view of views) {
    try {
      const window = env.maxResultWindow(view.name);
      if (k > window) {
        throw errors.illegalArgument(
          `Result window is too large, from + size must be less than or equal to: [${window}] but was [${k}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
        );
      }
      const ctx = new ShardContext(view, env.vocabulary, env.now, env.scratch(view.name));
      let highlight: HighlightTerms | undefined;
      if (request.highlight) {
        highlight = new HighlightTerms();
        ctx.highlight = highlight;
      }
      const node = compile(ctx, request.query, needScores);
      ctx.highlight = undefined;
      const postFilter = request.postFilter ? compile(ctx, request.postFilter, false) : undefined;
      validateAggs(request.aggs, ctx);
      const columns = sort.map((s) => sortColumn(s, ctx));
      let matched = node.execute(needScores);
      if (request.minScore !== undefined && matched.scores) {
        const min = request.minScore;
        const scores = matched.scores;
        matched = filterSet(matched, (_doc, i) => scores[i]! >= min);
      }
      const hits = postFilter ? intersect(matched, postFilter.execute(false), false) : matched;
      runs.push({ view, ctx, columns, matched, hits, highlight });
    } catch (error) {
      if (!(error instanceof OpenSearchError)) throw error;
      failures.push({ view, error });
    }
  }
  if (views.length > 0 && runs.length === 0) {
    const status = Math.max(...failures.map((f) => f.error.status));
    throw new OpenSearchError(status, 'search_phase_execution_exception', 'all shards failed', {
      extra: { phase: 'query', grouped: true, failed_shards: failures.map((f) => shardFailure(f.view, f.error)) },
      rootCauses: dedupeCauses(failures.map((f) => rootCauseOf(f.view, f.error))),
      ...(failures[0] ? { causedBy: failures[0].error.toCause() } : {}),
    });
  }

  const compare = (a: Candidate, b: Candidate): number => {
    for (let i = 0; i < sort.length; i++) {
      const spec = sort[i]!;
      const col = runs[a.shard]!.columns[i]!;
      const c = compareKey(a.keys[i]!, b.keys[i]!, spec.order, col.missingFirst);
      if (c !== 0) return c;
    }
    return a.shard - b.shard || a.doc - b.doc;
  };
  const isAfter = (keys: Key[], columns: SortColumn[]) => {
    for (let i = 0; i < sort.length; i++) {
      const c = compareKey(keys[i]!, afterKeys![i]!, sort[i]!.order, columns[i]!.missingFirst);
      if (c !== 0) return c > 0;
    }
    return false;
  };

  let total = 0;
  let maxScore = Number.NEGATIVE_INFINITY;
  let candidates: Candidate[] = [];
  runs.forEach((run, shard) => {
    const { hits, columns } = run;
    total += hits.docs.length;
    const scores = hits.scores;
    if (scores) for (let i = 0; i < scores.length; i++) if (scores[i]! > maxScore) maxScore = scores[i]!;
    if (defaultScoreSort && !afterKeys && scores) {
      // Sorting by score alone: pick the best straight from the scores, without a candidate per match.
      for (const i of topByScore(scores, k)) candidates.push({ shard, doc: hits.docs[i]!, score: scores[i]!, keys: [scores[i]!] });
      return;
    }
    const list: Candidate[] = [];
    for (let i = 0; i < hits.docs.length; i++) {
      const doc = hits.docs[i]!;
      const score = scores ? scores[i]! : Number.NaN;
      const keys = columns.map((c) => c.key(doc, score));
      if (afterKeys && !isAfter(keys, columns)) continue;
      list.push({ shard, doc, score, keys });
    }
    candidates.push(...topCandidates(list, k, compare));
  });
  candidates = topCandidates(candidates, k, compare).slice(request.from);

  const showScores = defaultScoreSort || request.trackScores || sort.some((s) => s.kind === 'score');
  const hitsJson = candidates.map((c) => {
    const run = runs[c.shard]!;
    return buildHit(run, c.doc, showScores && needScores ? c.score : null, defaultScoreSort ? undefined : c.keys.map((key, i) => run.columns[i]!.output(key)), request);
  });

  const totalJson =
    request.trackTotalHits === false
      ? undefined
      : request.restTotalHitsAsInt
        ? total
        : request.trackTotalHits === true || total <= request.trackTotalHits
          ? { value: total, relation: 'eq' }
          : { value: request.trackTotalHits, relation: 'gte' };
  const hitsSection: JsonObject = {};
  if (totalJson !== undefined) hitsSection.total = totalJson as Json;
  // No hits asked for (size 0), or sorted by something else without track_scores: OpenSearch gives no max_score.
  hitsSection.max_score = request.size > 0 && (defaultScoreSort || request.trackScores) && maxScore !== Number.NEGATIVE_INFINITY && needScores ? float32(maxScore) : null;
  hitsSection.hits = hitsJson as unknown as Json;

  const response: JsonObject = {
    took: Math.round(performance.now() - started),
    timed_out: false,
    _shards: shardsJson(views.length, runs.length, failures),
    hits: hitsSection,
  };
  if (request.aggs.length > 0) {
    const segments: Segment[] = runs.map((run) => ({ ctx: run.ctx, docs: run.matched.docs, scores: run.matched.scores }));
    response.aggregations = runAggs(request.aggs, segments, {
      topHits: (spec, segs) => topHitsJson(spec.body, spec.from, spec.size, segs, runs),
      filter: (query, segment) => compile(segment.ctx, query, false).execute(false),
    });
  }
  response.took = Math.round(performance.now() - started);
  return response;
}

function dedupeCauses(causes: ErrorCause[]): ErrorCause[] {
  const seen = new Set<string>();
  return causes.filter((c) => {
    const key = `${c.type}|${c.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function shardsJson(total: number, successful: number, failures: { view: IndexView; error: OpenSearchError }[]): JsonObject {
  const out: JsonObject = { total, successful, skipped: 0, failed: failures.length };
  if (failures.length > 0) out.failures = failures.map((f) => shardFailure(f.view, f.error));
  return out;
}

function buildHit(run: ShardRun, doc: number, score: number | null, sortValues: (Json | RawNumber)[] | undefined, request: { source: SourceFilter; highlight?: HighlightSpec; version: boolean; seqNoPrimaryTerm: boolean }): JsonObject {
  const { view } = run;
  const id = view.store.ids[doc]!;
  const hit: JsonObject = { _index: view.name, _id: id };
  const meta = view.store.meta.get(id);
  if (request.version && meta) hit._version = meta.version;
  if (request.seqNoPrimaryTerm && meta) {
    hit._seq_no = meta.seqNo;
    hit._primary_term = meta.primaryTerm;
  }
  hit._score = score === null || Number.isNaN(score) ? null : float32(score);
  const source = JSON.parse(view.store.source(doc)!) as JsonObject;
  const filtered = filterSource(source, request.source);
  if (filtered !== undefined) hit._source = filtered;
  if (sortValues) hit.sort = sortValues as unknown as Json;
  if (request.highlight) {
    const spec = request.highlight;
    const highlight = highlightHit(spec, source, view.mapping, (o: HighlightOptions) => termsForHighlight(run, o, spec));
    if (highlight) hit.highlight = highlight;
  }
  return hit;
}

/** The terms to highlight in one index: the query's, or a highlight_query's (worked out once per index). */
function termsForHighlight(run: ShardRun, o: HighlightOptions, spec: HighlightSpec): HighlightTerms {
  const query = o.highlightQuery ?? spec.highlightQuery;
  if (!query) return run.highlight ?? new HighlightTerms();
  run.highlightQueries ??= new Map();
  let terms = run.highlightQueries.get(query);
  if (!terms) {
    terms = new HighlightTerms();
    run.ctx.highlight = terms;
    try {
      compile(run.ctx, query, true);
    } finally {
      run.ctx.highlight = undefined;
    }
    run.highlightQueries.set(query, terms);
  }
  return terms;
}

/** top_hits: the best hits among some matched documents (default: by score), as a search answer's `hits`. */
function topHitsJson(body: JsonObject, from: number, size: number, segments: Segment[], runs: ShardRun[]): JsonObject {
  const sort = body.sort === undefined ? undefined : parseSort(body.sort);
  const defaultScoreSort = !sort || (sort.length === 1 && sort[0]!.kind === 'score' && sort[0]!.order === 'desc');
  const specs: SortSpec[] = sort ?? [{ kind: 'score', order: 'desc' }];
  const source = parseSourceFilter(body._source);
  const highlight = body.highlight === undefined ? undefined : parseHighlight(body.highlight);
  const request = { source, highlight, version: body.version === true, seqNoPrimaryTerm: body.seq_no_primary_term === true };
  const shardOf = (segment: Segment) => runs.findIndex((r) => r.ctx === segment.ctx);
  const candidates: Candidate[] = [];
  const columns = new Map<number, SortColumn[]>();
  let total = 0;
  let maxScore = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const shard = shardOf(segment);
    const cols = specs.map((s) => sortColumn(s, segment.ctx));
    columns.set(shard, cols);
    total += segment.docs.length;
    segment.docs.forEach((doc, i) => {
      const score = segment.scores ? segment.scores[i]! : Number.NaN;
      if (score > maxScore) maxScore = score;
      candidates.push({ shard, doc, score, keys: cols.map((c) => c.key(doc, score)) });
    });
  }
  const compare = (a: Candidate, b: Candidate) => {
    for (let i = 0; i < specs.length; i++) {
      const c = compareKey(a.keys[i]!, b.keys[i]!, specs[i]!.order, columns.get(a.shard)![i]!.missingFirst);
      if (c !== 0) return c;
    }
    return a.shard - b.shard || a.doc - b.doc;
  };
  const top = topCandidates(candidates, from + size, compare).slice(from);
  const trackScores = body.track_scores === true;
  return {
    hits: {
      total: { value: total, relation: 'eq' },
      max_score: (defaultScoreSort || trackScores) && maxScore !== Number.NEGATIVE_INFINITY ? float32(maxScore) : null,
      hits: top.map((c) => {
        const run = runs[c.shard]!;
        const sortValues = defaultScoreSort ? undefined : c.keys.map((key, i) => columns.get(c.shard)![i]!.output(key));
        return buildHit(run, c.doc, defaultScoreSort || trackScores || specs.some((s) => s.kind === 'score') ? c.score : null, sortValues, request);
      }) as unknown as Json,
    },
  };
}

/** _count: how many documents of each index match, with the same shard failures as a search. */
export function runCount(query: Query, views: IndexView[], env: SearchEnvironment, minScore?: number): JsonObject {
  let count = 0;
  const failures: { view: IndexView; error: OpenSearchError }[] = [];
  for (const view of views) {
    try {
      const ctx = new ShardContext(view, env.vocabulary, env.now, env.scratch(view.name));
      const set = compile(ctx, query, minScore !== undefined).execute(minScore !== undefined);
      count += minScore !== undefined && set.scores ? set.scores.filter((s) => s >= minScore).length : set.docs.length;
    } catch (error) {
      if (!(error instanceof OpenSearchError)) throw error;
      failures.push({ view, error });
    }
  }
  if (views.length > 0 && failures.length === views.length) {
    throw new OpenSearchError(Math.max(...failures.map((f) => f.error.status)), 'search_phase_execution_exception', 'all shards failed', {
      extra: { phase: 'query', grouped: true, failed_shards: failures.map((f) => shardFailure(f.view, f.error)) },
      rootCauses: dedupeCauses(failures.map((f) => rootCauseOf(f.view, f.error))),
    });
  }
  return { count, _shards: shardsJson(views.length, views.length - failures.length, failures) };
}
