import { dateFormat, parseDateMath, UTC } from './dates';
import type { DocSet } from './docset';
import { parseQuery, type Query, type Scalar } from './dsl';
import { errors } from './errors';
import { isObject, type Json, type JsonObject } from './json';
import type { LeafField } from './mapping';
import type { ShardContext } from './query';
import type { Column, ColumnValue } from './store';

/**
 * Aggregations over every document the query matched (not just the page), in OpenSearch's answer shapes:
 * terms (with sub-aggregations, top_hits among them), min, max, avg, sum, value_count, cardinality, stats, range,
 * filter and filters. `_index` is a field terms can group by (multi-index searches group results by index).
 */

export interface OrderSpec {
  key: string;
  direction: 'asc' | 'desc';
}

type Matcher = (key: string) => boolean;

export type AggSpec = { name: string; subs: AggSpec[] } & (
  | { kind: 'terms'; field: string; size: number; minDocCount: number; order: OrderSpec[]; missing?: Scalar; include?: Matcher; exclude?: Matcher }
  | { kind: 'top_hits'; body: JsonObject; from: number; size: number }
  | { kind: 'min' | 'max' | 'avg' | 'sum' | 'value_count' | 'cardinality' | 'stats'; field: string; missing?: Scalar }
  | { kind: 'range'; field: string; ranges: { key?: string; from?: Scalar; to?: Scalar }[]; keyed: boolean }
  | { kind: 'filter'; query: Query }
  | { kind: 'filters'; filters: { key: string; query: Query }[]; keyed: boolean; otherBucket: boolean; otherBucketKey: string }
);

const METRICS = ['min', 'max', 'avg', 'sum', 'value_count', 'cardinality', 'stats'] as const;
const KNOWN_UNSUPPORTED = [
  'date_histogram', 'histogram', 'composite', 'nested', 'reverse_nested', 'significant_terms', 'percentiles', 'percentile_ranks', 'extended_stats', 'geo_distance',
  'geohash_grid', 'date_range', 'global', 'missing', 'multi_terms', 'rare_terms', 'scripted_metric', 'weighted_avg', 'bucket_sort', 'bucket_selector', 'adjacency_matrix', 'sampler', 'auto_date_histogram',
];

function check(type: string, body: JsonObject, allowed: string[]): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw errors.parsing(`[${type}] unknown field [${key}]`);
}

function field(type: string, body: JsonObject): string {
  if (typeof body.field !== 'string') throw errors.illegalArgument(`Required [field] for [${type}] aggregation`);
  return body.field;
}

function scalarOrUndefined(value: Json | undefined): Scalar | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw errors.parsing('expected a value');
}

