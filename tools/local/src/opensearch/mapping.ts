import { type AnalysisRegistry, type Analyzer, type Normalizer, shingleAnalyzer } from './analysis';
import { dateFormat, DEFAULT_DATE_FORMAT, parseDocumentDate, UTC, type DateFormat } from './dates';
import { errors, OpenSearchError } from './errors';
import { parseGeoPoints, type GeoPoint } from './geo';
import { isObject, type Json, type JsonObject } from './json';

/**
 * Mappings: what a PUT index / _mapping / template may say (validated as OpenSearch does: unknown types and
 * parameters are refused), dynamic mapping of unmapped fields (strings -> text + .keyword or date, numbers -> long
 * or float, booleans, objects; dynamic_templates), and the compiled view the indexer and queries use: each field by
 * its full dotted path, including multi-fields (`title.keyword`) and search_as_you_type's `._2gram`, `._3gram` and
 * `._index_prefix`.
 */

export const NUMERIC_TYPES = ['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float', 'unsigned_long'] as const;
export type NumericType = (typeof NUMERIC_TYPES)[number];

/** How a leaf's values are kept: analysed postings, exact terms (keyword), numbers (numeric, date), booleans or points. */
export type LeafKind = 'text' | 'keyword' | 'number' | 'date' | 'boolean' | 'geo';

export interface LeafField {
  readonly path: string;
  /** Where the field's value is in the source (a multi-field reads its parent's value). */
  readonly sourcePath: string;
  /** The mapping type ("text", "long", ...); sub-fields of search_as_you_type say "search_as_you_type". */
  readonly type: string;
  readonly kind: LeafKind;
  /** Indexed for search (`index: true`). */
  readonly indexed: boolean;
  readonly docValues: boolean;
  readonly analyzer?: Analyzer;
  readonly searchAnalyzer?: Analyzer;
  readonly normalizer?: Normalizer;
  readonly ignoreAbove?: number;
  readonly scalingFactor?: number;
  readonly format?: DateFormat;
  /**
   * search_as_you_type's `._index_prefix`: not indexed of its own, its terms are the field's words and shingles,
   * matched by prefix (the fields in prefixSources).
   */
  readonly prefixField?: boolean;
  readonly prefixSources?: string[];
  /** A search_as_you_type shingle sub-field (2 or 3 words). */
  readonly shingleSize?: number;
  readonly norms: boolean;
  readonly positionIncrementGap: number;
  readonly ignoreMalformed: boolean;
  readonly coerce: boolean;
  readonly nullValue?: Json;
  /** Fields indexed from the same value (multi-fields, search_as_you_type's sub-fields). */
  readonly subFields: LeafField[];
  readonly copyTo: string[];
}

export interface ObjectField {
  readonly path: string;
  readonly kind: 'object';
  readonly dynamic: Dynamic;
  readonly enabled: boolean;
}

export type Dynamic = 'true' | 'false' | 'strict';
export type Field = LeafField | ObjectField;

// ---------------------------------------------------------------------------------------------------------------
// Validation of mapping definitions

const COMMON = ['type', 'index', 'doc_values', 'store', 'boost', 'meta', 'copy_to', 'null_value'];
const PARAMS: Record<string, string[]> = {
  text: [...COMMON, 'analyzer', 'search_analyzer', 'search_quote_analyzer', 'fields', 'index_options', 'norms', 'position_increment_gap', 'similarity', 'term_vector', 'fielddata', 'index_phrases', 'index_prefixes', 'eager_global_ordinals'],
  keyword: [...COMMON, 'ignore_above', 'normalizer', 'fields', 'eager_global_ordinals', 'index_options', 'norms', 'similarity', 'split_queries_on_whitespace'],
  search_as_you_type: [...COMMON, 'analyzer', 'search_analyzer', 'search_quote_analyzer', 'max_shingle_size', 'index_options', 'norms', 'similarity', 'term_vector', 'fields'],
  boolean: [...COMMON, 'fields'],
  date: [...COMMON, 'format', 'locale', 'ignore_malformed', 'fields'],
  geo_point: ['type', 'ignore_malformed', 'ignore_z_value', 'null_value', 'index', 'doc_values', 'store', 'meta', 'copy_to'],
  object: ['type', 'properties', 'dynamic', 'enabled'],
};
for (const numeric of NUMERIC_TYPES) PARAMS[numeric] = [...COMMON, 'coerce', 'ignore_malformed', 'fields', ...(numeric === 'scaled_float' ? ['scaling_factor'] : [])];

