import { errors } from './errors';
import { isObject, singleKey, type Json, type JsonObject } from './json';

/**
 * The query DSL as a typed tree. Parsing checks shapes and parameters the way OpenSearch's parsers do (an unknown
 * query or parameter is a parsing_exception naming it; the stand-in never ignores one), but not fields: mappings
 * differ between indexes, so fields are resolved per index when the query runs.
 */

export type Scalar = string | number | boolean;

export interface FuzzyOptions {
  /** "AUTO", "AUTO:3,6", 0, 1, 2 */
  fuzziness?: Fuzziness;
  prefixLength: number;
  maxExpansions: number;
  transpositions: boolean;
}

export type Fuzziness = { auto: true; low: number; high: number } | { auto: false; edits: number };

export type Operator = 'or' | 'and';
export type ZeroTerms = 'none' | 'all';

export type Query =
  | { kind: 'match_all'; boost: number }
  | { kind: 'match_none' }
  | { kind: 'bool'; must: Query[]; filter: Query[]; should: Query[]; mustNot: Query[]; minimumShouldMatch?: string; boost: number }
  | { kind: 'term'; field: string; value: Scalar; boost: number; caseInsensitive: boolean }
  | { kind: 'terms'; field: string; values: Scalar[]; boost: number }
  | { kind: 'range'; field: string; gt?: Scalar; gte?: Scalar; lt?: Scalar; lte?: Scalar; format?: string; timeZone?: string; boost: number }
  | { kind: 'exists'; field: string; boost: number }
  | { kind: 'ids'; values: string[]; boost: number }
  | { kind: 'prefix'; field: string; value: string; caseInsensitive: boolean; boost: number }
  | { kind: 'wildcard'; field: string; value: string; caseInsensitive: boolean; boost: number }
  | { kind: 'fuzzy'; field: string; value: string; fuzzy: FuzzyOptions; boost: number }
  | { kind: 'match'; field: string; query: Scalar; operator: Operator; fuzzy: FuzzyOptions; minimumShouldMatch?: string; analyzer?: string; zeroTerms: ZeroTerms; lenient: boolean; boost: number }
  | { kind: 'match_phrase'; field: string; query: string; slop: number; analyzer?: string; zeroTerms: ZeroTerms; boost: number }
  | { kind: 'match_phrase_prefix'; field: string; query: string; slop: number; maxExpansions: number; analyzer?: string; zeroTerms: ZeroTerms; boost: number }
  | { kind: 'match_bool_prefix'; field: string; query: string; operator: Operator; fuzzy: FuzzyOptions; minimumShouldMatch?: string; analyzer?: string; boost: number }
  | {
      kind: 'multi_match';
      query: Scalar;
      fields: { pattern: string; boost: number }[] | undefined;
      type: MultiMatchType;
      operator: Operator;
      tieBreaker?: number;
      fuzzy: FuzzyOptions;
      minimumShouldMatch?: string;
      analyzer?: string;
      lenient: boolean;
      slop: number;
      zeroTerms: ZeroTerms;
      boost: number;
    }
  | { kind: 'constant_score'; filter: Query; boost: number }
  | { kind: 'dis_max'; queries: Query[]; tieBreaker: number; boost: number }
  | { kind: 'function_score'; query: Query; functions: ScoreFunction[]; scoreMode: ScoreMode; boostMode: BoostMode; maxBoost: number; minScore?: number; boost: number }
  | { kind: 'geo_distance'; field: string; point: Json; distance: Json; distanceType: 'arc' | 'plane'; ignoreUnmapped: boolean; boost: number }
  | { kind: 'boosting'; positive: Query; negative: Query; negativeBoost: number; boost: number };

export const MULTI_MATCH_TYPES = ['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix'] as const;
export type MultiMatchType = (typeof MULTI_MATCH_TYPES)[number];
export type ScoreMode = 'multiply' | 'sum' | 'avg' | 'first' | 'max' | 'min';
export type BoostMode = 'multiply' | 'replace' | 'sum' | 'avg' | 'max' | 'min';