function matcher(value: Json | undefined, what: string): Matcher | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${value})$`);
    } catch {
      throw errors.illegalArgument(`[terms] [${what}] is not a valid regular expression: [${value}]`);
    }
    return (key) => re.test(key);
  }
  if (Array.isArray(value)) {
    const set = new Set(value.map(String));
    return (key) => set.has(key);
  }
  throw errors.parsing(`[terms] [${what}] must be a regular expression or an array of values (partitions are not supported by the local stand-in)`);
}

function parseOrder(value: Json | undefined): OrderSpec[] {
  const defaults: OrderSpec[] = [
    { key: '_count', direction: 'desc' },
    { key: '_key', direction: 'asc' },
  ];
  if (value === undefined) return defaults;
  const list = Array.isArray(value) ? value : [value];
  const out: OrderSpec[] = list.map((entry) => {
    if (!isObject(entry) || Object.keys(entry).length !== 1) throw errors.parsing('[terms] [order] must be an object with one key');
    const [key, dir] = Object.entries(entry)[0]!;
    const direction = String(dir).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw errors.parsing(`Unknown order direction [${String(dir)}]`);
    return { key: key === '_term' ? '_key' : key, direction };
  });
  if (!out.some((o) => o.key === '_key')) out.push({ key: '_key', direction: 'asc' });
  return out;
}

/** Parses `aggs` / `aggregations`. */
export function parseAggs(raw: Json | undefined): AggSpec[] {
  if (raw === undefined) return [];
  if (!isObject(raw)) throw errors.parsing('[aggs] must be an object');
  return Object.entries(raw).map(([name, def]) => {
    if (/[[\]>]/.test(name)) throw errors.parsing(`Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`);
    if (!isObject(def)) throw errors.parsing(`Expected [START_OBJECT] under [${name}], but got a [VALUE_STRING] in [${name}]`);
    let subsRaw: Json | undefined;
    let type: string | undefined;
    let body: JsonObject | undefined;
    for (const [key, value] of Object.entries(def)) {
      if (key === 'aggs' || key === 'aggregations') {
        if (subsRaw !== undefined) throw errors.parsing(`Found two sub aggregation definitions under [${name}]`);
        subsRaw = value;
      } else if (key === 'meta') continue;
      else {
        if (type !== undefined) throw errors.parsing(`Found two aggregation type definitions in [${name}]: [${type}] and [${key}]`);
        type = key;
        if (!isObject(value)) throw errors.parsing(`[${key}] aggregation [${name}] must be an object`);
        body = value;
      }
    }
    if (type === undefined || body === undefined) throw errors.parsing(`Missing definition for aggregation [${name}]`);
    const subs = parseAggs(subsRaw);
    if (KNOWN_UNSUPPORTED.includes(type)) throw errors.parsing(`the local OpenSearch stand-in does not support the [${type}] aggregation`);
    switch (type) {
      case 'terms': {
        check(type, body, ['field', 'size', 'shard_size', 'min_doc_count', 'shard_min_doc_count', 'order', 'missing', 'include', 'exclude', 'show_term_doc_count_error', 'execution_hint', 'collect_mode', 'value_type']);
        const size = body.size === undefined ? 10 : Number(body.size);
        if (!Number.isInteger(size) || size < 1) throw errors.illegalArgument(`[size] must be greater than 0. Found [${String(body.size)}] in [${name}]`);
        const minDocCount = body.min_doc_count === undefined ? 1 : Number(body.min_doc_count);
        if (!Number.isInteger(minDocCount) || minDocCount < 0) throw errors.illegalArgument(`[min_doc_count] must be greater than or equal to 0. Found [${String(body.min_doc_count)}] in [${name}]`);
        return {
          name, subs, kind: 'terms', field: field(type, body), size, minDocCount, order: parseOrder(body.order),
          missing: scalarOrUndefined(body.missing), include: matcher(body.include, 'include'), exclude: matcher(body.exclude, 'exclude'),
        };
      }
      case 'top_hits': {
        check(type, body, ['size', 'from', 'sort', '_source', 'version', 'seq_no_primary_term', 'highlight', 'track_scores', 'explain']);
        if (subs.length > 0) throw errors.illegalArgument(`Aggregator [${name}] of type [top_hits] cannot accept sub-aggregations`);
        const size = body.size === undefined ? 3 : Number(body.size);
        const from = body.from === undefined ? 0 : Number(body.from);
        if (!Number.isInteger(size) || size < 0) throw errors.illegalArgument(`[size] must be a non-negative integer in [${name}]`);
        if (!Number.isInteger(from) || from < 0) throw errors.illegalArgument(`[from] must be a non-negative integer in [${name}]`);
        if (from + size > 100) {
          throw errors.illegalArgument(`Top hits result window is too large, the top hits aggregator [${name}]'s from + size must be less than or equal to: [100] but was [${from + size}]. This limit can be set by changing the [index.max_inner_result_window] index level setting.`);
        }
        return { name, subs, kind: 'top_hits', body, from, size };
      }
      case 'range': {
        check(type, body, ['field', 'ranges', 'keyed', 'missing']);
        if (!Array.isArray(body.ranges)) throw errors.parsing(`[range] requires [ranges] in [${name}]`);
        const ranges = body.ranges.map((r) => {
          if (!isObject(r)) throw errors.parsing('[range] [ranges] entries must be objects');
          check('range', r, ['key', 'from', 'to']);
          return { key: r.key === undefined ? undefined : String(r.key), from: scalarOrUndefined(r.from), to: scalarOrUndefined(r.to) };
        });
        return { name, subs, kind: 'range', field: field(type, body), ranges, keyed: body.keyed === true };
      }
      case 'filter':
        return { name, subs, kind: 'filter', query: parseQuery(body, `${name}.filter`) };
      case 'filters': {
        check(type, body, ['filters', 'other_bucket', 'other_bucket_key']);
        const filters: { key: string; query: Query }[] = [];
        let keyed = true;
        if (isObject(body.filters)) for (const [key, q] of Object.entries(body.filters)) filters.push({ key, query: parseQuery(q, `${name}.filters`) });
        else if (Array.isArray(body.filters)) {
          keyed = false;
          body.filters.forEach((q, i) => filters.push({ key: String(i), query: parseQuery(q, `${name}.filters`) }));
        } else throw errors.parsing(`[filters] requires [filters] in [${name}]`);
        return {
          name, subs, kind: 'filters', filters, keyed,
          otherBucket: body.other_bucket === true || body.other_bucket_key !== undefined,
          otherBucketKey: body.other_bucket_key === undefined ? '_other_' : String(body.other_bucket_key),
        };
      }
      default:
        if ((METRICS as readonly string[]).includes(type)) {
          check(type, body, ['field', 'missing', 'format', 'precision_threshold']);
          if (subs.length > 0) throw errors.illegalArgument(`Aggregator [${name}] of type [${type}] cannot accept sub-aggregations`);
          return { name, subs, kind: type as (typeof METRICS)[number], field: field(type, body), missing: scalarOrUndefined(body.missing) };
        }
        throw errors.parsing(`Unknown aggregation type [${type}]`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Running them

/** The matched documents of one index. */
export interface Segment {
  ctx: ShardContext;
  docs: Int32Array;
  scores: Float64Array | null;
}

export interface AggEnvironment {
  /** top_hits: the hits of these documents as a search answer's `hits`. */
  topHits(spec: Extract<AggSpec, { kind: 'top_hits' }>, segments: Segment[]): JsonObject;
  /** Documents of one index matching a query (filter, filters). */
  filter(query: Query, segment: Segment): DocSet;
}

const TEXT_FIELDDATA = (f: string) =>
  `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${f}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;

/** Checks, for one index, that every aggregation can run there (its failure is that index's failure). */
export function validateAggs(specs: AggSpec[], ctx: ShardContext): void {
  for (const spec of specs) {
    if ('field' in spec && spec.field !== '_index') {
      const leaf = ctx.index.mapping.leaf(spec.field);
      if (leaf?.kind === 'text') throw ctx.illegal(TEXT_FIELDDATA(spec.field));
      if (leaf?.kind === 'geo') throw ctx.fail(`Field [${spec.field}] of type [geo_point] is not supported for aggregation [${spec.kind}]`);
      if (leaf && leaf.kind === 'keyword' && ['min', 'max', 'avg', 'sum', 'stats', 'range'].includes(spec.kind)) {
        throw ctx.fail(`Field [${spec.field}] of type [keyword] is not supported for aggregation [${spec.kind}]`);
      }
      if (leaf && !leaf.docValues) throw ctx.fail(`Can't load fielddata on [${spec.field}] because fielddata is unsupported on fields of type [${leaf.type}]. Use doc values instead.`);
    }
    validateAggs(spec.subs, ctx);
  }
}