const ROOT_KEYS = ['properties', 'dynamic', '_source', 'date_detection', 'numeric_detection', 'dynamic_date_formats', 'dynamic_templates', '_meta', '_routing', '_field_names'];

export interface MappingContext {
  analysis: AnalysisRegistry;
}

/**
 * Checks a `mappings` body and answers it in OpenSearch's canonical form ({dynamic?, properties, ...}).
 * Accepts the old `{_doc: {properties}}` wrapper too.
 */
export function validateMappings(raw: unknown, context: MappingContext): JsonObject {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw errors.mapperParsing('Failed to parse mapping: mapping must be an object');
  let body = raw;
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === '_doc' && isObject(body._doc)) body = body._doc;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    if (!ROOT_KEYS.includes(key)) throw errors.mapperParsing(`Root mapping definition has unsupported parameters:  [${key} : ${JSON.stringify(value)}]`);
    switch (key) {
      case 'properties':
        out.properties = validateProperties(value, '', context);
        break;
      case 'dynamic':
        out.dynamic = parseDynamic(value, '_doc');
        break;
      case 'date_detection':
      case 'numeric_detection':
        if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') throw errors.mapperParsing(`[${key}] must be a boolean`);
        out[key] = value === true || value === 'true';
        break;
      case 'dynamic_date_formats': {
        const formats = Array.isArray(value) ? value : [value];
        for (const format of formats) {
          if (typeof format !== 'string') throw errors.mapperParsing('[dynamic_date_formats] must be strings');
          dateFormat(format);
        }
        out[key] = formats;
        break;
      }
      case 'dynamic_templates':
        out[key] = validateDynamicTemplates(value, context);
        break;
      case '_source':
        if (!isObject(value) || Object.keys(value).some((k) => k !== 'enabled') || value.enabled === false) {
          throw errors.mapperParsing('the local OpenSearch stand-in supports [_source] only as {"enabled": true}');
        }
        out[key] = value;
        break;
      case '_routing':
        if (!isObject(value) || value.required === true) throw errors.mapperParsing('the local OpenSearch stand-in does not support required [_routing]');
        out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

function parseDynamic(value: unknown, path: string): Dynamic {
  if (value === true || value === 'true') return 'true';
  if (value === false || value === 'false') return 'false';
  if (value === 'strict') return 'strict';
  throw errors.mapperParsing(`[dynamic] of [${path}] must be one of true, false or strict, not [${String(value)}]`);
}

function validateProperties(raw: unknown, prefix: string, context: MappingContext): JsonObject {
  if (!isObject(raw)) throw errors.mapperParsing(`Expected map for property [properties] on field [${prefix || '_doc'}] but got a ${typeof raw}`);
  const out: JsonObject = {};
  for (const [name, def] of Object.entries(raw)) {
    if (name.trim() === '') throw errors.mapperParsing('name cannot be empty string');
    // A dotted name in a mapping is an object path ("charity.name": {...} is charity -> name).
    const parts = name.split('.');
    if (parts.some((p) => p === '')) throw errors.illegalArgument(`field name cannot contain only dots or be empty: [${name}]`);
    let target = out;
    let path = prefix;
    for (let i = 0; i < parts.length - 1; i++) {
      path = path ? `${path}.${parts[i]}` : parts[i]!;
      const existing = target[parts[i]!];
      const node: JsonObject = isObject(existing) ? existing : { properties: {} };
      if (!isObject(node.properties)) node.properties = {};
      target[parts[i]!] = node;
      target = node.properties as JsonObject;
    }
    const leafName = parts[parts.length - 1]!;
    const fullPath = path ? `${path}.${leafName}` : leafName;
    target[leafName] = validateField(def, fullPath, context, false);
  }
  return out;
}

function validateField(raw: unknown, path: string, context: MappingContext, multiField: boolean): JsonObject {
  if (!isObject(raw)) throw errors.mapperParsing(`Expected map for property [fields] on field [${path}] but got a class java.lang.String`);
  const type = raw.type ?? (raw.properties !== undefined || !multiField ? 'object' : undefined);
  if (typeof type !== 'string') throw errors.mapperParsing(`No type specified for field [${path}]`);
  if (type === 'nested') throw errors.mapperParsing(`the local OpenSearch stand-in does not support [nested] fields (field [${path}]); use an object`);
  const allowed = PARAMS[type];
  if (!allowed) throw errors.mapperParsing(`No handler for type [${type}] declared on field [${path.split('.').pop()}]`);
  if (multiField && type === 'object') throw errors.mapperParsing(`Type [object] cannot be used in multi field`);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!allowed.includes(key)) throw errors.mapperParsing(`unknown parameter [${key}] on mapper [${path.split('.').pop()}] of type [${type}]`);
    out[key] = value;
  }
  if (type === 'object') {
    delete out.type;
    if (raw.type === 'object') out.type = 'object';
    if (out.properties !== undefined) out.properties = validateProperties(out.properties, path, context);
    if (out.dynamic !== undefined) out.dynamic = parseDynamic(out.dynamic, path);
    if (out.enabled !== undefined && typeof out.enabled !== 'boolean') throw errors.mapperParsing(`[enabled] of [${path}] must be a boolean`);
    return out;
  }
  for (const key of ['analyzer', 'search_analyzer', 'search_quote_analyzer'] as const) {
    const name = out[key];
    if (name !== undefined && (typeof name !== 'string' || !context.analysis.analyzer(name))) throw errors.mapperParsing(`analyzer [${String(name)}] has not been configured in mappings`);
  }
  if (out.search_analyzer !== undefined && out.analyzer === undefined) {
    throw errors.mapperParsing(`analyzer on field [${path}] must be set when search_analyzer is set`);
  }
  if (out.normalizer !== undefined && (typeof out.normalizer !== 'string' || !context.analysis.normalizer(out.normalizer))) {
    throw errors.mapperParsing(`normalizer [${String(out.normalizer)}] not found for field [${path}]`);
  }
  if (out.similarity !== undefined && out.similarity !== 'BM25') throw errors.mapperParsing(`the local OpenSearch stand-in supports only the BM25 similarity (field [${path}])`);
  if (out.fielddata === true) throw errors.mapperParsing(`the local OpenSearch stand-in does not support [fielddata: true] (field [${path}]); add a keyword sub-field`);
  if (type === 'scaled_float') {
    const factor = out.scaling_factor;
    if (typeof factor !== 'number' || !(factor > 0)) throw errors.mapperParsing(`Field [scaling_factor] is required`);
  }
  if (type === 'search_as_you_type' && out.max_shingle_size !== undefined) {
    const size = out.max_shingle_size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 2 || size > 4) throw errors.mapperParsing(`[max_shingle_size] must be at least [2] and at most [4], got [${String(size)}]`);
  }
  if (type === 'date' && out.format !== undefined) {
    if (typeof out.format !== 'string') throw errors.mapperParsing(`[format] of field [${path}] must be a string`);
    try {
      dateFormat(out.format);
    } catch (error) {
      throw errors.mapperParsing(`Invalid format: [${out.format}]: ${(error as Error).message}`);
    }
  }
  if (out.ignore_above !== undefined && (typeof out.ignore_above !== 'number' || out.ignore_above < 0)) throw errors.mapperParsing(`[ignore_above] must be a positive number`);
  if (out.copy_to !== undefined) {
    const targets = Array.isArray(out.copy_to) ? out.copy_to : [out.copy_to];
    if (targets.some((t) => typeof t !== 'string')) throw errors.mapperParsing(`[copy_to] of field [${path}] must name fields`);
    out.copy_to = targets;
  }
  if (out.fields !== undefined) {
    if (!isObject(out.fields)) throw errors.mapperParsing(`[fields] of field [${path}] must be an object`);
    const fields: JsonObject = {};
    for (const [sub, def] of Object.entries(out.fields)) fields[sub] = validateField(def, `${path}.${sub}`, context, true);
    out.fields = fields;
  }
  return out;
}