export type ScoreFunction = { filter?: Query; weight?: number } & (
  | { type: 'weight' }
  | { type: 'field_value_factor'; field: string; factor: number; modifier: Modifier; missing?: number }
  | { type: 'decay'; decay: 'gauss' | 'exp' | 'linear'; field: string; origin?: Json; scale: Json; offset?: Json; decayValue: number; multiValueMode: 'min' | 'max' | 'avg' | 'sum' }
  | { type: 'random_score'; seed: number }
);

export const MODIFIERS = ['none', 'log', 'log1p', 'log2p', 'ln', 'ln1p', 'ln2p', 'square', 'sqrt', 'reciprocal'] as const;
export type Modifier = (typeof MODIFIERS)[number];

// ---------------------------------------------------------------------------------------------------------------

const DEFAULT_FUZZY: FuzzyOptions = { prefixLength: 0, maxExpansions: 50, transpositions: true };

function unsupported(query: string, key: string): never {
  throw errors.parsing(`[${query}] query does not support [${key}]`);
}

function number(query: string, key: string, value: Json | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  throw errors.parsing(`[${query}] failed to parse field [${key}]: [${JSON.stringify(value)}] is not a number`);
}

function bool(query: string, key: string, value: Json | undefined): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw errors.parsing(`[${query}] failed to parse field [${key}]: Failed to parse value [${JSON.stringify(value)}] as only [true] or [false] are allowed.`);
}

function str(query: string, key: string, value: Json | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw errors.parsing(`[${query}] failed to parse field [${key}]: expected a string, got [${JSON.stringify(value)}]`);
}

function scalar(query: string, key: string, value: Json | undefined): Scalar {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw errors.parsing(`[${query}] query does not support [${key}] as ${Array.isArray(value) ? 'an array' : value === null ? 'null' : 'an object'}`);
}

export function parseFuzziness(value: Json | undefined): Fuzziness | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    if (![0, 1, 2].includes(value)) throw errors.parsing(`[fuzziness] must be 0, 1, 2 or AUTO, not [${value}]`);
    return { auto: false, edits: value };
  }
  if (typeof value === 'string') {
    const upper = value.toUpperCase();
    if (upper === 'AUTO') return { auto: true, low: 3, high: 6 };
    const custom = /^AUTO:(\d+),(\d+)$/.exec(upper);
    if (custom) return { auto: true, low: Number(custom[1]), high: Number(custom[2]) };
    if (/^[0-2]$/.test(value)) return { auto: false, edits: Number(value) };
  }
  throw errors.parsing(`failed to parse [fuzziness]: [${JSON.stringify(value)}] is not 0, 1, 2 or AUTO`);
}

function operator(query: string, value: Json | undefined): Operator {
  if (value === undefined) return 'or';
  const op = str(query, 'operator', value).toLowerCase();
  if (op !== 'or' && op !== 'and') throw errors.illegalArgument(`No enum constant org.opensearch.index.query.Operator.${op.toUpperCase()}`);
  return op;
}

function zeroTerms(query: string, value: Json | undefined): ZeroTerms {
  if (value === undefined) return 'none';
  const z = str(query, 'zero_terms_query', value).toLowerCase();
  if (z !== 'none' && z !== 'all') throw errors.parsing(`[${query}] Unsupported zero_terms_query value [${z}]`);
  return z;
}

function msm(query: string, value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  const text = str(query, 'minimum_should_match', value);
  if (!/^\s*(-?\d+%?|(\s*\d+\s*<\s*-?\d+%?\s*)+)\s*$/.test(text)) throw errors.parsing(`[${query}] invalid minimum_should_match [${text}]`);
  return text;
}

/** `{field: value}` or `{field: {query|value: ..., options}}` — the one field a match/term-like query names. */
function fieldBody(query: string, body: JsonObject, valueKey: string): { field: string; options: JsonObject } {
  const keys = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
  if (keys.length === 0) throw errors.illegalArgument(`[${query}] requires a field name`);
  const fields = keys.filter((k) => !['boost', '_name'].includes(k));
  if (fields.length > 1) throw errors.parsing(`[${query}] query doesn't support multiple fields, found [${fields[0]}] and [${fields[1]}]`);
  if (body._name !== undefined) unsupported(query, '_name');
  const field = fields[0]!;
  const raw = body[field];
  const options: JsonObject = isObject(raw) ? { ...raw } : { [valueKey]: raw ?? null };
  if (body.boost !== undefined && options.boost === undefined) options.boost = body.boost;
  return { field, options };
}