/** A document's values of a field in one index ('_index' is the index's name). */
function valuesOf(segment: Segment, fieldName: string): { leaf?: LeafField; get: (doc: number) => ColumnValue[] } {
  if (fieldName === '_index') {
    const name = segment.ctx.index.name;
    return { get: () => [name] };
  }
  const leaf = segment.ctx.index.mapping.leaf(fieldName);
  const column: Column | undefined = leaf ? segment.ctx.store.columns.get(leaf.path) : undefined;
  return { leaf, get: (doc) => (column ? column.list(doc) : []) };
}

function subset(segment: Segment, docs: number[], indexes: number[]): Segment {
  return {
    ctx: segment.ctx,
    docs: Int32Array.from(docs),
    scores: segment.scores ? Float64Array.from(indexes, (i) => segment.scores![i]!) : null,
  };
}

export function runAggs(specs: AggSpec[], segments: Segment[], env: AggEnvironment): JsonObject {
  const out: JsonObject = {};
  for (const spec of specs) out[spec.name] = runAgg(spec, segments, env);
  return out;
}

/** Java's Double.toString, which range keys use ("10.0", "1.0E7"). */
export function javaDouble(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : n < 0 ? '-Infinity' : 'NaN';
  const abs = Math.abs(n);
  if (n !== 0 && (abs >= 1e7 || abs < 1e-3)) {
    const [mantissa, exponent] = n.toExponential().split('e');
    return `${mantissa!.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
  }
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

interface Bucket {
  key: ColumnValue;
  count: number;
  docs: Map<Segment, { docs: number[]; indexes: number[] }>;
}

function bucketKeyJson(key: ColumnValue, leaf: LeafField | undefined): { key: Json; keyAsString?: string } {
  if (leaf?.kind === 'boolean') return { key: key ? 1 : 0, keyAsString: key ? 'true' : 'false' };
  if (leaf?.kind === 'date') return { key: key as number, keyAsString: leaf.format!.format(key as number) };
  return { key: key as string | number };
}

function runAgg(spec: AggSpec, segments: Segment[], env: AggEnvironment): Json {
  switch (spec.kind) {
    case 'terms':
      return runTerms(spec, segments, env);
    case 'top_hits':
      return env.topHits(spec, segments);
    case 'filter': {
      const parts = segments.map((segment) => restrict(segment, env.filter(spec.query, segment)));
      return { doc_count: parts.reduce((n, s) => n + s.docs.length, 0), ...runAggs(spec.subs, parts, env) };
    }
    case 'filters': {
      const buckets: [string, JsonObject][] = [];
      const matchedAny = segments.map((s) => new Uint8Array(s.ctx.maxDoc));
      for (const { key, query } of spec.filters) {
        const parts = segments.map((segment, i) => {
          const part = restrict(segment, env.filter(query, segment));
          for (const doc of part.docs) matchedAny[i]![doc] = 1;
          return part;
        });
        buckets.push([key, { doc_count: parts.reduce((n, s) => n + s.docs.length, 0), ...runAggs(spec.subs, parts, env) }]);
      }
      if (spec.otherBucket) {
        const parts = segments.map((segment, i) => {
          const docs: number[] = [];
          const idx: number[] = [];
          segment.docs.forEach((doc, k) => {
            if (matchedAny[i]![doc] !== 1) {
              docs.push(doc);
              idx.push(k);
            }
          });
          return subset(segment, docs, idx);
        });
        buckets.push([spec.otherBucketKey, { doc_count: parts.reduce((n, s) => n + s.docs.length, 0), ...runAggs(spec.subs, parts, env) }]);
      }
      return { buckets: spec.keyed ? Object.fromEntries(buckets) : buckets.map(([, b]) => b) };
    }
    case 'range':
      return runRange(spec, segments, env);
    default:
      return runMetric(spec, segments);
  }
}

function restrict(segment: Segment, set: DocSet): Segment {
  const docs: number[] = [];
  const indexes: number[] = [];
  let j = 0;
  for (let i = 0; i < segment.docs.length; i++) {
    const doc = segment.docs[i]!;
    while (j < set.docs.length && set.docs[j]! < doc) j++;
    if (j < set.docs.length && set.docs[j] === doc) {
      docs.push(doc);
      indexes.push(i);
    }
  }
  return subset(segment, docs, indexes);
}

function metricValue(result: Json, path: string[]): number {
  let node: Json = result;
  for (const part of path) node = isObject(node) ? (node[part] ?? null) : null;
  if (isObject(node) && 'value' in node) node = node.value!;
  return typeof node === 'number' ? node : Number.NEGATIVE_INFINITY;
}

function runTerms(spec: Extract<AggSpec, { kind: 'terms' }>, segments: Segment[], env: AggEnvironment): JsonObject {
  const buckets = new Map<ColumnValue, Bucket>();
  let leafForKeys: LeafField | undefined;
  const filtered = spec.include !== undefined || spec.exclude !== undefined;
  const keep = (key: ColumnValue) => {
    const text = String(key);
    return (!spec.include || spec.include(text)) && (!spec.exclude || !spec.exclude(text));
  };
  const bucketOf = (key: ColumnValue) => {
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { key, count: 0, docs: new Map() };
      buckets.set(key, bucket);
    }
    return bucket;
  };
  const withSubs = spec.subs.length > 0;
  const count = (bucket: Bucket, segment: Segment, doc: number, i: number) => {
    bucket.count++;
    if (!withSubs) return;
    let entry = bucket.docs.get(segment);
    if (!entry) {
      entry = { docs: [], indexes: [] };
      bucket.docs.set(segment, entry);
    }
    entry.docs.push(doc);
    entry.indexes.push(i);
  };
  for (const segment of segments) {
    if (spec.field === '_index') {
      // Every document of a segment is in its index's bucket.
      const name = segment.ctx.index.name;
      if (segment.docs.length === 0 || (filtered && !keep(name))) continue;
      const bucket = bucketOf(name);
      bucket.count += segment.docs.length;
      if (withSubs) bucket.docs.set(segment, { docs: Array.from(segment.docs), indexes: segment.docs.length ? Array.from(segment.docs, (_d, i) => i) : [] });
      continue;
    }
    const leaf = segment.ctx.index.mapping.leaf(spec.field);
    if (!leaf && spec.missing === undefined) continue;
    leafForKeys ??= leaf;
    const column = leaf ? segment.ctx.store.columns.get(leaf.path) : undefined;
    const values = column?.values;
    const missing = spec.missing === undefined ? undefined : leaf?.kind === 'number' || leaf?.kind === 'date' ? Number(spec.missing) : spec.missing;
    for (let i = 0; i < segment.docs.length; i++) {
      const doc = segment.docs[i]!;
      const raw = values ? values[doc] : undefined;
      if (raw === undefined) {
        if (missing !== undefined && (!filtered || keep(missing))) count(bucketOf(missing), segment, doc, i);
      } else if (!Array.isArray(raw)) {
        if (!filtered || keep(raw)) count(bucketOf(raw), segment, doc, i);
      } else {
        for (let j = 0; j < raw.length; j++) {
          const value = raw[j]!;
          if (raw.indexOf(value) !== j || (filtered && !keep(value))) continue; // each value once per document
          count(bucketOf(value), segment, doc, i);
        }
      }
    }
    if (spec.minDocCount === 0 && leaf && values) {
      // Terms no matching document has still appear, with a count of 0.
      for (const value of values) if (value !== undefined) for (const v of Array.isArray(value) ? value : [value]) if (keep(v)) bucketOf(v);
    }
  }
  const list = [...buckets.values()].filter((b) => b.count >= spec.minDocCount);
  const subResults = new Map<Bucket, JsonObject>();
  const needsSub = spec.order.some((o) => o.key !== '_count' && o.key !== '_key');
  const subOf = (bucket: Bucket) => {
    let result = subResults.get(bucket);
    if (!result) {
      const parts = [...bucket.docs].map(([segment, entry]) => subset(segment, entry.docs, entry.indexes));
      result = runAggs(spec.subs, parts, env);
      subResults.set(bucket, result);
    }
    return result;
  };
  const compareKeys = (a: ColumnValue, b: ColumnValue) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
    const x = String(a);
    const y = String(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  list.sort((a, b) => {
    for (const order of spec.order) {
      let diff: number;
      if (order.key === '_count') diff = a.count - b.count;
      else if (order.key === '_key') diff = compareKeys(a.key, b.key);
      else {
        if (!needsSub) continue;
        const path = order.key.split(/[.>]/);
        diff = metricValue(subOf(a), path) - metricValue(subOf(b), path);
      }
      if (diff !== 0) return order.direction === 'asc' ? diff : -diff;
    }
    return 0;
  });
  const shown = list.slice(0, spec.size);
  const other = list.slice(spec.size).reduce((n, b) => n + b.count, 0);
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: other,
    buckets: shown.map((bucket) => {
      const { key, keyAsString } = bucketKeyJson(bucket.key, leafForKeys);
      return { key, ...(keyAsString !== undefined ? { key_as_string: keyAsString } : {}), doc_count: bucket.count, ...(spec.subs.length > 0 ? subOf(bucket) : {}) };
    }),
  };
}

function numericValues(segment: Segment, fieldName: string, missing: Scalar | undefined): { leaf?: LeafField; get: (doc: number) => number[] } {
  const { leaf, get } = valuesOf(segment, fieldName);
  const fallback = missing === undefined ? undefined : leaf?.kind === 'date' && typeof missing === 'string' ? parseDateMath(missing, leaf.format!, { roundUp: false, now: segment.ctx.now }) : Number(missing);
  return {
    leaf,
    get: (doc) => {
      const values = get(doc).map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : Number(v)));
      return values.length === 0 && fallback !== undefined ? [fallback] : values;
    },
  };
}

function runMetric(spec: Extract<AggSpec, { kind: 'min' | 'max' | 'avg' | 'sum' | 'value_count' | 'cardinality' | 'stats' }>, segments: Segment[]): JsonObject {
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const distinct = new Set<string>();
  let leaf: LeafField | undefined;
  for (const segment of segments) {
    if (spec.kind === 'value_count' || spec.kind === 'cardinality') {
      const values = valuesOf(segment, spec.field);
      leaf ??= values.leaf;
      for (const doc of segment.docs) {
        let list = values.get(doc);
        if (list.length === 0 && spec.missing !== undefined) list = [spec.missing];
        count += list.length;
        for (const v of list) distinct.add(String(v));
      }
      continue;
    }
    const values = numericValues(segment, spec.field, spec.missing);
    leaf ??= values.leaf;
    for (const doc of segment.docs) {
      for (const v of values.get(doc)) {
        count++;
        sum += v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  }
  const asString = (value: number | null): JsonObject => (value !== null && leaf?.kind === 'date' ? { value_as_string: leaf.format!.format(value) } : {});
  switch (spec.kind) {
    case 'value_count':
      return { value: count };
    case 'cardinality':
      return { value: distinct.size };
    case 'sum':
      return { value: sum };
    case 'avg':
      return { value: count === 0 ? null : sum / count };
    case 'min': {
      const value = count === 0 ? null : min;
      return { value, ...asString(value) };
    }
    case 'max': {
      const value = count === 0 ? null : max;
      return { value, ...asString(value) };
    }
    default:
      return { count, min: count === 0 ? null : min, max: count === 0 ? null : max, avg: count === 0 ? null : sum / count, sum };
  }
}

function runRange(spec: Extract<AggSpec, { kind: 'range' }>, segments: Segment[], env: AggEnvironment): JsonObject {
  let leaf: LeafField | undefined;
  for (const s of segments) leaf ??= s.ctx.index.mapping.leaf(spec.field);
  const isDate = leaf?.kind === 'date';
  const now = segments[0]?.ctx.now ?? Date.now();
  const bound = (value: Scalar | undefined, roundUp: boolean): number | undefined => {
    if (value === undefined) return undefined;
    if (isDate && typeof value === 'string') return parseDateMath(value, leaf!.format ?? dateFormat('strict_date_optional_time'), { roundUp, now, zone: UTC });
    return Number(value);
  };
  const buckets = spec.ranges.map((range) => {
    const from = bound(range.from, false);
    const to = bound(range.to, false);
    const parts = segments.map((segment) => {
      const values = numericValues(segment, spec.field, undefined);
      const docs: number[] = [];
      const indexes: number[] = [];
      segment.docs.forEach((doc, i) => {
        if (values.get(doc).some((v) => (from === undefined || v >= from) && (to === undefined || v < to))) {
          docs.push(doc);
          indexes.push(i);
        }
      });
      return subset(segment, docs, indexes);
    });
    const text = (n: number | undefined) => (n === undefined ? '*' : isDate ? leaf!.format!.format(n) : javaDouble(n));
    const key = range.key ?? `${text(from)}-${text(to)}`;
    const bucket: JsonObject = { key };
    if (from !== undefined) {
      bucket.from = from;
      if (isDate) bucket.from_as_string = leaf!.format!.format(from);
    }
    if (to !== undefined) {
      bucket.to = to;
      if (isDate) bucket.to_as_string = leaf!.format!.format(to);
    }
    bucket.doc_count = parts.reduce((n, s) => n + s.docs.length, 0);
    Object.assign(bucket, runAggs(spec.subs, parts, env));
    return bucket;
  });
  if (spec.keyed) return { buckets: Object.fromEntries(buckets.map((b) => [String(b.key), (({ key: _key, ...rest }) => rest)(b)])) };
  return { buckets };
}