function validateDynamicTemplates(raw: unknown, context: MappingContext): Json[] {
  if (!Array.isArray(raw)) throw errors.mapperParsing('Dynamic template syntax error. An array of named objects is expected.');
  return raw.map((entry) => {
    if (!isObject(entry) || Object.keys(entry).length !== 1) throw errors.mapperParsing('Dynamic template syntax error. An array of named objects is expected.');
    const [name, template] = Object.entries(entry)[0]!;
    if (!isObject(template)) throw errors.mapperParsing(`dynamic template [${name}] must be an object`);
    const allowed = ['match_mapping_type', 'match', 'unmatch', 'path_match', 'path_unmatch', 'match_pattern', 'mapping'];
    for (const key of Object.keys(template)) {
      if (!allowed.includes(key)) throw errors.mapperParsing(`Illegal dynamic template parameter: [${key}]`);
    }
    if (!isObject(template.mapping)) throw errors.mapperParsing(`dynamic template [${name}] must have a [mapping]`);
    const type = template.mapping.type;
    if (typeof type === 'string' && !type.includes('{')) validateField(template.mapping, name, context, false);
    return { [name]: template };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Merging (PUT _mapping on an existing index, templates under a request's mappings)

/** Merges `update` into `base` (both canonical); a field may gain sub-fields and properties, never change type. */
export function mergeMappings(base: JsonObject, update: JsonObject, strictTypes = true): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(update)) {
    if (key === 'properties' && isObject(value)) out.properties = mergeProperties(isObject(base.properties) ? base.properties : {}, value, '', strictTypes);
    else out[key] = value;
  }
  return out;
}

function mergeProperties(base: JsonObject, update: JsonObject, prefix: string, strictTypes: boolean): JsonObject {
  const out: JsonObject = { ...base };
  for (const [name, def] of Object.entries(update)) {
    const existing = out[name];
    const path = prefix ? `${prefix}.${name}` : name;
    if (!isObject(existing) || !isObject(def)) {
      out[name] = def;
      continue;
    }
    const oldType = typeOf(existing);
    const newType = typeOf(def);
    if (oldType !== newType) {
      if (strictTypes) throw errors.illegalArgument(`mapper [${path}] cannot be changed from type [${oldType}] to [${newType}]`);
      out[name] = def;
      continue;
    }
    if (strictTypes) {
      for (const param of ['analyzer', 'search_analyzer', 'normalizer', 'format', 'scaling_factor', 'index']) {
        if (def[param] !== undefined && existing[param] !== undefined && JSON.stringify(def[param]) !== JSON.stringify(existing[param])) {
          throw errors.illegalArgument(`Mapper for [${path}] conflicts with existing mapper:\n\tCannot update parameter [${param}] from [${String(existing[param])}] to [${String(def[param])}]`);
        }
      }
    }
    const merged: JsonObject = { ...existing, ...def };
    if (isObject(existing.properties) && isObject(def.properties)) merged.properties = mergeProperties(existing.properties, def.properties, path, strictTypes);
    if (isObject(existing.fields) && isObject(def.fields)) merged.fields = mergeProperties(existing.fields, def.fields, path, strictTypes);
    out[name] = merged;
  }
  return out;
}

const typeOf = (def: JsonObject) => (typeof def.type === 'string' ? def.type : 'object');

// ---------------------------------------------------------------------------------------------------------------
// The compiled view

export interface IndexedDocument {
  /** Values per leaf field path, already coerced (strings for text/keyword, numbers, booleans, points). */
  values: Map<LeafField, (string | number | boolean | GeoPoint)[]>;
  /** New fields the document introduced, to be merged into the mapping once it is accepted. */
  dynamicUpdate: JsonObject | undefined;
}

interface DynamicTemplate {
  name: string;
  matchMappingType?: string;
  match?: (name: string) => boolean;
  unmatch?: (name: string) => boolean;
  pathMatch?: (path: string) => boolean;
  pathUnmatch?: (path: string) => boolean;
  mapping: JsonObject;
}

function globMatcher(pattern: Json | undefined, regex: boolean): ((value: string) => boolean) | undefined {
  if (pattern === undefined) return undefined;
  const patterns = (Array.isArray(pattern) ? pattern : [pattern]).map(String);
  const compiled = patterns.map((p) => {
    if (!regex) return wildcard(p);
    try {
      return new RegExp(`^(?:${p})$`);
    } catch {
      throw errors.mapperParsing(`dynamic template pattern [${p}] is not a valid regular expression`);
    }
  });
  return (value) => compiled.some((re) => re.test(value));
}

/** `title*`-style patterns (only `*` is special). */
export function wildcard(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

export class CompiledMapping {
  readonly fields = new Map<string, Field>();
  readonly leaves: LeafField[] = [];
  private readonly rootDynamic: Dynamic;
  private readonly dateDetection: boolean;
  private readonly numericDetection: boolean;
  private readonly dynamicDateFormats: DateFormat[];
  private readonly templates: DynamicTemplate[];

  constructor(
    readonly mappings: JsonObject,
    private readonly analysis: AnalysisRegistry,
  ) {
    this.rootDynamic = mappings.dynamic === undefined ? 'true' : parseDynamic(mappings.dynamic, '_doc');
    this.dateDetection = mappings.date_detection !== false;
    this.numericDetection = mappings.numeric_detection === true;
    const formats = Array.isArray(mappings.dynamic_date_formats) ? (mappings.dynamic_date_formats as string[]) : ['strict_date_optional_time', 'yyyy/MM/dd HH:mm:ss Z||yyyy/MM/dd Z'];
    this.dynamicDateFormats = formats.map(dateFormat);
    this.templates = (Array.isArray(mappings.dynamic_templates) ? mappings.dynamic_templates : []).map((entry) => {
      const [name, t] = Object.entries(entry as JsonObject)[0]! as [string, JsonObject];
      const regex = t.match_pattern === 'regex';
      return {
        name,
        matchMappingType: typeof t.match_mapping_type === 'string' ? t.match_mapping_type : undefined,
        match: globMatcher(t.match, regex),
        unmatch: globMatcher(t.unmatch, regex),
        pathMatch: globMatcher(t.path_match, regex),
        pathUnmatch: globMatcher(t.path_unmatch, regex),
        mapping: t.mapping as JsonObject,
      };
    });
    if (isObject(mappings.properties)) this.compileProperties(mappings.properties, '', this.rootDynamic);
  }

  field(path: string): Field | undefined {
    return this.fields.get(path);
  }

  leaf(path: string): LeafField | undefined {
    const field = this.fields.get(path);
    return field && field.kind !== 'object' ? field : undefined;
  }

  /** Leaf fields whose path matches a pattern with `*` (or the one exact path). */
  matchLeaves(pattern: string): LeafField[] {
    if (!pattern.includes('*')) {
      const leaf = this.leaf(pattern);
      return leaf ? [leaf] : [];
    }
    const re = wildcard(pattern);
    return this.leaves.filter((leaf) => re.test(leaf.path));
  }

  /** Leaves at or under a path (exists on an object path asks whether any of its fields has a value). */
  leavesUnder(path: string): LeafField[] {
    const leaf = this.leaf(path);
    if (leaf) return [leaf];
    const prefix = `${path}.`;
    return this.leaves.filter((l) => l.path.startsWith(prefix));
  }

  private compileProperties(properties: JsonObject, prefix: string, dynamic: Dynamic): void {
    for (const [name, def] of Object.entries(properties)) {
      if (!isObject(def)) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      const type = typeOf(def);
      if (type === 'object') {
        const own = def.dynamic === undefined ? dynamic : parseDynamic(def.dynamic, path);
        this.fields.set(path, { path, kind: 'object', dynamic: own, enabled: def.enabled !== false });
        if (def.enabled !== false && isObject(def.properties)) this.compileProperties(def.properties, path, own);
        continue;
      }
      this.addLeaf(this.compileLeaf(def, path, type));
    }
  }

  private addLeaf(leaf: LeafField): void {
    this.fields.set(leaf.path, leaf);
    this.leaves.push(leaf);
    for (const sub of leaf.subFields) this.addLeaf(sub);
  }

  private compileLeaf(def: JsonObject, path: string, type: string, sourcePath = path): LeafField {
    const indexed = def.index !== false && def.index !== 'false';
    const analyzerName = typeof def.analyzer === 'string' ? def.analyzer : undefined;
    const analyzer = analyzerName ? this.analysis.analyzer(analyzerName)! : this.analysis.defaultAnalyzer();
    const searchAnalyzer =
      typeof def.search_analyzer === 'string' ? this.analysis.analyzer(def.search_analyzer)! : analyzerName ? analyzer : this.analysis.defaultSearchAnalyzer();
    const base = {
      path,
      sourcePath,
      type,
      indexed,
      norms: def.norms !== false,
      positionIncrementGap: typeof def.position_increment_gap === 'number' ? def.position_increment_gap : 100,
      ignoreMalformed: def.ignore_malformed === true,
      coerce: def.coerce !== false,
      nullValue: def.null_value ?? undefined,
      copyTo: Array.isArray(def.copy_to) ? (def.copy_to as string[]) : [],
    };
    const subFields: LeafField[] = [];
    if (isObject(def.fields)) {
      for (const [sub, subDef] of Object.entries(def.fields)) {
        if (isObject(subDef)) subFields.push(this.compileLeaf(subDef, `${path}.${sub}`, typeOf(subDef), sourcePath));
      }
    }
    switch (type) {
      case 'text':
        return { ...base, kind: 'text', docValues: false, analyzer, searchAnalyzer, subFields };
      case 'search_as_you_type': {
        const max = typeof def.max_shingle_size === 'number' ? def.max_shingle_size : 3;
        const sources = [path];
        for (let size = 2; size <= max; size++) {
          sources.push(`${path}._${size}gram`);
          subFields.push({ ...base, path: `${path}._${size}gram`, kind: 'text', docValues: false, analyzer: shingleAnalyzer(analyzer, size, size), searchAnalyzer: shingleAnalyzer(searchAnalyzer, size, size), shingleSize: size, subFields: [], copyTo: [] });
        }
        subFields.push({ ...base, path: `${path}._index_prefix`, kind: 'text', docValues: false, analyzer, searchAnalyzer, prefixField: true, prefixSources: sources, subFields: [], copyTo: [] });
        return { ...base, kind: 'text', docValues: false, analyzer, searchAnalyzer, subFields };
      }
      case 'keyword':
        return {
          ...base,
          kind: 'keyword',
          docValues: def.doc_values !== false,
          normalizer: typeof def.normalizer === 'string' ? this.analysis.normalizer(def.normalizer) : undefined,
          ignoreAbove: typeof def.ignore_above === 'number' ? def.ignore_above : undefined,
          norms: false,
          subFields,
        };
      case 'boolean':
        return { ...base, kind: 'boolean', docValues: def.doc_values !== false, norms: false, subFields };
      case 'date':
        return { ...base, kind: 'date', docValues: def.doc_values !== false, format: dateFormat(typeof def.format === 'string' ? def.format : DEFAULT_DATE_FORMAT), norms: false, subFields };
      case 'geo_point':
        return { ...base, kind: 'geo', docValues: def.doc_values !== false, norms: false, subFields };
      default:
        return {
          ...base,
          kind: 'number',
          docValues: def.doc_values !== false,
          scalingFactor: type === 'scaled_float' ? (def.scaling_factor as number) : undefined,
          norms: false,
          subFields,
        };
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Documents

  /** Reads a document's source against the mapping, adding dynamic fields as OpenSearch would (not yet committed). */
  parseDocument(source: JsonObject, id: string): IndexedDocument {
    const parse = new DocumentParse(this, id);
    parse.object(source, '', this.rootDynamic);
    return { values: parse.values, dynamicUpdate: parse.update };
  }

  /** Used by DocumentParse: the dynamic mapping of a new field (null when not to be mapped). */
  dynamicMapping(name: string, path: string, value: Json): JsonObject | null {
    let detected: string;
    let mapping: JsonObject;
    if (typeof value === 'boolean') {
      detected = 'boolean';
      mapping = { type: 'boolean' };
    } else if (typeof value === 'number') {
      detected = Number.isInteger(value) ? 'long' : 'double';
      mapping = { type: Number.isInteger(value) ? 'long' : 'float' };
    } else if (typeof value === 'string') {
      const dateIndex = this.dateDetection ? this.dynamicDateFormats.findIndex((f) => f.parse(value, false, UTC) !== undefined) : -1;
      if (dateIndex >= 0) {
        detected = 'date';
        mapping = dateIndex === 0 ? { type: 'date' } : { type: 'date', format: this.dynamicDateFormats[dateIndex]!.pattern };
      } else if (this.numericDetection && value.trim() !== '' && Number.isFinite(Number(value))) {
        detected = Number.isInteger(Number(value)) ? 'long' : 'double';
        mapping = { type: detected === 'long' ? 'long' : 'float' };
      } else {
        detected = 'string';
        mapping = { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } };
      }
    } else if (isObject(value)) {
      detected = 'object';
      mapping = {};
    } else return null;
    for (const template of this.templates) {
      if (template.matchMappingType && template.matchMappingType !== '*' && template.matchMappingType !== detected) continue;
      if (template.match && !template.match(name)) continue;
      if (template.unmatch?.(name)) continue;
      if (template.pathMatch && !template.pathMatch(path)) continue;
      if (template.pathUnmatch?.(path)) continue;
      const filled = JSON.parse(JSON.stringify(template.mapping).replaceAll('{name}', name).replaceAll('{dynamic_type}', detected)) as JsonObject;
      if (filled.type === undefined && detected !== 'object') filled.type = mapping.type!;
      return filled;
    }
    return mapping;
  }

  /** Compiles a field definition that was added dynamically (for values later in the same document). */
  compileDynamic(def: JsonObject, path: string): Field {
    const type = typeOf(def);
    if (type === 'object') return { path, kind: 'object', dynamic: def.dynamic === undefined ? 'true' : parseDynamic(def.dynamic, path), enabled: def.enabled !== false };
    return this.compileLeaf(validateField(def, path, { analysis: this.analysis }, false), path, type);
  }
}

type Value = string | number | boolean | GeoPoint;

class DocumentParse {
  readonly values = new Map<LeafField, Value[]>();
  update: JsonObject | undefined;
  private readonly added = new Map<string, Field>();

  constructor(
    private readonly mapping: CompiledMapping,
    private readonly id: string,
  ) {}

  private lookup(path: string): Field | undefined {
    return this.mapping.field(path) ?? this.added.get(path);
  }

  object(source: JsonObject, prefix: string, dynamic: Dynamic): void {
    for (const [key, value] of Object.entries(source)) {
      if (key === '') throw errors.mapperParsing(`failed to parse: field name cannot be an empty string`);
      const parts = key.split('.');
      let path = prefix;
      let parentDynamic = dynamic;
      let skip = false;
      for (let i = 0; i < parts.length - 1; i++) {
        const part = parts[i]!;
        if (part === '') throw errors.mapperParsing(`object field cannot contain only whitespace or dots: ['${key}']`);
        path = path ? `${path}.${part}` : part;
        const existing = this.lookup(path);
        if (existing && existing.kind !== 'object') throw errors.mapperParsing(`Could not dynamically add mapping for field [${prefix ? `${prefix}.` : ''}${key}]. Existing mapping for [${path}] must be of type object but found [${existing.type}].`);
        if (!existing) {
          if (parentDynamic === 'strict') throw errors.strictDynamic(part, prefix || '_doc');
          if (parentDynamic === 'false') {
            skip = true;
            break;
          }
          this.addDynamic(path, {});
        } else if (!existing.enabled) {
          skip = true;
          break;
        } else parentDynamic = existing.dynamic;
      }
      if (skip) continue;
      const name = parts[parts.length - 1]!;
      this.value(path ? `${path}.${name}` : name, name, value, parentDynamic, path || '_doc');
    }
  }

  private value(path: string, name: string, value: Json, dynamic: Dynamic, parentName: string): void {
    let field = this.lookup(path);
    if (value === null || (Array.isArray(value) && value.length === 0)) {
      if (field && field.kind !== 'object' && field.nullValue !== undefined && value === null) this.leafValue(field, field.nullValue);
      return;
    }
    if (!field) {
      if (dynamic === 'strict') throw errors.strictDynamic(name, parentName.split('.').pop()!);
      if (dynamic === 'false') return;
      const sample = Array.isArray(value) ? firstNonNull(value) : value;
      if (sample === undefined) return;
      const def = this.mapping.dynamicMapping(name, path, sample);
      if (!def) return;
      field = this.addDynamic(path, def);
    }
    if (field.kind === 'object') {
      if (!field.enabled) return;
      const items = Array.isArray(value) ? flatten(value) : [value];
      for (const item of items) {
        if (item === null) continue;
        if (!isObject(item)) {
          throw errors.mapperParsing(`object mapping for [${path}] tried to parse field [${name}] as object, but found a concrete value`);
        }
        this.object(item, path, field.dynamic);
      }
      return;
    }
    if (field.kind === 'geo') {
      this.leafValue(field, value);
      return;
    }
    const items = Array.isArray(value) ? flatten(value) : [value];
    for (const item of items) {
      if (item === null) {
        if (field.nullValue !== undefined) this.leafValue(field, field.nullValue);
        continue;
      }
      this.leafValue(field, item);
    }
  }

  private addDynamic(path: string, def: JsonObject): Field {
    const field = this.mapping.compileDynamic(def, path);
    this.added.set(path, field);
    if (field.kind !== 'object') {
      const stack = [field.subFields];
      while (stack.length) for (const sub of stack.pop()!) {
        this.added.set(sub.path, sub);
        stack.push(sub.subFields);
      }
    }
    // Record it in the mapping update, creating parent objects as needed.
    this.update ??= { properties: {} };
    let properties = this.update.properties as JsonObject;
    const parts = path.split('.');
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i]!;
      const node = (isObject(properties[part]) ? properties[part] : { properties: {} }) as JsonObject;
      if (!isObject(node.properties)) node.properties = {};
      properties[part] = node;
      properties = node.properties as JsonObject;
    }
    const last = parts[parts.length - 1]!;
    const existing = properties[last];
    properties[last] = isObject(existing) ? { ...def, ...existing } : def;
    return field;
  }

  leafValue(field: LeafField, raw: Json, copy = true): void {
    if (copy) for (const target of field.copyTo) this.copyTo(target, raw);
    let converted: Value[];
    try {
      converted = coerce(field, raw);
    } catch (error) {
      if (field.ignoreMalformed) return;
      const cause = error instanceof OpenSearchError ? error.toCause() : { type: 'illegal_argument_exception', reason: String(error) };
      const preview = typeof raw === 'string' ? raw : JSON.stringify(raw);
      throw errors.mapperParsing(`failed to parse field [${field.path}] of type [${field.type}] in document with id '${this.id}'. Preview of field's value: '${preview}'`, cause);
    }
    for (const value of converted) this.add(field, value, raw);
  }

  /** copy_to: the value is also indexed into the target field (mapped dynamically if need be), not copied further. */
  private copyTo(targetPath: string, raw: Json): void {
    let target = this.lookup(targetPath);
    if (!target) {
      const def = this.mapping.dynamicMapping(targetPath.split('.').pop()!, targetPath, raw);
      if (!def) return;
      target = this.addDynamic(targetPath, def);
    }
    if (target.kind === 'object') throw errors.mapperParsing(`Cannot copy to field [${targetPath}] since it is mapped as an object`);
    this.leafValue(target, raw, false);
  }

  private add(field: LeafField, value: Value, raw: Json): void {
    let list = this.values.get(field);
    if (!list) {
      list = [];
      this.values.set(field, list);
    }
    list.push(value);
    for (const sub of field.subFields) {
      if (sub.kind === 'geo') continue;
      try {
        for (const converted of coerce(sub, raw)) this.add(sub, converted, raw);
      } catch (error) {
        if (!sub.ignoreMalformed) {
          const cause = error instanceof OpenSearchError ? error.toCause() : { type: 'illegal_argument_exception', reason: String(error) };
          throw errors.mapperParsing(`failed to parse field [${sub.path}] of type [${sub.type}] in document with id '${this.id}'. Preview of field's value: '${String(raw)}'`, cause);
        }
      }
    }
  }

}

/** Arrays of arrays are one list of values to OpenSearch. */
function flatten(values: Json[]): Json[] {
  return values.some(Array.isArray) ? values.flatMap((v) => (Array.isArray(v) ? flatten(v) : [v])) : values;
}

function firstNonNull(values: Json[]): Json | undefined {
  return flatten(values).find((value) => value !== null);
}

const INTEGER_RANGES: Record<string, [number, number]> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  long: [-(2 ** 63), 2 ** 63],
  unsigned_long: [0, 2 ** 64],
};

/** A source value as the field stores it; throws for a value the type cannot take. */
export function coerce(field: LeafField, raw: Json): Value[] {
  switch (field.kind) {
    case 'text': {
      if (isObject(raw) || Array.isArray(raw)) throw errors.illegalArgument(`Can't get text on a START_OBJECT`);
      return [String(raw)];
    }
    case 'keyword': {
      if (isObject(raw) || Array.isArray(raw)) throw errors.illegalArgument(`Can't get text on a START_OBJECT`);
      const text = String(raw);
      if (field.ignoreAbove !== undefined && text.length > field.ignoreAbove) return [];
      return [field.normalizer ? field.normalizer.normalize(text) : text];
    }
    case 'boolean': {
      if (raw === true || raw === 'true') return [true];
      if (raw === false || raw === 'false' || raw === '') return [false];
      throw errors.illegalArgument(`Failed to parse value [${String(raw)}] as only [true] or [false] are allowed.`);
    }
    case 'date': {
      const millis = parseDocumentDate(raw, field.format!);
      if (millis === undefined) throw errors.illegalArgument(`failed to parse date field [${String(raw)}] with format [${field.format!.pattern}]`);
      return [millis];
    }
    case 'geo':
      return parseGeoPoints(raw, field.path);
    case 'number': {
      let value: number;
      if (typeof raw === 'number') value = raw;
      else if (typeof raw === 'string' && field.coerce && raw.trim() !== '' && Number.isFinite(Number(raw))) value = Number(raw);
      else if (typeof raw === 'string' && !field.coerce) throw errors.illegalArgument(`Value [${raw}] is not a number and coercion is disabled`);
      else throw errors.illegalArgument(`For input string: "${String(raw)}"`);
      if (!Number.isFinite(value)) throw errors.illegalArgument(`[${field.type}] supports only finite values, but got [${value}]`);
      const range = INTEGER_RANGES[field.type];
      if (range) {
        if (!Number.isInteger(value) && !field.coerce) throw errors.illegalArgument(`Value [${value}] has a decimal part`);
        value = Math.trunc(value);
        if (value < range[0] || value > range[1]) throw errors.illegalArgument(`Value [${value}] is out of range for ${field.type === 'integer' ? 'an integer' : `a ${field.type}`}`);
        return [value];
      }
      if (field.type === 'float' || field.type === 'half_float') return [Math.fround(value)];
      if (field.type === 'scaled_float') return [Math.round(value * field.scalingFactor!) / field.scalingFactor!];
      return [value];
    }
  }
}