function checkKeys(query: string, options: JsonObject, allowed: readonly string[]): void {
  for (const key of Object.keys(options)) if (!allowed.includes(key)) unsupported(query, key);
}

function fuzzyOptions(query: string, o: JsonObject): FuzzyOptions {
  return {
    fuzziness: parseFuzziness(o.fuzziness),
    prefixLength: o.prefix_length === undefined ? DEFAULT_FUZZY.prefixLength : number(query, 'prefix_length', o.prefix_length),
    maxExpansions: o.max_expansions === undefined ? DEFAULT_FUZZY.maxExpansions : number(query, 'max_expansions', o.max_expansions),
    transpositions: o.fuzzy_transpositions === undefined ? true : bool(query, 'fuzzy_transpositions', o.fuzzy_transpositions),
  };
}

const boostOf = (query: string, o: JsonObject) => (o.boost === undefined ? 1 : number(query, 'boost', o.boost));
const MATCH_OPTIONS = ['query', 'operator', 'fuzziness', 'prefix_length', 'max_expansions', 'fuzzy_transpositions', 'minimum_should_match', 'analyzer', 'zero_terms_query', 'lenient', 'boost', 'auto_generate_synonyms_phrase_query', 'fuzzy_rewrite'];

/** Parses one query clause (the object with a single query-type key). */
export function parseQuery(raw: Json | undefined, where = 'query'): Query {
  if (!isObject(raw)) throw errors.parsing(`[${where}] query malformed, no start_object after query name`);
  const keys = Object.keys(raw);
  if (keys.length === 0) return { kind: 'match_all', boost: 1 };
  const type = singleKey(raw);
  if (type === undefined) throw errors.parsing(`[${keys[0]}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`);
  const body = raw[type];
  const parser = PARSERS[type];
  if (!parser) {
    if (KNOWN_UNSUPPORTED.includes(type)) throw errors.parsing(`the local OpenSearch stand-in does not support the [${type}] query`);
    throw errors.parsing(`unknown query [${type}]`);
  }
  if (!isObject(body)) {
    throw errors.parsing(`[${type}] query malformed, no start_object after query name`);
  }
  return parser(body);
}

const KNOWN_UNSUPPORTED = [
  'nested', 'has_child', 'has_parent', 'query_string', 'simple_query_string', 'regexp', 'script', 'script_score', 'more_like_this', 'span_term',
  'span_near', 'intervals', 'geo_bounding_box', 'geo_polygon', 'geo_shape', 'terms_set', 'distance_feature', 'rank_feature', 'percolate', 'wrapper', 'combined_fields', 'knn', 'neural',
];

function clauses(query: string, key: string, value: Json | undefined): Query[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((v) => parseQuery(v, `${query}.${key}`));
  return [parseQuery(value, `${query}.${key}`)];
}

