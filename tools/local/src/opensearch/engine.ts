import { randomBytes } from 'node:crypto';
import { AnalysisRegistry } from './analysis';
import { Scratch } from './docset';
import { parseQuery } from './dsl';
import { errors, OpenSearchError, PlainError } from './errors';
import { isObject, type Json, type JsonObject } from './json';
import { CompiledMapping, mergeMappings, validateMappings, wildcard } from './mapping';
import type { IndexView } from './query';
import { parseSearchRequest, runCount, runSearch, type SearchEnvironment } from './search';
import { filterSource, parseSourceFilter } from './source';
import { ShardStore, Vocabularies, type DocMeta } from './store';

/**
 * The engine behind the local OpenSearch stand-in, usable in-process: indexes with settings, mappings and templates,
 * aliases (write indexes, atomic switches), documents with OpenSearch's versioning (internal, external,
 * external_gte, if_seq_no/if_primary_term, tombstones for deleted ids), bulk, search and count. Every answer is
 * OpenSearch's JSON; every refusal an OpenSearchError with OpenSearch's type and status.
 */

export interface EngineOptions {
  /** The clock for `now` in date math and decay functions (tests pin it). */
  now?: () => number;
}

export interface Answer {
  status: number;
  body: JsonObject;
}

const VERSION = '2.19.0';
const DEFAULT_MAX_RESULT_WINDOW = 10_000;

/** Settings an index may have (beyond index.analysis.*); dynamic ones can change on an open index. */
const STATIC_SETTINGS = ['number_of_shards', 'number_of_routing_shards', 'codec', 'hidden', 'mapping.total_fields.limit', 'mapping.depth.limit', 'max_ngram_diff', 'max_shingle_diff'];
const DYNAMIC_SETTINGS = ['number_of_replicas', 'auto_expand_replicas', 'refresh_interval', 'max_result_window', 'max_inner_result_window', 'translog.durability', 'blocks.write', 'blocks.read_only'];
const PRIVATE_SETTINGS = ['uuid', 'creation_date', 'provided_name', 'version.created'];

class Index implements IndexView {
  readonly store: ShardStore;
  analysis: AnalysisRegistry;
  mapping: CompiledMapping;
  seqNo = 0;
  readonly creationDate = Date.now();

  constructor(
    readonly name: string,
    readonly uuid: string,
    public settings: Map<string, Json>,
    public mappings: JsonObject,
    vocabulary: Vocabularies,
    private readonly aliasesOf: (index: string) => string[],
  ) {
    this.analysis = new AnalysisRegistry(analysisSection(settings));
    this.mapping = new CompiledMapping(mappings, this.analysis);
    this.store = new ShardStore(vocabulary);
  }

  get aliases(): string[] {
    return this.aliasesOf(this.name);
  }

  setting(key: string): Json | undefined {
    return this.settings.get(`index.${key}`);
  }

  replicas(): number {
    return Number(this.setting('number_of_replicas') ?? 1);
  }

  setMappings(mappings: JsonObject): void {
    this.mappings = mappings;
    this.mapping = new CompiledMapping(mappings, this.analysis);
  }
}

interface AliasEntry {
  isWriteIndex?: boolean;
}

interface Template {
  indexPatterns: string[];
  template: { settings?: JsonObject; mappings?: JsonObject; aliases?: JsonObject };
  priority: number;
  version?: number;
  meta?: JsonObject;
}

/** Flattens settings ({index: {number_of_shards: 1}}, {"index.number_of_shards": 1}, {number_of_shards: 1}) to "index.*" keys. */
function flattenSettings(raw: Json | undefined): Map<string, Json> {
  const out = new Map<string, Json>();
  if (raw === undefined || raw === null) return out;
  if (!isObject(raw)) throw errors.illegalArgument('settings must be an object');
  const walk = (node: JsonObject, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isObject(value)) walk(value, path);
      else out.set(path, value);
    }
  };
  walk(raw, '');
  const normalised = new Map<string, Json>();
  for (const [key, value] of out) normalised.set(key.startsWith('index.') ? key : `index.${key}`, value);
  return normalised;
}

function unflatten(entries: Iterable<[string, Json]>, stringify: boolean): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of entries) {
    const parts = key.split('.');
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = node[parts[i]!];
      if (!isObject(next)) node[parts[i]!] = {};
      node = node[parts[i]!] as JsonObject;
    }
    node[parts[parts.length - 1]!] = stringify ? stringifySetting(value) : value;
  }
  return out;
}

function stringifySetting(value: Json): Json {
  if (Array.isArray(value)) return value.map(stringifySetting);
  if (value === null || isObject(value)) return value;
  return String(value);
}

function analysisSection(settings: Map<string, Json>): JsonObject | undefined {
  const entries = [...settings].filter(([key]) => key.startsWith('index.analysis.')).map(([key, value]) => [key.slice('index.analysis.'.length), value] as [string, Json]);
  return entries.length > 0 ? unflatten(entries, false) : undefined;
}

function validateSettings(settings: Map<string, Json>, creating: boolean): void {
  for (const [key, value] of settings) {
    const name = key.slice('index.'.length);
    if (name.startsWith('analysis.')) continue;
    if (PRIVATE_SETTINGS.includes(name) && creating) throw errors.illegalArgument(`private index setting [${key}] can not be set explicitly`);
    if (!STATIC_SETTINGS.includes(name) && !DYNAMIC_SETTINGS.includes(name) && !PRIVATE_SETTINGS.includes(name)) {
      throw errors.illegalArgument(`unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`);
    }
    if (['number_of_shards', 'number_of_replicas', 'max_result_window', 'max_inner_result_window', 'mapping.total_fields.limit'].includes(name)) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < (name === 'number_of_shards' ? 1 : 0)) throw errors.illegalArgument(`Failed to parse value [${String(value)}] for setting [${key}] must be >= ${name === 'number_of_shards' ? 1 : 0}`);
    }
  }
}

const INVALID_NAME_CHARS = ['\\', '/', '*', '?', '"', '<', '>', '|', ' ', ',', '#', ':'];

