import { invalid, type FieldError } from '@giving/shared/errors';
import { MAX_SEARCH_SIZE } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { notEndedClause } from './queries';
import type { SearchBody } from './ports';

/**
 * POST /search/{index}/_search (spec 2 §7): a client's own query in OpenSearch's DSL, checked against the subset the
 * platform supports before it reaches the engine, then confined: `x-country` filters to that country and ended
 * fundraising drops out. Anything else (scripts, runtime fields, unknown clauses or options, more than 100 hits) is
 * a 400 naming where it is, never passed on.
 */

const TOP_LEVEL = new Set(['query', 'from', 'size', 'sort', 'aggs', 'aggregations', '_source', 'highlight', 'track_total_hits', 'min_score', 'search_after', 'track_scores']);

/** Each clause the platform sends or accepts, with the options it may carry (field-level leaves are checked apart). */
const COMPOUND: Record<string, ReadonlySet<string>> = {
  bool: new Set(['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost']),
  constant_score: new Set(['filter', 'boost']),
  dis_max: new Set(['queries', 'tie_breaker', 'boost']),
  function_score: new Set(['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'boost', 'min_score', 'weight', 'field_value_factor', 'gauss', 'exp', 'linear']),
};
/** Leaf clauses on one field: `{clause: {field: value-or-options}}` with these options. */
const FIELD_LEAVES: Record<string, ReadonlySet<string>> = {
  term: new Set(['value', 'boost', 'case_insensitive']),
  range: new Set(['gt', 'gte', 'lt', 'lte', 'format', 'boost', 'time_zone']),
  prefix: new Set(['value', 'boost', 'case_insensitive']),
  match: new Set(['query', 'operator', 'fuzziness', 'prefix_length', 'max_expansions', 'minimum_should_match', 'boost', 'analyzer', 'zero_terms_query']),
  match_phrase: new Set(['query', 'slop', 'boost', 'analyzer']),
  match_phrase_prefix: new Set(['query', 'slop', 'max_expansions', 'boost', 'analyzer']),
  match_bool_prefix: new Set(['query', 'operator', 'fuzziness', 'prefix_length', 'max_expansions', 'minimum_should_match', 'boost', 'analyzer']),
};
const OTHER_LEAVES: Record<string, ReadonlySet<string>> = {
  match_all: new Set(['boost']),
  match_none: new Set([]),
  exists: new Set(['field', 'boost']),
  ids: new Set(['values', 'boost']),
  multi_match: new Set(['query', 'fields', 'type', 'operator', 'fuzziness', 'prefix_length', 'max_expansions', 'minimum_should_match', 'tie_breaker', 'boost', 'analyzer', 'slop']),
};
const AGGREGATIONS: Record<string, ReadonlySet<string>> = {
  terms: new Set(['field', 'size', 'order', 'min_doc_count', 'missing', 'shard_size']),
  top_hits: new Set(['size', 'from', '_source', 'sort']),
  min: new Set(['field', 'missing']),
  max: new Set(['field', 'missing']),
  avg: new Set(['field', 'missing']),
  sum: new Set(['field', 'missing']),
  value_count: new Set(['field']),
};
const FUNCTION_KEYS = new Set(['filter', 'weight', 'field_value_factor', 'gauss', 'exp', 'linear']);
const FIELD_VALUE_FACTOR = new Set(['field', 'factor', 'modifier', 'missing']);
const DECAY = new Set(['origin', 'scale', 'offset', 'decay']);
const SORT_OPTIONS = new Set(['order', 'missing', 'mode', 'unmapped_type']);
const GEO_SORT_OPTIONS = new Set(['order', 'unit', 'distance_type', 'mode']);
const HIGHLIGHT = new Set(['fields', 'pre_tags', 'post_tags', 'fragment_size', 'number_of_fragments', 'require_field_match', 'type']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A field a client may name: the document's own fields (and `_index`, `_id`), never the engine's internals. */
const FIELD = /^(?:_index|_id|[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)$/;

class Checker {
  readonly errors: FieldError[] = [];
  fail(path: string, message: string) {
    if (this.errors.length < 10) this.errors.push({ field: path, message });
  }
  options(value: unknown, allowed: ReadonlySet<string>, path: string): value is Json {
    if (!isObject(value)) {
      this.fail(path, 'Use an object here.');
      return false;
    }
    for (const key of Object.keys(value)) if (!allowed.has(key)) this.fail(`${path}.${key}`, `The option '${key}' is not supported.`);
    return true;
  }
  field(name: string, path: string): boolean {
    if (FIELD.test(name)) return true;
    this.fail(path, `The field '${name.slice(0, 60)}' cannot be searched.`);
    return false;
  }
  query(value: unknown, path: string, depth = 0): void {
    if (depth > 12) return this.fail(path, 'The query nests too deeply.');
    if (!isObject(value) || Object.keys(value).length !== 1) return this.fail(path, 'Use one query clause here, such as {"match": {...}}.');
    const [name, body] = Object.entries(value)[0] as [string, unknown];
    const at = `${path}.${name}`;
    if (name in COMPOUND) return this.compound(name, body, at, depth);
    if (name in FIELD_LEAVES) return this.fieldLeaf(name, body, at);
    if (name === 'terms') return this.terms(body, at);
    if (name === 'geo_distance') return this.geoDistance(body, at);
    if (name in OTHER_LEAVES) {
      if (!this.options(body, OTHER_LEAVES[name] as ReadonlySet<string>, at)) return;
      if (name === 'exists' && typeof body.field === 'string') this.field(body.field, `${at}.field`);
      if (name === 'multi_match' && Array.isArray(body.fields)) for (const field of body.fields) if (typeof field === 'string') this.field(field.replace(/\^[\d.]+$/, '').replace(/\*$/, ''), `${at}.fields`);
      return;
    }
    this.fail(at, `The query clause '${name.slice(0, 60)}' is not supported.`);
  }
  private clauses(value: unknown, path: string, depth: number) {
    if (Array.isArray(value)) value.forEach((clause, i) => this.query(clause, `${path}.${i}`, depth + 1));
    else this.query(value, path, depth + 1);
  }
  private compound(name: string, body: unknown, path: string, depth: number) {
    if (!this.options(body, COMPOUND[name] as ReadonlySet<string>, path)) return;
    if (name === 'bool') for (const key of ['must', 'filter', 'should', 'must_not']) if (key in body) this.clauses(body[key], `${path}.${key}`, depth);
    if (name === 'constant_score' && 'filter' in body) this.query(body.filter, `${path}.filter`, depth + 1);
    if (name === 'dis_max') this.clauses(body.queries, `${path}.queries`, depth);
    if (name === 'function_score') {
      if ('query' in body) this.query(body.query, `${path}.query`, depth + 1);
      if ('functions' in body) {
        if (!Array.isArray(body.functions)) this.fail(`${path}.functions`, 'Use a list of functions.');
        else body.functions.forEach((fn, i) => this.scoreFunction(fn, `${path}.functions.${i}`, depth));
      }
      this.scoreFunction(Object.fromEntries(Object.entries(body).filter(([key]) => FUNCTION_KEYS.has(key) && key !== 'weight')), path, depth);
    }
  }
  private scoreFunction(fn: unknown, path: string, depth: number) {
    if (!this.options(fn, FUNCTION_KEYS, path)) return;
    if ('filter' in fn) this.query(fn.filter, `${path}.filter`, depth + 1);
    if ('field_value_factor' in fn && this.options(fn.field_value_factor, FIELD_VALUE_FACTOR, `${path}.field_value_factor`) && typeof fn.field_value_factor.field === 'string') {
      this.field(fn.field_value_factor.field, `${path}.field_value_factor.field`);
    }
    for (const decay of ['gauss', 'exp', 'linear']) {
      const spec = fn[decay];
      if (spec === undefined) continue;
      if (!isObject(spec)) {
        this.fail(`${path}.${decay}`, 'Use an object here.');
        continue;
      }
      for (const [field, options] of Object.entries(spec)) {
        if (field === 'multi_value_mode') continue;
        this.field(field, `${path}.${decay}.${field}`);
        this.options(options, DECAY, `${path}.${decay}.${field}`);
      }
    }
  }
  private fieldLeaf(name: string, body: unknown, path: string) {
    if (!isObject(body) || Object.keys(body).length !== 1) return this.fail(path, 'Name one field here.');
    const [field, options] = Object.entries(body)[0] as [string, unknown];
    this.field(field, `${path}.${field}`);
    if (isObject(options)) this.options(options, FIELD_LEAVES[name] as ReadonlySet<string>, `${path}.${field}`);
    else if (name === 'range' || (typeof options !== 'string' && typeof options !== 'number' && typeof options !== 'boolean')) this.fail(`${path}.${field}`, 'Use a value or an object of options.');
  }
  private terms(body: unknown, path: string) {
    if (!isObject(body)) return this.fail(path, 'Use an object here.');
    const fields = Object.entries(body).filter(([key]) => key !== 'boost');
    if (fields.length !== 1) return this.fail(path, 'Name one field here.');
    const [field, values] = fields[0] as [string, unknown];
    this.field(field, `${path}.${field}`);
    if (!Array.isArray(values) || values.length > 1000 || values.some((v) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) {
      this.fail(`${path}.${field}`, 'Use a list of at most 1,000 values.');
    }
  }
  private geoDistance(body: unknown, path: string) {
    if (!isObject(body)) return this.fail(path, 'Use an object here.');
    for (const [key, value] of Object.entries(body)) {
      if (key === 'distance' || key === 'distance_type' || key === 'boost') continue;
      this.field(key, `${path}.${key}`);
      if (!isObject(value) && typeof value !== 'string' && !Array.isArray(value)) this.fail(`${path}.${key}`, 'Give a point: {"lat": ..., "lon": ...}.');
    }
  }
  sort(value: unknown, path: string) {
    const entries = Array.isArray(value) ? value : [value];
    entries.forEach((entry, i) => {
      const at = Array.isArray(value) ? `${path}.${i}` : path;
      if (typeof entry === 'string') return entry === '_score' || this.field(entry, at);
      if (!isObject(entry) || Object.keys(entry).length !== 1) return this.fail(at, 'Sort by one field per entry.');
      const [field, options] = Object.entries(entry)[0] as [string, unknown];
      if (field === '_geo_distance') {
        if (!isObject(options)) return this.fail(`${at}._geo_distance`, 'Use an object here.');
        for (const [key, option] of Object.entries(options)) if (!GEO_SORT_OPTIONS.has(key)) {
          this.field(key, `${at}._geo_distance.${key}`);
          if (!isObject(option) && typeof option !== 'string' && !Array.isArray(option)) this.fail(`${at}._geo_distance.${key}`, 'Give a point.');
        }
        return;
      }
      if (field !== '_score' && !this.field(field, `${at}.${field}`)) return;
      if (typeof options === 'string') {
        if (options !== 'asc' && options !== 'desc') this.fail(`${at}.${field}`, "Use 'asc' or 'desc'.");
      } else this.options(options, SORT_OPTIONS, `${at}.${field}`);
    });
  }
  aggs(value: unknown, path: string, depth = 0) {
    if (depth > 3) return this.fail(path, 'Aggregations nest too deeply.');
    if (!isObject(value)) return this.fail(path, 'Use an object of named aggregations.');
    for (const [name, spec] of Object.entries(value)) {
      const at = `${path}.${name}`;
      if (!isObject(spec)) {
        this.fail(at, 'Use an object here.');
        continue;
      }
      const kinds = Object.keys(spec).filter((key) => key !== 'aggs' && key !== 'aggregations');
      if (kinds.length !== 1 || !((kinds[0] as string) in AGGREGATIONS)) {
        this.fail(at, `Use one of the aggregations ${Object.keys(AGGREGATIONS).join(', ')}.`);
        continue;
      }
      const kind = kinds[0] as string;
      if (this.options(spec[kind], AGGREGATIONS[kind] as ReadonlySet<string>, `${at}.${kind}`)) {
        const options = spec[kind] as Json;
        if (typeof options.field === 'string') this.field(options.field, `${at}.${kind}.field`);
        if (kind === 'top_hits' && options.sort !== undefined) this.sort(options.sort, `${at}.${kind}.sort`);
      }
      const sub = spec.aggs ?? spec.aggregations;
      if (sub !== undefined) this.aggs(sub, `${at}.aggs`, depth + 1);
    }
  }
}

const wholeNumber = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Checks a client's search body; answers it confined to what the caller may see. */
export function confinedSearchBody(body: unknown, options: { country?: CountryCode; now: Date }): SearchBody {
  if (!isObject(body)) throw invalid([{ field: 'body', message: 'Send a JSON object with a query.' }]);
  const check = new Checker();
  for (const key of Object.keys(body)) if (!TOP_LEVEL.has(key)) check.fail(`body.${key}`, `The option '${key.slice(0, 60)}' is not supported.`);
  if ('size' in body && !(wholeNumber(body.size) && (body.size as number) <= MAX_SEARCH_SIZE)) check.fail('body.size', `Use a whole number from 0 to ${MAX_SEARCH_SIZE}.`);
  if ('from' in body && !(wholeNumber(body.from) && (body.from as number) <= 9_900)) check.fail('body.from', 'Use a whole number from 0 to 9,900.');
  if ('query' in body) check.query(body.query, 'body.query');
  if ('sort' in body) check.sort(body.sort, 'body.sort');
  const aggs = body.aggs ?? body.aggregations;
  if (aggs !== undefined) check.aggs(aggs, body.aggs !== undefined ? 'body.aggs' : 'body.aggregations');
  if ('highlight' in body && check.options(body.highlight, HIGHLIGHT, 'body.highlight') && body.highlight.fields !== undefined) {
    if (!isObject(body.highlight.fields)) check.fail('body.highlight.fields', 'Use an object of fields.');
    else for (const field of Object.keys(body.highlight.fields)) check.field(field, `body.highlight.fields.${field}`);
  }
  if ('_source' in body) {
    const source = body._source;
    const ok = typeof source === 'boolean' || (Array.isArray(source) && source.every((s) => typeof s === 'string')) || (isObject(source) && Object.keys(source).every((k) => k === 'includes' || k === 'excludes'));
    if (!ok) check.fail('body._source', 'Use true, false, a list of fields, or {includes, excludes}.');
  }
  if (check.errors.length > 0) throw invalid(check.errors);

  const filter: Record<string, unknown>[] = [notEndedClause(options.now)];
  if (options.country) filter.push({ term: { country: options.country } });
  return {
    ...body,
    size: (body.size as number | undefined) ?? 10,
    query: { bool: { must: [(body.query as Json | undefined) ?? { match_all: {} }], filter } },
  };
}