const PARSERS: Record<string, (body: JsonObject) => Query> = {
  match_all(body) {
    checkKeys('match_all', body, ['boost']);
    return { kind: 'match_all', boost: boostOf('match_all', body) };
  },
  match_none(body) {
    checkKeys('match_none', body, ['boost']);
    return { kind: 'match_none' };
  },
  bool(body) {
    checkKeys('bool', body, ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', 'adjust_pure_negative']);
    return {
      kind: 'bool',
      must: clauses('bool', 'must', body.must),
      filter: clauses('bool', 'filter', body.filter),
      should: clauses('bool', 'should', body.should),
      mustNot: clauses('bool', 'must_not', body.must_not),
      minimumShouldMatch: msm('bool', body.minimum_should_match),
      boost: boostOf('bool', body),
    };
  },
  term(body) {
    const { field, options } = fieldBody('term', body, 'value');
    checkKeys('term', options, ['value', 'boost', 'case_insensitive']);
    if (options.value === undefined) throw errors.illegalArgument('value cannot be null');
    return {
      kind: 'term',
      field,
      value: scalar('term', 'value', options.value),
      boost: boostOf('term', options),
      caseInsensitive: options.case_insensitive === undefined ? false : bool('term', 'case_insensitive', options.case_insensitive),
    };
  },
  terms(body) {
    const fields = Object.keys(body).filter((k) => k !== 'boost');
    if (fields.length !== 1) throw errors.parsing(fields.length === 0 ? '[terms] query requires a field' : `[terms] query does not support multiple fields`);
    const field = fields[0]!;
    const values = body[field];
    if (!Array.isArray(values)) {
      if (isObject(values)) throw errors.parsing('[terms] query does not support terms lookup (an object of index, id and path) in the local stand-in');
      throw errors.parsing(`[terms] query does not support [${field}]`);
    }
    return { kind: 'terms', field, values: values.map((v) => scalar('terms', field, v)), boost: boostOf('terms', body) };
  },
  range(body) {
    const { field, options } = fieldBody('range', body, 'gte');
    checkKeys('range', options, ['gt', 'gte', 'lt', 'lte', 'from', 'to', 'include_lower', 'include_upper', 'format', 'time_zone', 'boost', 'relation']);
    if (options.relation !== undefined && String(options.relation).toLowerCase() !== 'intersects') {
      throw errors.parsing(`the local OpenSearch stand-in supports only [relation: intersects] in [range]`);
    }
    const bound = (key: string) => {
      const v = options[key];
      return v === undefined || v === null ? undefined : scalar('range', key, v);
    };
    const query: Query = {
      kind: 'range',
      field,
      gt: bound('gt'),
      gte: bound('gte'),
      lt: bound('lt'),
      lte: bound('lte'),
      format: options.format === undefined ? undefined : str('range', 'format', options.format),
      timeZone: options.time_zone === undefined ? undefined : str('range', 'time_zone', options.time_zone),
      boost: boostOf('range', options),
    };
    // The older from/to/include_lower/include_upper form.
    const includeLower = options.include_lower === undefined ? true : bool('range', 'include_lower', options.include_lower);
    const includeUpper = options.include_upper === undefined ? true : bool('range', 'include_upper', options.include_upper);
    if (bound('from') !== undefined) query[includeLower ? 'gte' : 'gt'] = bound('from');
    if (bound('to') !== undefined) query[includeUpper ? 'lte' : 'lt'] = bound('to');
    return query;
  },
  exists(body) {
    checkKeys('exists', body, ['field', 'boost']);
    if (typeof body.field !== 'string') throw errors.parsing('[exists] must be provided with a [field]');
    return { kind: 'exists', field: body.field, boost: boostOf('exists', body) };
  },
  ids(body) {
    checkKeys('ids', body, ['values', 'boost', 'type']);
    if (!Array.isArray(body.values)) throw errors.parsing('[ids] query requires [values] as an array');
    return { kind: 'ids', values: body.values.map((v) => str('ids', 'values', v)), boost: boostOf('ids', body) };
  },
  prefix(body) {
    const { field, options } = fieldBody('prefix', body, 'value');
    checkKeys('prefix', options, ['value', 'boost', 'case_insensitive', 'rewrite']);
    return {
      kind: 'prefix',
      field,
      value: str('prefix', 'value', options.value),
      caseInsensitive: options.case_insensitive === undefined ? false : bool('prefix', 'case_insensitive', options.case_insensitive),
      boost: boostOf('prefix', options),
    };
  },
  wildcard(body) {
    const { field, options } = fieldBody('wildcard', body, 'value');
    checkKeys('wildcard', options, ['value', 'wildcard', 'boost', 'case_insensitive', 'rewrite']);
    const value = options.value ?? options.wildcard;
    return {
      kind: 'wildcard',
      field,
      value: str('wildcard', 'value', value),
      caseInsensitive: options.case_insensitive === undefined ? false : bool('wildcard', 'case_insensitive', options.case_insensitive),
      boost: boostOf('wildcard', options),
    };
  },
  fuzzy(body) {
    const { field, options } = fieldBody('fuzzy', body, 'value');
    checkKeys('fuzzy', options, ['value', 'fuzziness', 'prefix_length', 'max_expansions', 'transpositions', 'boost', 'rewrite']);
    const fuzzy = fuzzyOptions('fuzzy', { ...options, fuzzy_transpositions: options.transpositions ?? true });
    return { kind: 'fuzzy', field, value: str('fuzzy', 'value', options.value), fuzzy: { ...fuzzy, fuzziness: fuzzy.fuzziness ?? { auto: true, low: 3, high: 6 } }, boost: boostOf('fuzzy', options) };
  },
  match(body) {
    const { field, options } = fieldBody('match', body, 'query');
    checkKeys('match', options, MATCH_OPTIONS);
    if (options.query === undefined || options.query === null) throw errors.illegalArgument('[match] requires query value');
    if (options.fuzzy_rewrite !== undefined) unsupported('match', 'fuzzy_rewrite');
    return {
      kind: 'match',
      field,
      query: scalar('match', 'query', options.query),
      operator: operator('match', options.operator),
      fuzzy: fuzzyOptions('match', options),
      minimumShouldMatch: msm('match', options.minimum_should_match),
      analyzer: options.analyzer === undefined ? undefined : str('match', 'analyzer', options.analyzer),
      zeroTerms: zeroTerms('match', options.zero_terms_query),
      lenient: options.lenient === undefined ? false : bool('match', 'lenient', options.lenient),
      boost: boostOf('match', options),
    };
  },
  match_phrase(body) {
    const { field, options } = fieldBody('match_phrase', body, 'query');
    checkKeys('match_phrase', options, ['query', 'slop', 'analyzer', 'zero_terms_query', 'boost']);
    return {
      kind: 'match_phrase',
      field,
      query: str('match_phrase', 'query', options.query),
      slop: options.slop === undefined ? 0 : number('match_phrase', 'slop', options.slop),
      analyzer: options.analyzer === undefined ? undefined : str('match_phrase', 'analyzer', options.analyzer),
      zeroTerms: zeroTerms('match_phrase', options.zero_terms_query),
      boost: boostOf('match_phrase', options),
    };
  },
  match_phrase_prefix(body) {
    const { field, options } = fieldBody('match_phrase_prefix', body, 'query');
    checkKeys('match_phrase_prefix', options, ['query', 'slop', 'max_expansions', 'analyzer', 'zero_terms_query', 'boost']);
    return {
      kind: 'match_phrase_prefix',
      field,
      query: str('match_phrase_prefix', 'query', options.query),
      slop: options.slop === undefined ? 0 : number('match_phrase_prefix', 'slop', options.slop),
      maxExpansions: options.max_expansions === undefined ? 50 : number('match_phrase_prefix', 'max_expansions', options.max_expansions),
      analyzer: options.analyzer === undefined ? undefined : str('match_phrase_prefix', 'analyzer', options.analyzer),
      zeroTerms: zeroTerms('match_phrase_prefix', options.zero_terms_query),
      boost: boostOf('match_phrase_prefix', options),
    };
  },
  match_bool_prefix(body) {
    const { field, options } = fieldBody('match_bool_prefix', body, 'query');
    checkKeys('match_bool_prefix', options, ['query', 'operator', 'fuzziness', 'prefix_length', 'max_expansions', 'fuzzy_transpositions', 'minimum_should_match', 'analyzer', 'boost', 'fuzzy_rewrite']);
    if (options.fuzzy_rewrite !== undefined) unsupported('match_bool_prefix', 'fuzzy_rewrite');
    return {
      kind: 'match_bool_prefix',
      field,
      query: str('match_bool_prefix', 'query', options.query),
      operator: operator('match_bool_prefix', options.operator),
      fuzzy: fuzzyOptions('match_bool_prefix', options),
      minimumShouldMatch: msm('match_bool_prefix', options.minimum_should_match),
      analyzer: options.analyzer === undefined ? undefined : str('match_bool_prefix', 'analyzer', options.analyzer),
      boost: boostOf('match_bool_prefix', options),
    };
  },
  multi_match(body) {
    checkKeys('multi_match', body, [...MATCH_OPTIONS, 'fields', 'type', 'tie_breaker', 'slop']);
    if (body.query === undefined || body.query === null) throw errors.illegalArgument('[multi_match] requires query value');
    if (body.fuzzy_rewrite !== undefined) unsupported('multi_match', 'fuzzy_rewrite');
    const named = body.type === undefined ? 'best_fields' : str('multi_match', 'type', body.type).toLowerCase();
    const type = (named === 'boolean' ? 'best_fields' : named) as MultiMatchType; // "boolean" is best_fields' old name
    if (!MULTI_MATCH_TYPES.includes(type)) throw errors.parsing(`failed to parse [multi_match] query type [${type}]. unknown type.`);
    if (type === 'cross_fields') throw errors.parsing('the local OpenSearch stand-in does not support [multi_match] type [cross_fields]');
    const fuzzy = fuzzyOptions('multi_match', body);
    if (fuzzy.fuzziness && (type === 'phrase' || type === 'phrase_prefix')) throw errors.parsing(`Fuzziness not allowed for type [${type}]`);
    if (body.slop !== undefined && type !== 'phrase' && type !== 'phrase_prefix') throw errors.parsing(`[multi_match] slop not allowed for type [${type}]`);
    let fields: { pattern: string; boost: number }[] | undefined;
    if (body.fields !== undefined) {
      const list = Array.isArray(body.fields) ? body.fields : [body.fields];
      fields = list.map((entry) => {
        const text = str('multi_match', 'fields', entry);
        const caret = text.lastIndexOf('^');
        if (caret === -1) return { pattern: text, boost: 1 };
        const boost = Number(text.slice(caret + 1));
        if (!Number.isFinite(boost)) throw errors.parsing(`[multi_match] invalid boost in field [${text}]`);
        return { pattern: text.slice(0, caret), boost };
      });
    }
    return {
      kind: 'multi_match',
      query: scalar('multi_match', 'query', body.query),
      fields,
      type,
      operator: operator('multi_match', body.operator),
      tieBreaker: body.tie_breaker === undefined ? undefined : number('multi_match', 'tie_breaker', body.tie_breaker),
      fuzzy,
      minimumShouldMatch: msm('multi_match', body.minimum_should_match),
      analyzer: body.analyzer === undefined ? undefined : str('multi_match', 'analyzer', body.analyzer),
      lenient: body.lenient === undefined ? false : bool('multi_match', 'lenient', body.lenient),
      slop: body.slop === undefined ? 0 : number('multi_match', 'slop', body.slop),
      zeroTerms: zeroTerms('multi_match', body.zero_terms_query),
      boost: boostOf('multi_match', body),
    };
  },
  constant_score(body) {
    checkKeys('constant_score', body, ['filter', 'boost']);
    if (body.filter === undefined) throw errors.parsing('[constant_score] requires a \'filter\' element');
    return { kind: 'constant_score', filter: parseQuery(body.filter, 'constant_score.filter'), boost: boostOf('constant_score', body) };
  },
  dis_max(body) {
    checkKeys('dis_max', body, ['queries', 'tie_breaker', 'boost']);
    if (!Array.isArray(body.queries)) throw errors.parsing('[dis_max] requires \'queries\' field with at least one clause');
    return {
      kind: 'dis_max',
      queries: body.queries.map((q) => parseQuery(q, 'dis_max.queries')),
      tieBreaker: body.tie_breaker === undefined ? 0 : number('dis_max', 'tie_breaker', body.tie_breaker),
      boost: boostOf('dis_max', body),
    };
  },
  boosting(body) {
    checkKeys('boosting', body, ['positive', 'negative', 'negative_boost', 'boost']);
    if (body.positive === undefined || body.negative === undefined) throw errors.parsing('[boosting] query requires \'positive\' and \'negative\' queries');
    const negativeBoost = number('boosting', 'negative_boost', body.negative_boost);
    return { kind: 'boosting', positive: parseQuery(body.positive), negative: parseQuery(body.negative), negativeBoost, boost: boostOf('boosting', body) };
  },
  function_score(body) {
    const FUNCTION_KEYS = ['field_value_factor', 'gauss', 'exp', 'linear', 'random_score', 'weight'];
    checkKeys('function_score', body, ['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost', ...FUNCTION_KEYS, 'script_score']);
    if (body.script_score !== undefined) throw errors.parsing('the local OpenSearch stand-in does not support [script_score] functions');
    const functions: ScoreFunction[] = [];
    const inline = Object.keys(body).filter((k) => FUNCTION_KEYS.includes(k) && k !== 'weight');
    if (body.functions !== undefined) {
      if (inline.length > 0) throw errors.parsing(`failed to parse [function_score] query. already found [functions] array, now encountering [${inline[0]}].`);
      if (!Array.isArray(body.functions)) throw errors.parsing('[function_score] [functions] must be an array');
      for (const entry of body.functions) functions.push(parseFunction(entry));
    } else if (inline.length > 0 || body.weight !== undefined) {
      const entry: JsonObject = {};
      for (const key of inline) entry[key] = body[key]!;
      if (body.weight !== undefined) entry.weight = body.weight;
      functions.push(parseFunction(entry));
    }
    const scoreMode = (body.score_mode === undefined ? 'multiply' : str('function_score', 'score_mode', body.score_mode)) as ScoreMode;
    if (!['multiply', 'sum', 'avg', 'first', 'max', 'min'].includes(scoreMode)) throw errors.parsing(`failed to parse [function_score] query. illegal score_mode [${scoreMode}]`);
    const boostMode = (body.boost_mode === undefined ? 'multiply' : str('function_score', 'boost_mode', body.boost_mode)) as BoostMode;
    if (!['multiply', 'replace', 'sum', 'avg', 'max', 'min'].includes(boostMode)) throw errors.parsing(`failed to parse [function_score] query. illegal boost_mode [${boostMode}]`);
    return {
      kind: 'function_score',
      query: body.query === undefined ? { kind: 'match_all', boost: 1 } : parseQuery(body.query, 'function_score.query'),
      functions,
      scoreMode,
      boostMode,
      maxBoost: body.max_boost === undefined ? Number.MAX_VALUE : number('function_score', 'max_boost', body.max_boost),
      minScore: body.min_score === undefined ? undefined : number('function_score', 'min_score', body.min_score),
      boost: boostOf('function_score', body),
    };
  },
  geo_distance(body) {
    const options = ['distance', 'distance_type', 'validation_method', 'ignore_unmapped', 'boost', '_name'];
    const fields = Object.keys(body).filter((k) => !options.includes(k));
    if (body._name !== undefined) unsupported('geo_distance', '_name');
    if (fields.length !== 1) throw errors.parsing(fields.length === 0 ? '[geo_distance] requires a field with a point' : `[geo_distance] query doesn't support multiple fields, found [${fields[0]}] and [${fields[1]}]`);
    if (body.distance === undefined) throw errors.illegalArgument('geo_distance requires \'distance\' to be specified');
    const distanceType = body.distance_type === undefined ? 'arc' : str('geo_distance', 'distance_type', body.distance_type).toLowerCase();
    if (distanceType !== 'arc' && distanceType !== 'plane') throw errors.illegalArgument(`No geo distance for [${distanceType}]`);
    if (body.validation_method !== undefined && !['strict', 'ignore_malformed', 'coerce'].includes(String(body.validation_method).toLowerCase())) {
      throw errors.illegalArgument(`No enum constant validation_method [${String(body.validation_method)}]`);
    }
    return {
      kind: 'geo_distance',
      field: fields[0]!,
      point: body[fields[0]!]!,
      distance: body.distance,
      distanceType,
      ignoreUnmapped: body.ignore_unmapped === undefined ? false : bool('geo_distance', 'ignore_unmapped', body.ignore_unmapped),
      boost: boostOf('geo_distance', body),
    };
  },
};

function parseFunction(raw: Json): ScoreFunction {
  if (!isObject(raw)) throw errors.parsing('[function_score] each function must be an object');
  const common: { filter?: Query; weight?: number } = {};
  if (raw.filter !== undefined) common.filter = parseQuery(raw.filter, 'function_score.functions.filter');
  if (raw.weight !== undefined) common.weight = number('function_score', 'weight', raw.weight);
  const kinds = Object.keys(raw).filter((k) => k !== 'filter' && k !== 'weight');
  if (kinds.length > 1) throw errors.parsing(`failed to parse function_score functions. already found [${kinds[0]}], now encountering [${kinds[1]}].`);
  const kind = kinds[0];
  if (kind === undefined) {
    if (common.weight === undefined) throw errors.parsing('failed to parse [function_score] query. function must have a function or a [weight]');
    return { ...common, type: 'weight' };
  }
  const body = raw[kind];
  if (!isObject(body)) throw errors.parsing(`[function_score] [${kind}] must be an object`);
  switch (kind) {
    case 'field_value_factor': {
      checkKeys('field_value_factor', body, ['field', 'factor', 'modifier', 'missing']);
      if (typeof body.field !== 'string') throw errors.parsing('[field_value_factor] required field \'field\' missing');
      const modifier = (body.modifier === undefined ? 'none' : str('field_value_factor', 'modifier', body.modifier).toLowerCase()) as Modifier;
      if (!MODIFIERS.includes(modifier)) throw errors.illegalArgument(`Illegal modifier: ${modifier}`);
      return {
        ...common,
        type: 'field_value_factor',
        field: body.field,
        factor: body.factor === undefined ? 1 : number('field_value_factor', 'factor', body.factor),
        modifier,
        missing: body.missing === undefined ? undefined : number('field_value_factor', 'missing', body.missing),
      };
    }
    case 'gauss':
    case 'exp':
    case 'linear': {
      const fields = Object.keys(body).filter((k) => k !== 'multi_value_mode');
      if (fields.length !== 1) throw errors.parsing(`[${kind}] expects exactly one field with origin, scale, offset and decay`);
      const options = body[fields[0]!];
      if (!isObject(options)) throw errors.parsing(`[${kind}] field [${fields[0]}] must be an object`);
      for (const key of Object.keys(options)) {
        if (!['origin', 'scale', 'offset', 'decay'].includes(key)) throw errors.parsing(`parameter [${key}] not supported!`);
      }
      if (options.scale === undefined) throw errors.parsing(`[scale] must be set for [${kind}] on [${fields[0]}]`);
      const mode = body.multi_value_mode === undefined ? 'min' : str(kind, 'multi_value_mode', body.multi_value_mode).toLowerCase();
      if (!['min', 'max', 'avg', 'sum'].includes(mode)) throw errors.illegalArgument(`Illegal multi_value_mode [${mode}]`);
      const decayValue = options.decay === undefined ? 0.5 : number(kind, 'decay', options.decay);
      if (!(decayValue > 0 && decayValue < 1)) throw errors.illegalArgument(`decay must be in the range [0..1].`);
      return {
        ...common,
        type: 'decay',
        decay: kind,
        field: fields[0]!,
        origin: options.origin,
        scale: options.scale,
        offset: options.offset,
        decayValue,
        multiValueMode: mode as 'min' | 'max' | 'avg' | 'sum',
      };
    }
    case 'random_score': {
      checkKeys('random_score', body, ['seed', 'field']);
      return { ...common, type: 'random_score', seed: body.seed === undefined ? 0 : number('random_score', 'seed', body.seed) };
    }
    default:
      throw errors.parsing(`There is no score function named [${kind}]`);
  }
}

/** Lucene's minimum_should_match arithmetic ("2", "-1", "75%", "-25%", "3<90%"). */
export function minimumShouldMatch(optional: number, spec: string | undefined): number {
  if (spec === undefined) return 0;
  let result = optional;
  const text = spec.trim();
  if (text.includes('<')) {
    for (const part of text.replace(/\s*<\s*/g, '<').split(/\s+/)) {
      const [bound, rest] = part.split('<');
      if (optional <= Number(bound)) return result;
      result = minimumShouldMatch(optional, rest);
    }
    return result;
  }
  if (text.endsWith('%')) {
    const calc = (result * Number(text.slice(0, -1))) / 100;
    result = calc < 0 ? result + Math.trunc(calc) : Math.trunc(calc);
  } else {
    const calc = Number(text);
    result = calc < 0 ? result + calc : calc;
  }
  return result < 0 ? 0 : result;
}