function validateIndexName(name: string): void {
  if (name.length === 0) throw errors.invalidIndexName(name, 'must not be empty');
  if (name !== name.toLowerCase()) throw errors.invalidIndexName(name, 'must be lowercase');
  if (name === '.' || name === '..') throw errors.invalidIndexName(name, 'must not be \'.\' or \'..\'');
  if (/^[-_+]/.test(name)) throw errors.invalidIndexName(name, 'must not start with \'_\', \'-\', or \'+\'');
  for (const c of INVALID_NAME_CHARS) if (name.includes(c)) throw errors.invalidIndexName(name, `must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]`);
  if (Buffer.byteLength(name) > 255) throw errors.invalidIndexName(name, 'index name is too long, (' + Buffer.byteLength(name) + ' > 255)');
}

const refreshValues = new Set(['true', 'false', 'wait_for', '']);

function checkRefresh(params: URLSearchParams): boolean {
  const refresh = params.get('refresh');
  if (refresh !== null && !refreshValues.has(refresh)) throw errors.illegalArgument(`Unknown value for refresh: [${refresh}].`);
  return refresh === 'true' || refresh === '';
}

function shardsOf(index: Index): JsonObject {
  return { total: 1 + index.replicas(), successful: 1, failed: 0 };
}

function randomId(bytes = 15): string {
  return randomBytes(bytes).toString('base64url').slice(0, 20);
}

/** Merges a partial document into a source (objects merge, anything else is replaced), as _update's `doc`. */
function mergeDoc(target: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? mergeDoc(current, value) : value;
  }
  return out;
}

function sameJson(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface WriteParams {
  opType?: 'index' | 'create';
  version?: number;
  versionType?: 'internal' | 'external' | 'external_gte';
  ifSeqNo?: number;
  ifPrimaryTerm?: number;
}

/** Versioning parameters from a URL or a bulk action line. */
export function writeParams(get: (key: string) => Json | undefined): WriteParams {
  const num = (key: string) => {
    const raw = get(key);
    if (raw === undefined || raw === null) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw errors.illegalArgument(`Failed to parse [${key}]: [${String(raw)}] is not a number`);
    return n;
  };
  const versionType = get('version_type');
  if (versionType !== undefined && !['internal', 'external', 'external_gte', 'force'].includes(String(versionType))) throw errors.illegalArgument(`No version type match [${String(versionType)}]`);
  if (versionType === 'force') throw errors.illegalArgument('version type [force] may no longer be used');
  const opType = get('op_type');
  if (opType !== undefined && opType !== 'index' && opType !== 'create') throw errors.illegalArgument(`opType must be 'create' or 'index', found: [${String(opType)}]`);
  return {
    opType: opType as 'index' | 'create' | undefined,
    version: num('version'),
    versionType: versionType as WriteParams['versionType'],
    ifSeqNo: num('if_seq_no'),
    ifPrimaryTerm: num('if_primary_term'),
  };
}

export class SearchEngine {
  private readonly indices = new Map<string, Index>();
  private readonly aliases = new Map<string, Map<string, AliasEntry>>();
  private readonly templates = new Map<string, Template>();
  /** The terms fuzzy queries expand against (shared by all indexes). */
  readonly vocabulary = new Vocabularies();
  private readonly scratches = new Map<string, Scratch>();
  private readonly clock: () => number;
  readonly clusterUuid = randomId(16);

  constructor(options: EngineOptions = {}) {
    this.clock = options.now ?? Date.now;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Cluster

  info(): JsonObject {
    return {
      name: 'local-opensearch',
      cluster_name: 'local-opensearch',
      cluster_uuid: this.clusterUuid,
      version: {
        distribution: 'opensearch',
        number: VERSION,
        build_type: 'tar',
        build_hash: 'local',
        build_date: '2025-02-01T00:00:00.000000Z',
        build_snapshot: false,
        lucene_version: '9.12.1',
        minimum_wire_compatibility_version: '7.10.0',
        minimum_index_compatibility_version: '7.0.0',
      },
      tagline: 'The OpenSearch Project: https://opensearch.org/',
    };
  }

  health(): JsonObject {
    const indices = [...this.indices.values()];
    const unassigned = indices.reduce((n, i) => n + i.replicas(), 0);
    const active = indices.length;
    return {
      cluster_name: 'local-opensearch',
      status: unassigned > 0 ? 'yellow' : 'green',
      timed_out: false,
      number_of_nodes: 1,
      number_of_data_nodes: 1,
      discovered_master: true,
      discovered_cluster_manager: true,
      active_primary_shards: active,
      active_shards: active,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: unassigned,
      delayed_unassigned_shards: 0,
      number_of_pending_tasks: 0,
      number_of_in_flight_fetch: 0,
      task_max_waiting_in_queue_millis: 0,
      active_shards_percent_as_number: active + unassigned === 0 ? 100 : (active / (active + unassigned)) * 100,
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Names

  private aliasesOf = (index: string): string[] => {
    const out: string[] = [];
    for (const [alias, members] of this.aliases) if (members.has(index)) out.push(alias);
    return out.sort();
  };

  /**
   * The indexes an expression names: comma lists, aliases, wildcards (`charit*`, matching aliases too), `_all`,
   * and `-name` exclusions. A name that is neither index nor alias is index_not_found (unless ignoreUnavailable).
   */
  resolve(expression: string | undefined, options: { ignoreUnavailable?: boolean; allowNoIndices?: boolean } = {}): Index[] {
    const parts = expression === undefined || expression === '' ? ['_all'] : expression.split(',').map((p) => p.trim()).filter(Boolean);
    const found = new Map<string, Index>();
    let wildcardUsed = false;
    for (const part of parts) {
      if (part.startsWith('-') && found.size > 0) {
        const re = wildcard(part.slice(1));
        for (const name of [...found.keys()]) if (re.test(name) || this.aliasesOf(name).some((a) => re.test(a))) found.delete(name);
        continue;
      }
      if (part === '_all' || part === '*') {
        wildcardUsed = true;
        for (const index of this.indices.values()) found.set(index.name, index);
        continue;
      }
      if (part.includes('*')) {
        wildcardUsed = true;
        const re = wildcard(part);
        for (const index of this.indices.values()) if (re.test(index.name)) found.set(index.name, index);
        for (const [alias, members] of this.aliases) if (re.test(alias)) for (const name of members.keys()) found.set(name, this.indices.get(name)!);
        continue;
      }
      const index = this.indices.get(part);
      if (index) {
        found.set(index.name, index);
        continue;
      }
      const members = this.aliases.get(part);
      if (members) {
        for (const name of members.keys()) found.set(name, this.indices.get(name)!);
        continue;
      }
      if (!options.ignoreUnavailable) throw errors.indexNotFound(part);
    }
    if (found.size === 0 && wildcardUsed && options.allowNoIndices === false) throw errors.indexNotFound(expression ?? '_all');
    return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** The one index a document operation reads or writes through a name (an alias must lead to one index). */
  private single(name: string, write: boolean, autoCreate: boolean): Index {
    const index = this.indices.get(name);
    if (index) return index;
    const members = this.aliases.get(name);
    if (members) {
      if (write) {
        const writers = [...members].filter(([, entry]) => entry.isWriteIndex === true);
        if (writers.length === 1) return this.indices.get(writers[0]![0])!;
        if (members.size === 1 && [...members.values()][0]!.isWriteIndex !== false) return this.indices.get([...members.keys()][0]!)!;
        throw errors.illegalArgument(
          `no write index is defined for alias [${name}]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index`,
        );
      }
      if (members.size > 1) throw errors.illegalArgument(`alias [${name}] has more than one index associated with it [${[...members.keys()].sort().join(', ')}], can't execute a single index op`);
      return this.indices.get([...members.keys()][0]!)!;
    }
    if (write && autoCreate) {
      if (name.includes('*')) throw errors.invalidIndexName(name, 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
      this.createIndex(name, {});
      return this.indices.get(name)!;
    }
    throw errors.indexNotFound(name);
  }

  private scratch = (name: string): Scratch => {
    let scratch = this.scratches.get(name);
    if (!scratch) {
      scratch = new Scratch();
      this.scratches.set(name, scratch);
    }
    return scratch;
  };

  // -------------------------------------------------------------------------------------------------------------
  // Index templates

  putTemplate(name: string, body: Json | undefined, create = false): JsonObject {
    if (!isObject(body)) throw errors.actionValidation('index template body is required');
    for (const key of Object.keys(body)) {
      if (key === 'composed_of') {
        if (Array.isArray(body.composed_of) && body.composed_of.length === 0) continue;
        throw errors.illegalArgument('the local OpenSearch stand-in does not support component templates ([composed_of])');
      }
      if (key === 'data_stream') throw errors.illegalArgument('the local OpenSearch stand-in does not support data streams');
      if (!['index_patterns', 'template', 'priority', 'version', '_meta'].includes(key)) throw errors.xContentParse(`[1:2] [index_template] unknown field [${key}]`);
    }
    const patterns = typeof body.index_patterns === 'string' ? [body.index_patterns] : body.index_patterns;
    if (!Array.isArray(patterns) || patterns.length === 0 || patterns.some((p) => typeof p !== 'string')) throw errors.actionValidation('index patterns are missing');
    if (create && this.templates.has(name)) throw errors.illegalArgument(`index template [${name}] already exists`);
    const template = body.template === undefined ? {} : body.template;
    if (!isObject(template)) throw errors.xContentParse('[template] must be an object');
    for (const key of Object.keys(template)) if (!['settings', 'mappings', 'aliases'].includes(key)) throw errors.xContentParse(`[1:2] [template] unknown field [${key}]`);
    // Validate what the template would create.
    const settings = flattenSettings(template.settings);
    validateSettings(settings, true);
    const analysis = new AnalysisRegistry(analysisSection(settings));
    const mappings = template.mappings === undefined ? undefined : validateMappings(template.mappings, { analysis });
    const priority = body.priority === undefined ? 0 : Number(body.priority);
    if (!Number.isInteger(priority) || priority < 0) throw errors.illegalArgument(`index template priority must be >= 0`);
    for (const [other, existing] of this.templates) {
      if (other === name || existing.priority !== priority) continue;
      const overlap = patterns.some((p) => existing.indexPatterns.some((q) => wildcard(p as string).test(q.replaceAll('*', '')) || wildcard(q).test((p as string).replaceAll('*', ''))));
      if (overlap) {
        throw errors.illegalArgument(
          `index template [${name}] has index patterns [${patterns.join(', ')}] matching patterns from existing templates [${other}] with patterns (${other} => [${existing.indexPatterns.join(', ')}]) that have the same priority [${priority}], multiple index templates may not match during index creation, please use a different priority`,
        );
      }
    }
    this.templates.set(name, {
      indexPatterns: patterns as string[],
      template: {
        ...(template.settings !== undefined ? { settings: isObject(template.settings) ? template.settings : {} } : {}),
        ...(mappings !== undefined ? { mappings } : {}),
        ...(isObject(template.aliases) ? { aliases: template.aliases } : {}),
      },
      priority,
      version: body.version === undefined ? undefined : Number(body.version),
      meta: isObject(body._meta) ? body._meta : undefined,
    });
    return { acknowledged: true };
  }

  getTemplates(name?: string): JsonObject {
    const entries = [...this.templates].filter(([n]) => name === undefined || wildcard(name).test(n));
    if (name !== undefined && !name.includes('*') && entries.length === 0) throw errors.resourceNotFound(`index template matching [${name}] not found`);
    return {
      index_templates: entries.map(([n, t]) => ({
        name: n,
        index_template: {
          index_patterns: t.indexPatterns,
          template: {
            ...(t.template.settings ? { settings: unflatten(flattenSettings(t.template.settings), true) } : {}),
            ...(t.template.mappings ? { mappings: t.template.mappings } : {}),
            ...(t.template.aliases ? { aliases: t.template.aliases } : {}),
          },
          composed_of: [],
          priority: t.priority,
          ...(t.version !== undefined ? { version: t.version } : {}),
          ...(t.meta ? { _meta: t.meta } : {}),
        },
      })),
    };
  }

  templateExists(name: string): boolean {
    return this.templates.has(name);
  }

  deleteTemplate(name: string): JsonObject {
    const names = name.split(',').flatMap((n) => [...this.templates.keys()].filter((t) => wildcard(n).test(t)));
    if (names.length === 0) throw errors.resourceNotFound(`index_template [${name}] missing`);
    for (const n of names) this.templates.delete(n);
    return { acknowledged: true };
  }

  private templateFor(name: string): Template | undefined {
    let best: Template | undefined;
    for (const t of this.templates.values()) {
      if (!t.indexPatterns.some((p) => wildcard(p).test(name))) continue;
      if (!best || t.priority > best.priority) best = t;
    }
    return best;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Indexes

  createIndex(name: string, body: Json | undefined): JsonObject {
    validateIndexName(name);
    const existing = this.indices.get(name);
    if (existing) throw errors.indexExists(name, existing.uuid);
    if (this.aliases.has(name)) throw errors.invalidIndexName(name, 'already exists as alias');
    if (body !== undefined && body !== null && !isObject(body)) throw errors.parsing('request body must be a JSON object');
    const request = body ?? {};
    for (const key of Object.keys(request)) {
      if (!['settings', 'mappings', 'aliases'].includes(key)) throw errors.parsing(`unknown key [${key}] for create index`);
    }
    const template = this.templateFor(name);
    const settings = flattenSettings(template?.template.settings);
    for (const [key, value] of flattenSettings(request.settings)) settings.set(key, value);
    validateSettings(settings, true);
    if (!settings.has('index.number_of_shards')) settings.set('index.number_of_shards', 1);
    if (!settings.has('index.number_of_replicas')) settings.set('index.number_of_replicas', 1);
    const analysis = new AnalysisRegistry(analysisSection(settings));
    let mappings = template?.template.mappings ? validateMappings(template.template.mappings, { analysis }) : {};
    if (request.mappings !== undefined) mappings = mergeMappings(mappings, validateMappings(request.mappings, { analysis }), false);
    const aliasDefs: JsonObject = { ...(template?.template.aliases ?? {}), ...(isObject(request.aliases) ? request.aliases : {}) };
    for (const alias of Object.keys(aliasDefs)) {
      if (alias === name || this.indices.has(alias)) throw errors.invalidAliasName(alias, 'an index or data stream exists with the same name as the alias');
      const def = aliasDefs[alias];
      if (def !== undefined && def !== null && !isObject(def)) throw errors.parsing(`alias [${alias}] must be an object`);
      this.checkAliasOptions(isObject(def) ? def : {});
    }
    const uuid = randomId(16);
    const index = new Index(name, uuid, settings, mappings, this.vocabulary, this.aliasesOf);
    this.checkFieldLimit(index, mappings);
    this.indices.set(name, index);
    for (const [alias, def] of Object.entries(aliasDefs)) this.addAlias(name, alias, isObject(def) ? def : {});
    return { acknowledged: true, shards_acknowledged: true, index: name };
  }

  private checkFieldLimit(index: Index, mappings: JsonObject): void {
    const limit = Number(index.setting('mapping.total_fields.limit') ?? 1000);
    const compiled = new CompiledMapping(mappings, index.analysis);
    if (compiled.fields.size > limit) throw errors.illegalArgument(`Limit of total fields [${limit}] has been exceeded`);
  }

  deleteIndex(expression: string, params?: URLSearchParams): JsonObject {
    const names = expression.split(',').map((p) => p.trim());
    for (const part of names) {
      if (!part.includes('*') && part !== '_all' && !this.indices.has(part) && this.aliases.has(part)) {
        throw errors.illegalArgument(`The provided expression [${part}] matches an alias, specify the corresponding concrete indices instead.`);
      }
    }
    const targets = this.resolveConcrete(expression, params?.get('ignore_unavailable') === 'true');
    for (const index of targets) {
      this.indices.delete(index.name);
      this.scratches.delete(index.name);
      for (const [alias, members] of this.aliases) {
        members.delete(index.name);
        if (members.size === 0) this.aliases.delete(alias);
      }
    }
    if (targets.length > 0) this.vocabulary.rebuild([...this.indices.values()].map((index) => index.store));
    return { acknowledged: true };
  }

  /** Index names only (no aliases), with wildcards. */
  private resolveConcrete(expression: string, ignoreUnavailable = false): Index[] {
    const out = new Map<string, Index>();
    for (const part of expression.split(',').map((p) => p.trim()).filter(Boolean)) {
      if (part === '_all' || part === '*') for (const index of this.indices.values()) out.set(index.name, index);
      else if (part.includes('*')) {
        const re = wildcard(part);
        for (const index of this.indices.values()) if (re.test(index.name)) out.set(index.name, index);
      } else {
        const index = this.indices.get(part);
        if (index) out.set(part, index);
        else if (!ignoreUnavailable) throw errors.indexNotFound(part);
      }
    }
    return [...out.values()];
  }

  indexExists(expression: string): boolean {
    try {
      return this.resolve(expression, { allowNoIndices: false }).length > 0;
    } catch (error) {
      if (error instanceof OpenSearchError && error.status === 404) return false;
      throw error;
    }
  }

  private settingsJson(index: Index): JsonObject {
    const entries: [string, Json][] = [...index.settings];
    entries.push(['index.uuid', index.uuid], ['index.creation_date', String(index.creationDate)], ['index.provided_name', index.name], ['index.version.created', '136387927']);
    return unflatten(entries, true);
  }

  private aliasesJson(index: Index): JsonObject {
    const out: JsonObject = {};
    for (const alias of this.aliasesOf(index.name)) {
      const entry = this.aliases.get(alias)!.get(index.name)!;
      out[alias] = entry.isWriteIndex !== undefined ? { is_write_index: entry.isWriteIndex } : {};
    }
    return out;
  }

  getIndex(expression: string): JsonObject {
    const out: JsonObject = {};
    for (const index of this.resolve(expression, { allowNoIndices: false })) {
      out[index.name] = { aliases: this.aliasesJson(index), mappings: index.mappings, settings: this.settingsJson(index) };
    }
    return out;
  }

  getMapping(expression?: string): JsonObject {
    const out: JsonObject = {};
    for (const index of this.resolve(expression)) out[index.name] = { mappings: index.mappings };
    return out;
  }

  putMapping(expression: string, body: Json | undefined): JsonObject {
    const targets = this.resolve(expression);
    const updates = targets.map((index) => {
      const update = validateMappings(body, { analysis: index.analysis });
      const merged = mergeMappings(index.mappings, update, true);
      this.checkFieldLimit(index, merged);
      return { index, merged };
    });
    for (const { index, merged } of updates) index.setMappings(merged);
    return { acknowledged: true };
  }

  getSettings(expression?: string): JsonObject {
    const out: JsonObject = {};
    for (const index of this.resolve(expression)) out[index.name] = { settings: this.settingsJson(index) };
    return out;
  }

  putSettings(expression: string, body: Json | undefined): JsonObject {
    const raw = isObject(body) && isObject(body.settings) ? body.settings : body;
    const settings = flattenSettings(raw);
    validateSettings(settings, false);
    const targets = this.resolve(expression);
    const nonDynamic = [...settings.keys()].filter((k) => !DYNAMIC_SETTINGS.includes(k.slice('index.'.length)));
    if (nonDynamic.length > 0) throw errors.illegalArgument(`Can't update non dynamic settings [[${nonDynamic.join(', ')}]] for open indices [${targets.map((t) => `[${t.name}/${t.uuid}]`).join(', ')}]`);
    for (const index of targets) for (const [key, value] of settings) if (value === null) index.settings.delete(key);
    else index.settings.set(key, value);
    return { acknowledged: true };
  }

  refresh(expression?: string): JsonObject {
    const targets = this.resolve(expression);
    const total = targets.reduce((n, i) => n + 1 + i.replicas(), 0);
    return { _shards: { total, successful: targets.length, failed: 0 } };
  }

  catIndices(expression?: string): JsonObject[] {
    return this.resolve(expression).map((index) => {
      const bytes = index.store.sourceBytes();
      return {
        health: index.replicas() > 0 ? 'yellow' : 'green',
        status: 'open',
        index: index.name,
        uuid: index.uuid,
        pri: String(index.setting('number_of_shards') ?? 1),
        rep: String(index.replicas()),
        'docs.count': String(index.store.liveCount),
        'docs.deleted': '0',
        'store.size': `${(bytes / 1024).toFixed(1)}kb`,
        'pri.store.size': `${(bytes / 1024).toFixed(1)}kb`,
      };
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Aliases

  private checkAliasOptions(def: JsonObject): void {
    for (const key of Object.keys(def)) {
      if (key === 'filter') throw errors.illegalArgument('the local OpenSearch stand-in does not support filtered aliases ([filter])');
      if (!['is_write_index', 'routing', 'index_routing', 'search_routing', 'is_hidden'].includes(key)) throw errors.parsing(`[aliases] unknown field [${key}]`);
    }
  }

  private addAlias(index: string, alias: string, def: JsonObject): void {
    let members = this.aliases.get(alias);
    if (!members) {
      members = new Map();
      this.aliases.set(alias, members);
    }
    const entry: AliasEntry = {};
    if (def.is_write_index !== undefined) entry.isWriteIndex = def.is_write_index === true || def.is_write_index === 'true';
    if (entry.isWriteIndex) for (const [other, e] of members) if (other !== index && e.isWriteIndex) e.isWriteIndex = false;
    members.set(index, entry);
  }

  /** POST /_aliases: all actions checked first, then applied together (readers never see a gap). */
  updateAliases(body: Json | undefined): JsonObject {
    if (!isObject(body) || !Array.isArray(body.actions)) throw errors.actionValidation('no actions specified');
    const plan: (() => void)[] = [];
    // A shadow of the alias table so later actions see earlier ones in the same request.
    const shadow = new Map<string, Set<string>>([...this.aliases].map(([a, m]) => [a, new Set(m.keys())]));
    const removedIndices = new Set<string>();
    const missingRemovals: string[] = [];
    const asList = (value: Json | undefined, what: string): string[] => {
      if (value === undefined) return [];
      if (typeof value === 'string') return [value];
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
      throw errors.parsing(`[${what}] must be a string or an array of strings`);
    };
    for (const action of body.actions) {
      if (!isObject(action) || Object.keys(action).length !== 1) throw errors.parsing('[aliases] each action must be an object with one of add, remove or remove_index');
      const [type, raw] = Object.entries(action)[0]!;
      if (!isObject(raw)) throw errors.parsing(`[${type}] must be an object`);
      const indexNames = [...asList(raw.index, 'index'), ...asList(raw.indices, 'indices')];
      const aliasNames = [...asList(raw.alias, 'alias'), ...asList(raw.aliases, 'aliases')];
      if (indexNames.length === 0) throw errors.actionValidation('One of [index] or [indices] is required');
      const concrete = (): string[] => {
        const out = new Set<string>();
        for (const name of indexNames) {
          if (name.includes('*')) {
            const re = wildcard(name);
            for (const n of this.indices.keys()) if (re.test(n) && !removedIndices.has(n)) out.add(n);
          } else if (this.indices.has(name) && !removedIndices.has(name)) out.add(name);
          else if (this.aliases.has(name) && type !== 'remove_index') {
            throw errors.illegalArgument(`The provided expression [${name}] matches an alias, specify the corresponding concrete indices instead.`);
          } else throw errors.indexNotFound(name);
        }
        return [...out];
      };
      switch (type) {
        case 'add': {
          const { index: _i, indices: _is, alias: _a, aliases: _as, must_exist: _m, ...options } = raw;
          this.checkAliasOptions(options);
          if (aliasNames.length === 0) throw errors.actionValidation('One of [alias] or [aliases] is required');
          const targets = concrete();
          for (const alias of aliasNames) {
            if (this.indices.has(alias) && !removedIndices.has(alias)) throw errors.invalidAliasName(alias, 'an index or data stream exists with the same name as the alias');
            if (alias.includes('*') || /^[_-]/.test(alias)) throw errors.invalidAliasName(alias, 'must not contain \'*\' or start with \'_\' or \'-\'');
            for (const target of targets) {
              let set = shadow.get(alias);
              if (!set) {
                set = new Set();
                shadow.set(alias, set);
              }
              set.add(target);
              plan.push(() => this.addAlias(target, alias, options));
            }
          }
          break;
        }
        case 'remove': {
          if (aliasNames.length === 0) throw errors.actionValidation('One of [alias] or [aliases] is required');
          const targets = concrete();
          // An alias that is not there is an error only when must_exist says so (or when the request does nothing).
          const mustExist = raw.must_exist === true;
          for (const aliasPattern of aliasNames) {
            const re = wildcard(aliasPattern);
            let any = false;
            for (const [alias, set] of shadow) {
              if (!re.test(alias)) continue;
              for (const target of targets) {
                if (!set.has(target)) continue;
                any = true;
                set.delete(target);
                plan.push(() => {
                  const members = this.aliases.get(alias);
                  members?.delete(target);
                  if (members && members.size === 0) this.aliases.delete(alias);
                });
              }
            }
            if (!any && mustExist) throw errors.aliasesNotFound([aliasPattern]);
            if (!any) missingRemovals.push(aliasPattern);
          }
          break;
        }
        case 'remove_index': {
          for (const target of concrete()) {
            removedIndices.add(target);
            for (const set of shadow.values()) set.delete(target);
            plan.push(() => this.deleteIndex(target));
          }
          break;
        }
        default:
          throw errors.parsing(`[aliases] unknown field [${type}]`);
      }
    }
    if (plan.length === 0 && missingRemovals.length > 0) throw errors.aliasesNotFound(missingRemovals);
    for (const step of plan) step();
    return { acknowledged: true };
  }

  putAlias(indexExpression: string, alias: string, body: Json | undefined): JsonObject {
    const options = isObject(body) ? body : {};
    return this.updateAliases({ actions: [{ add: { index: indexExpression, alias, ...options } }] });
  }

  deleteAlias(indexExpression: string, alias: string): JsonObject {
    return this.updateAliases({ actions: [{ remove: { index: indexExpression, alias } }] });
  }

  /** GET /_alias/{name}, /{index}/_alias, /{index}/_alias/{name}. */
  getAliases(indexExpression?: string, name?: string): JsonObject {
    const targets = indexExpression === undefined ? [...this.indices.values()] : this.resolve(indexExpression);
    const patterns = name === undefined ? undefined : name.split(',');
    const out: JsonObject = {};
    const found = new Set<string>();
    for (const index of targets.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const aliases = this.aliasesJson(index);
      const kept: JsonObject = {};
      for (const [alias, def] of Object.entries(aliases)) {
        if (patterns && !patterns.some((p) => p === '_all' || wildcard(p).test(alias))) continue;
        kept[alias] = def;
        found.add(alias);
      }
      if (patterns && Object.keys(kept).length === 0) continue;
      out[index.name] = { aliases: kept };
    }
    if (patterns) {
      const missing = patterns.filter((p) => !p.includes('*') && p !== '_all' && !found.has(p));
      if (missing.length > 0) throw new PlainError(404, `alias [${missing.join(',')}] missing`);
    }
    return out;
  }

  aliasExists(name: string, indexExpression?: string): boolean {
    try {
      return Object.keys(this.getAliases(indexExpression, name)).length > 0;
    } catch (error) {
      if (error instanceof PlainError || (error instanceof OpenSearchError && error.status === 404)) return false;
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Documents

  private nextMeta(index: Index, id: string, params: WriteParams, isCreate: boolean): { meta: DocMeta; created: boolean } {
    const existing = index.store.meta.get(id);
    const tombstone = index.store.tombstones.get(id);
    const versionType = params.versionType ?? 'internal';
    if ((params.ifSeqNo === undefined) !== (params.ifPrimaryTerm === undefined)) {
      throw errors.actionValidation(params.ifSeqNo === undefined ? 'ifSeqNo is unassigned, but primary term is [' + params.ifPrimaryTerm + ']' : 'ifSeqNo is set, but primary term is [0]');
    }
    if (versionType === 'internal' && params.version !== undefined) {
      throw errors.actionValidation('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead');
    }
    if (versionType !== 'internal' && params.version === undefined) throw errors.actionValidation(`version type [${versionType}] requires a version`);
    if (versionType !== 'internal' && params.ifSeqNo !== undefined) throw errors.actionValidation('compare and write operations can not use versioning');
    if (params.ifSeqNo !== undefined) {
      if (!existing) throw errors.versionConflict(index, id, `version conflict, required seqNo [${params.ifSeqNo}], primary term [${params.ifPrimaryTerm}] but no document was found`);
      if (existing.seqNo !== params.ifSeqNo || existing.primaryTerm !== params.ifPrimaryTerm) {
        throw errors.versionConflict(index, id, `version conflict, required seqNo [${params.ifSeqNo}], primary term [${params.ifPrimaryTerm}]. current document has seqNo [${existing.seqNo}] and primary term [${existing.primaryTerm}]`);
      }
    }
    if ((isCreate || params.opType === 'create') && existing) throw errors.versionConflict(index, id, `version conflict, document already exists (current version [${existing.version}])`);
    const current = existing?.version ?? tombstone?.version;
    let version: number;
    if (versionType === 'internal') version = (current ?? 0) + 1;
    else {
      const given = params.version!;
      if (given < 0) throw errors.actionValidation(`illegal version value [${given}] for version type [${versionType.toUpperCase()}]`);
      if (current !== undefined) {
        if (versionType === 'external' && !(given > current)) throw errors.versionConflict(index, id, `version conflict, current version [${current}] is higher or equal to the one provided [${given}]`);
        if (versionType === 'external_gte' && !(given >= current)) throw errors.versionConflict(index, id, `version conflict, current version [${current}] is higher than the one provided [${given}]`);
      }
      version = given;
    }
    return { meta: { version, seqNo: index.seqNo, primaryTerm: 1 }, created: !existing };
  }

  private write(index: Index, id: string, source: JsonObject, meta: DocMeta): void {
    const parsed = index.mapping.parseDocument(source, id);
    if (parsed.dynamicUpdate) {
      const merged = mergeMappings(index.mappings, parsed.dynamicUpdate, false);
      this.checkFieldLimit(index, merged);
      index.setMappings(merged);
    }
    index.seqNo++;
    index.store.put(id, JSON.stringify(source), parsed);
    index.store.meta.set(id, meta);
    index.store.tombstones.delete(id);
  }

  private docAnswer(index: Index, id: string, meta: DocMeta, result: string, forcedRefresh: boolean): JsonObject {
    const body: JsonObject = { _index: index.name, _id: id, _version: meta.version, result, _shards: shardsOf(index), _seq_no: meta.seqNo, _primary_term: meta.primaryTerm };
    if (forcedRefresh) body.forced_refresh = true;
    return body;
  }

  /** PUT/POST /{index}/_doc/{id}, POST /{index}/_doc, PUT /{index}/_create/{id}. */
  index(target: string, id: string | undefined, source: Json | undefined, params: URLSearchParams | WriteParams = new URLSearchParams(), create = false): Answer {
    const write = params instanceof URLSearchParams ? writeParams((k) => params.get(k) ?? undefined) : params;
    const forced = params instanceof URLSearchParams ? checkRefresh(params) : false;
    if (!isObject(source)) throw errors.mapperParsing('failed to parse, document is empty');
    if (id !== undefined && id.length > 512) throw errors.actionValidation(`id [${id.slice(0, 20)}...] is too long, must be no longer than 512 bytes but was: ${Buffer.byteLength(id)}`);
    if (id === '') throw errors.actionValidation('if _id is specified it must not be empty');
    const requireAlias = params instanceof URLSearchParams && params.get('require_alias') === 'true';
    if (requireAlias && !this.aliases.has(target)) throw errors.indexNotFound(`${target}`);
    const index = this.single(target, true, true);
    const docId = id ?? randomId();
    const { meta, created } = this.nextMeta(index, docId, write, create || (id === undefined && write.opType === 'create'));
    this.write(index, docId, source, meta);
    return { status: created ? 201 : 200, body: this.docAnswer(index, docId, meta, created ? 'created' : 'updated', forced) };
  }

  get(target: string, id: string, params: URLSearchParams = new URLSearchParams()): Answer {
    if (params.has('stored_fields')) throw errors.illegalArgument('the local OpenSearch stand-in does not support [stored_fields]');
    const index = this.single(target, false, false);
    const meta = index.store.meta.get(id);
    const doc = index.store.byId.get(id);
    if (!meta || doc === undefined) return { status: 404, body: { _index: index.name, _id: id, found: false } };
    const version = params.get('version');
    if (version !== null && Number(version) !== meta.version) {
      throw errors.versionConflict(index, id, `version conflict, current version [${meta.version}] is different than the one provided [${version}]`);
    }
    const body: JsonObject = { _index: index.name, _id: id, _version: meta.version, _seq_no: meta.seqNo, _primary_term: meta.primaryTerm, found: true };
    const filtered = filterSource(JSON.parse(index.store.source(doc)!) as JsonObject, parseSourceFilter(undefined, params));
    if (filtered !== undefined) body._source = filtered;
    return { status: 200, body };
  }

  delete(target: string, id: string, params: URLSearchParams | WriteParams = new URLSearchParams()): Answer {
    const write = params instanceof URLSearchParams ? writeParams((k) => params.get(k) ?? undefined) : params;
    const forced = params instanceof URLSearchParams ? checkRefresh(params) : false;
    const index = this.single(target, true, false);
    const existing = index.store.meta.get(id);
    const { meta } = this.nextMeta(index, id, { ...write, opType: undefined }, false);
    index.seqNo++;
    index.store.tombstones.set(id, meta);
    if (!existing) return { status: 404, body: this.docAnswer(index, id, meta, 'not_found', forced) };
    index.store.delete(id);
    index.store.meta.delete(id);
    return { status: 200, body: this.docAnswer(index, id, meta, 'deleted', forced) };
  }

  /** POST /{index}/_update/{id}: `doc` merged into the stored source, or `doc_as_upsert` / `upsert` when missing. */
  update(target: string, id: string, body: Json | undefined, params: URLSearchParams | WriteParams = new URLSearchParams()): Answer {
    const write = params instanceof URLSearchParams ? writeParams((k) => params.get(k) ?? undefined) : params;
    const forced = params instanceof URLSearchParams ? checkRefresh(params) : false;
    if (!isObject(body)) throw errors.actionValidation('script or doc is missing');
    for (const key of Object.keys(body)) {
      if (key === 'script' || key === 'scripted_upsert') throw errors.illegalArgument('the local OpenSearch stand-in does not support scripted updates');
      if (!['doc', 'doc_as_upsert', 'upsert', 'detect_noop', '_source'].includes(key)) throw errors.xContentParse(`[1:2] [UpdateRequest] unknown field [${key}]`);
    }
    if (write.version !== undefined || write.versionType !== undefined) throw errors.actionValidation('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead');
    if (body.doc !== undefined && !isObject(body.doc)) throw errors.parsing('[doc] must be an object');
    if (body.upsert !== undefined && !isObject(body.upsert)) throw errors.parsing('[upsert] must be an object');
    if (body.doc === undefined) throw errors.actionValidation('script or doc is missing');
    const index = this.single(target, true, true);
    const existing = index.store.meta.get(id);
    const doc = index.store.byId.get(id);
    let source: JsonObject;
    let created = false;
    if (!existing || doc === undefined) {
      if (body.doc_as_upsert === true) source = body.doc as JsonObject;
      else if (isObject(body.upsert)) source = body.upsert;
      else {
        throw new OpenSearchError(404, 'document_missing_exception', `[${id}]: document missing`, { extra: { index_uuid: index.uuid, shard: '0', index: index.name } });
      }
      created = true;
    } else {
      const current = JSON.parse(index.store.source(doc)!) as JsonObject;
      source = mergeDoc(current, body.doc as JsonObject);
      if (body.detect_noop !== false && sameJson(current, source)) {
        const answer: JsonObject = { _index: index.name, _id: id, _version: existing.version, result: 'noop', _shards: { total: 0, successful: 0, failed: 0 }, _seq_no: existing.seqNo, _primary_term: existing.primaryTerm };
        return { status: 200, body: answer };
      }
    }
    const { meta } = this.nextMeta(index, id, { ifSeqNo: write.ifSeqNo, ifPrimaryTerm: write.ifPrimaryTerm }, false);
    this.write(index, id, source, meta);
    const answer = this.docAnswer(index, id, meta, created ? 'created' : 'updated', forced);
    if (body._source === true) answer.get = { _seq_no: meta.seqNo, _primary_term: meta.primaryTerm, found: true, _source: source };
    return { status: created ? 201 : 200, body: answer };
  }

  /** _bulk: NDJSON action lines (index, create, delete, update) and sources; each item succeeds or fails alone. */
  bulk(ndjson: string, defaultIndex?: string, params: URLSearchParams = new URLSearchParams()): JsonObject {
    const started = performance.now();
    checkRefresh(params);
    if (params.has('pipeline')) throw errors.illegalArgument('the local OpenSearch stand-in does not support ingest pipelines');
    if (ndjson.length > 0 && !ndjson.endsWith('\n')) throw errors.illegalArgument('The bulk request must be terminated by a newline [\\n]');
    const lines = ndjson.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const parseLine = (i: number): Json => {
      const text = lines[i]!;
      try {
        return JSON.parse(text) as Json;
      } catch {
        throw errors.xContentParse(`[1:1] Malformed content at line ${i + 1}: not valid JSON`);
      }
    };
    // Parse everything first: a malformed request fails as a whole, as OpenSearch's does.
    interface Op {
      action: 'index' | 'create' | 'delete' | 'update';
      meta: JsonObject;
      source?: Json;
      line: number;
    }
    const ops: Op[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.trim() === '') continue;
      const header = parseLine(i);
      if (!isObject(header) || Object.keys(header).length !== 1) throw errors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected START_OBJECT or END_OBJECT but found [${tokenName(header)}]`);
      const [action, meta] = Object.entries(header)[0]!;
      if (!['index', 'create', 'delete', 'update'].includes(action)) {
        throw errors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected one of [create, delete, index, update] but found [${action}]`);
      }
      if (!isObject(meta)) throw errors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected START_OBJECT but found [${tokenName(meta)}]`);
      for (const key of Object.keys(meta)) {
        if (!['_index', '_id', 'version', 'version_type', 'if_seq_no', 'if_primary_term', 'routing', 'retry_on_conflict', 'require_alias', '_source', 'op_type', 'pipeline', 'dynamic_templates'].includes(key)) {
          throw errors.illegalArgument(`Action/metadata line [${i + 1}] contains an unknown parameter [${key}]`);
        }
      }
      if (meta.pipeline !== undefined) throw errors.illegalArgument('the local OpenSearch stand-in does not support ingest pipelines');
      const op: Op = { action: action as Op['action'], meta, line: i + 1 };
      if (action !== 'delete') {
        i++;
        if (i >= lines.length) throw errors.illegalArgument(`The bulk request must be terminated by a newline [\\n]`);
        op.source = parseLine(i);
      }
      if (meta._index === undefined && defaultIndex === undefined) throw errors.actionValidation('index is missing');
      if ((action === 'delete' || action === 'update') && meta._id === undefined) throw errors.actionValidation('id is missing');
      ops.push(op);
    }
    const items = ops.map((op) => {
      const target = String(op.meta._index ?? defaultIndex);
      const id = op.meta._id === undefined || op.meta._id === null ? undefined : String(op.meta._id);
      try {
        const write = writeParams((k) => op.meta[k]);
        let answer: Answer;
        if (op.action === 'delete') answer = this.delete(target, id!, write);
        else if (op.action === 'update') answer = this.update(target, id!, op.source, write);
        else answer = this.index(target, id, op.source, write, op.action === 'create');
        return { [op.action]: { ...answer.body, status: answer.status } };
      } catch (error) {
        if (!(error instanceof OpenSearchError)) throw error;
        let indexName = target;
        try {
          indexName = this.single(target, true, false).name;
        } catch {
          // the name itself is what failed
        }
        const cause: JsonObject = { type: error.type, reason: error.reason, ...(error.extra as JsonObject) };
        if (error.causedBy) cause.caused_by = error.causedBy as unknown as Json;
        return { [op.action]: { _index: indexName, _id: id ?? null, status: error.status, error: cause } };
      }
    });
    return {
      took: Math.round(performance.now() - started),
      errors: items.some((item) => 'error' in Object.values(item)[0]!),
      items: items as unknown as Json,
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Search

  private environment(): SearchEnvironment {
    return {
      vocabulary: this.vocabulary,
      scratch: this.scratch,
      now: this.clock(),
      maxResultWindow: (name) => Number(this.indices.get(name)?.setting('max_result_window') ?? DEFAULT_MAX_RESULT_WINDOW),
    };
  }

  private searchTargets(expression: string | undefined, params: URLSearchParams): Index[] {
    return this.resolve(expression, {
      ignoreUnavailable: params.get('ignore_unavailable') === 'true',
      allowNoIndices: params.get('allow_no_indices') !== 'false',
    });
  }

  search(expression: string | undefined, body: Json | undefined, params: URLSearchParams = new URLSearchParams()): JsonObject {
    const request = parseSearchRequest(body, params);
    return runSearch(request, this.searchTargets(expression, params), this.environment());
  }

  count(expression: string | undefined, body: Json | undefined, params: URLSearchParams = new URLSearchParams()): JsonObject {
    if (params.has('q')) throw errors.illegalArgument('the local OpenSearch stand-in does not support the [q] parameter; send a query in the body');
    if (body !== undefined && !isObject(body)) throw errors.parsing('request body must be a JSON object');
    const b = body ?? {};
    for (const key of Object.keys(b)) if (key !== 'query') throw errors.parsing(`request does not support [${key}]`);
    const query = b.query === undefined ? ({ kind: 'match_all', boost: 1 } as const) : parseQuery(b.query);
    const minScore = params.get('min_score');
    return runCount(query, this.searchTargets(expression, params), this.environment(), minScore === null ? undefined : Number(minScore));
  }

  /** How many documents an index holds (benchmarks and tests). */
  documentCount(name: string): number {
    return this.single(name, false, false).store.liveCount;
  }

  /** An index's data (benchmarks and tests look inside). */
  storeOf(name: string): ShardStore {
    return this.single(name, false, false).store;
  }
}

function tokenName(value: Json): string {
  if (Array.isArray(value)) return 'START_ARRAY';
  if (isObject(value)) return 'START_OBJECT';
  if (typeof value === 'string') return 'VALUE_STRING';
  if (typeof value === 'number') return 'VALUE_NUMBER';
  if (typeof value === 'boolean') return 'VALUE_BOOLEAN';
  return 'VALUE_NULL';
}
