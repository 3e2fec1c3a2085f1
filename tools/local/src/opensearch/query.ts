import { positionsOf, type AnalysisRegistry, type Analyzer } from './analysis';
import { dateFormat, parseDateMath, parseTimeValue, timeZone, UTC, type DateFormat } from './dates';
import {
  addOptional,
  bitmap,
  constantScore,
  EMPTY,
  filterSet,
  intersect,
  type Scratch,
  subtract,
  union,
  unscored,
  withScores,
  type DocSet,
} from './docset';
import { minimumShouldMatch, type FuzzyOptions, type Operator, type Query, type Scalar, type ScoreFunction } from './dsl';
import { errors, OpenSearchError } from './errors';
import { autoEdits, lowerBound, prefixEnd, topExpansions } from './fuzzy';
import { arcDistance, distanceFunction, parseDistance, parseGeoPoint, type GeoPoint } from './geo';
import { wildcard, type CompiledMapping, type LeafField } from './mapping';
import { postingDoc, postingFreq, type Column, type Posting, type ShardStore, type TermIndex, type Vocabularies } from './store';

/**
 * Runs a parsed query against one index: each clause is compiled with the index's mapping (an error here is a
 * shard failure, as in OpenSearch) into a node that produces the matching documents with their scores.
 * Scoring follows Lucene's BM25 (k1 1.2, b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5)), field lengths encoded as
 * Lucene does); fuzzy expansions blend their document frequencies; term-level queries score a constant.
 */

export interface IndexView {
  readonly name: string;
  readonly uuid: string;
  readonly mapping: CompiledMapping;
  readonly store: ShardStore;
  readonly analysis: AnalysisRegistry;
  /** The aliases that point at this index (queries on `_index` accept them). */
  readonly aliases: readonly string[];
}

/** Terms a query looks for in each field, for the highlighter. */
export class HighlightTerms {
  readonly terms = new Map<string, Set<string>>();
  readonly prefixes = new Map<string, Set<string>>();

  add(field: string, term: string): void {
    let set = this.terms.get(field);
    if (!set) {
      set = new Set();
      this.terms.set(field, set);
    }
    set.add(term);
  }

  addPrefix(field: string, prefix: string): void {
    let set = this.prefixes.get(field);
    if (!set) {
      set = new Set();
      this.prefixes.set(field, set);
    }
    set.add(prefix);
  }

  /** All fields' terms together (require_field_match: false). */
  merged(): { terms: Set<string>; prefixes: Set<string> } {
    const terms = new Set<string>();
    const prefixes = new Set<string>();
    for (const set of this.terms.values()) for (const t of set) terms.add(t);
    for (const set of this.prefixes.values()) for (const p of set) prefixes.add(p);
    return { terms, prefixes };
  }
}

export class ShardContext {
  readonly scratch: Scratch;
  readonly maxDoc: number;
  highlight: HighlightTerms | undefined;
  private collectHighlight = true;

  constructor(
    readonly index: IndexView,
    readonly vocabulary: Vocabularies,
    readonly now: number,
    scratch: Scratch,
  ) {
    this.scratch = scratch;
    this.maxDoc = index.store.maxDoc;
  }

  get store(): ShardStore {
    return this.index.store;
  }

  fail(reason: string, causedBy?: { type: string; reason: string }): OpenSearchError {
    return errors.queryShard({ name: this.index.name, uuid: this.index.uuid }, reason, causedBy);
  }

  /** A shard failure OpenSearch reports as illegal_argument_exception itself (e.g. fielddata on text fields). */
  illegal(reason: string): OpenSearchError {
    return new OpenSearchError(400, 'illegal_argument_exception', reason);
  }

  /** Records a term for highlighting (not under must_not). */
  noteTerm(field: string, term: string): void {
    if (this.highlight && this.collectHighlight) this.highlight.add(field, term);
  }

  notePrefix(field: string, prefix: string): void {
    if (this.highlight && this.collectHighlight) this.highlight.addPrefix(field, prefix);
  }

  withoutHighlight<T>(run: () => T): T {
    const before = this.collectHighlight;
    this.collectHighlight = false;
    try {
      return run();
    } finally {
      this.collectHighlight = before;
    }
  }

  /** Whether a name, alias or pattern names this index (`_index` queries). */
  indexMatches(value: string): boolean {
    const names = [this.index.name, ...this.index.aliases];
    if (value.includes('*')) {
      const re = wildcard(value);
      return names.some((n) => re.test(n));
    }
    return names.includes(value);
  }
}

export interface QueryNode {
  execute(scored: boolean): DocSet;
  /** For clauses that test one document at a time: whether a document matches (used on small candidate sets). */
  readonly test?: (doc: number) => boolean;
}

const NONE: QueryNode = { execute: (scored) => (scored ? { docs: new Int32Array(0), scores: new Float64Array(0) } : EMPTY) };

// ---------------------------------------------------------------------------------------------------------------
// BM25

const K1 = 1.2;
const B = 0.75;

export function idf(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

function averageLength(index: TermIndex): number {
  if (index.docCount === 0) return 1;
  return index.keepPositions && index.field.norms ? index.sumTtf / index.docCount : index.sumDf / index.docCount;
}

/** BM25 scores of one term's documents, with a given weight (boost × idf). */
function scorePosting(ctx: ShardContext, index: TermIndex, posting: Posting, weight: number, scored: boolean): DocSet {
  const live = ctx.store.live;
  const n = posting.size;
  const data = posting.data;
  const docs = new Int32Array(n);
  const scores = scored ? new Float64Array(n) : null;
  const avgdl = averageLength(index);
  const norms = index.norms;
  const positional = index.keepPositions && index.field.norms;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const doc = data[2 * k]!;
    if (live[doc] !== 1) continue;
    docs[count] = doc;
    if (scores) {
      const tf = positional ? data[2 * k + 1]! : 1;
      const dl = positional ? (norms[doc] ?? 1) : 1;
      scores[count] = weight * (tf / (tf + K1 * (1 - B + (B * dl) / avgdl)));
    }
    count++;
  }
  return { docs: docs.subarray(0, count), scores: scores ? scores.subarray(0, count) : null };
}

function termNode(ctx: ShardContext, leaf: LeafField, term: string, boost: number): QueryNode {
  const index = ctx.store.inverted.get(leaf.path);
  ctx.noteTerm(leaf.path, term);
  const posting = index?.postings.get(term);
  if (!index || !posting || posting.df === 0) return NONE;
  return { execute: (scored) => scorePosting(ctx, index, posting, boost * idf(index.docCount, posting.df), scored) };
}

/** Several terms scored together with blended statistics (fuzzy expansions; Lucene's TopTermsBlendedFreqScoringRewrite). */
function blendedNode(ctx: ShardContext, leaf: LeafField, terms: { term: string; boost: number }[], boost: number): QueryNode {
  const index = ctx.store.inverted.get(leaf.path);
  if (!index) return NONE;
  const found: { posting: Posting; boost: number }[] = [];
  for (const { term, boost: termBoost } of terms) {
    const posting = index.postings.get(term);
    if (posting && posting.df > 0) {
      found.push({ posting, boost: termBoost });
      ctx.noteTerm(leaf.path, term);
    }
  }
  if (found.length === 0) return NONE;
  const maxDf = Math.max(...found.map((f) => f.posting.df));
  return {
    execute(scored) {
      const weightIdf = idf(index.docCount, found.length > 1 ? maxDf : found[0]!.posting.df);
      const sets = found.map((f) => scorePosting(ctx, index, f.posting, boost * f.boost * weightIdf, scored));
      return union(sets, ctx.scratch, ctx.maxDoc, 1, 1, scored);
    },
  };
}

/** Terms at one position (stacked tokens): Lucene's SynonymQuery, one pseudo-term with summed frequencies. */
function synonymNode(ctx: ShardContext, leaf: LeafField, terms: string[], boost: number): QueryNode {
  const index = ctx.store.inverted.get(leaf.path);
  if (!index) return NONE;
  const postings = terms.map((t) => index.postings.get(t)).filter((p): p is Posting => p !== undefined && p.df > 0);
  for (const t of terms) ctx.noteTerm(leaf.path, t);
  if (postings.length === 0) return NONE;
  if (postings.length === 1) return { execute: (scored) => scorePosting(ctx, index, postings[0]!, boost * idf(index.docCount, postings[0]!.df), scored) };
  return {
    execute(scored) {
      const weight = boost * idf(index.docCount, Math.max(...postings.map((p) => p.df)));
      const freq = new Map<number, number>();
      for (const p of postings) {
        for (let k = 0; k < p.size; k++) {
          const doc = postingDoc(p, k);
          if (ctx.store.live[doc] !== 1) continue;
          freq.set(doc, (freq.get(doc) ?? 0) + (index.keepPositions ? postingFreq(p, k) : 1));
        }
      }
      const docs = Int32Array.from(freq.keys()).sort();
      if (!scored) return { docs, scores: null };
      const avgdl = averageLength(index);
      const scores = new Float64Array(docs.length);
      docs.forEach((doc, i) => {
        const tf = freq.get(doc)!;
        const dl = index.keepPositions && leaf.norms ? (index.norms[doc] ?? 1) : 1;
        scores[i] = weight * (tf / (tf + K1 * (1 - B + (B * dl) / avgdl)));
      });
      return { docs, scores };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function liveDocSet(ctx: ShardContext, score: number | null): DocSet {
  const docs = ctx.store.liveDocs();
  return { docs, scores: score === null ? null : new Float64Array(docs.length).fill(score) };
}

function predicateNode(ctx: ShardContext, test: (doc: number) => boolean, boost: number): QueryNode {
  return {
    test,
    execute(scored) {
      const { store } = ctx;
      const docs = new Int32Array(store.liveCount);
      let count = 0;
      for (let doc = 0; doc < store.maxDoc; doc++) if (store.live[doc] === 1 && test(doc)) docs[count++] = doc;
      const set = { docs: docs.subarray(0, count), scores: null };
      return scored ? constantScore(set, boost) : set;
    },
  };
}

function columnTest(column: Column | undefined, match: (value: unknown) => boolean): (doc: number) => boolean {
  if (!column) return () => false;
  const values = column.values;
  return (doc) => {
    const value = values[doc];
    if (value === undefined) return false;
    if (Array.isArray(value)) {
      for (const v of value) if (match(v)) return true;
      return false;
    }
    return match(value);
  };
}

/** Documents holding any of the given terms of a field, unscored (prefix, wildcard, terms). */
function docsWithTerms(ctx: ShardContext, index: TermIndex, terms: Iterable<string>): DocSet {
  const postings: Posting[] = [];
  let total = 0;
  for (const term of terms) {
    const posting = index.postings.get(term);
    if (posting && posting.df > 0) {
      postings.push(posting);
      total += posting.size;
    }
  }
  if (postings.length === 0) return EMPTY;
  const live = ctx.store.live;
  if (postings.length === 1) {
    const only = postings[0]!;
    const docs = new Int32Array(only.size);
    let c = 0;
    for (let k = 0; k < only.size; k++) {
      const doc = postingDoc(only, k);
      if (live[doc] === 1) docs[c++] = doc;
    }
    return { docs: docs.subarray(0, c), scores: null };
  }
  ctx.scratch.ensure(ctx.maxDoc);
  const marks = ctx.scratch.marks;
  const touched: number[] = [];
  for (const posting of postings) {
    for (let k = 0; k < posting.size; k++) {
      const doc = postingDoc(posting, k);
      if (live[doc] !== 1 || marks[doc] === 1) continue;
      marks[doc] = 1;
      touched.push(doc);
    }
  }
  let docs: Int32Array;
  if (total > ctx.maxDoc / 8) {
    docs = new Int32Array(touched.length);
    let c = 0;
    for (let doc = 0; doc < ctx.maxDoc; doc++) if (marks[doc] === 1) docs[c++] = doc;
  } else docs = Int32Array.from(touched).sort();
  for (const doc of touched) marks[doc] = 0;
  return { docs, scores: null };
}

function constantNode(ctx: ShardContext, run: () => DocSet, boost: number): QueryNode {
  return { execute: (scored) => (scored ? constantScore(run(), boost) : run()) };
}

function boosted(node: QueryNode, boost: number): QueryNode {
  if (boost === 1) return node;
  return { test: node.test, execute: (scored) => (scored ? withScores(node.execute(true), (s) => s * boost) : node.execute(false)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Values of a query against a field's type

function requireIndexed(ctx: ShardContext, leaf: LeafField): void {
  if (!leaf.indexed) throw ctx.fail(`failed to create query: Cannot search on field [${leaf.path}] since it is not indexed.`);
}

function numberValue(ctx: ShardContext, leaf: LeafField, value: Scalar): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) throw ctx.fail(`failed to create query: For input string: "${String(value)}"`, { type: 'number_format_exception', reason: `For input string: "${String(value)}"` });
  return n;
}

function booleanValue(ctx: ShardContext, value: Scalar): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === '') return false;
  throw ctx.fail(`failed to create query: Can't parse boolean value [${String(value)}], expected [true] or [false]`);
}

function dateBounds(ctx: ShardContext, leaf: LeafField, value: Scalar, format?: DateFormat, zone?: string): [number, number] {
  const options = { now: ctx.now, zone: zone ? timeZone(zone) : UTC };
  const f = format ?? leaf.format!;
  try {
    const low = parseDateMath(typeof value === 'boolean' ? String(value) : value, f, { ...options, roundUp: false });
    const high = parseDateMath(typeof value === 'boolean' ? String(value) : value, f, { ...options, roundUp: true });
    return [low, high];
  } catch (error) {
    if (error instanceof OpenSearchError) throw ctx.fail(`failed to create query: ${error.reason}`, error.toCause());
    throw error;
  }
}

/** The exact-value query of a non-text field (term, match on a number/date/boolean/keyword). */
function exactNode(ctx: ShardContext, leaf: LeafField, value: Scalar, boost: number, caseInsensitive = false): QueryNode {
  switch (leaf.kind) {
    case 'text':
    case 'keyword': {
      requireIndexed(ctx, leaf);
      const term = leaf.kind === 'keyword' && leaf.normalizer ? leaf.normalizer.normalize(String(value)) : String(value);
      if (caseInsensitive) {
        const index = ctx.store.inverted.get(leaf.path);
        if (!index) return NONE;
        const lower = term.toLowerCase();
        const matching = [...index.postings.keys()].filter((t) => t.toLowerCase() === lower);
        for (const t of matching) ctx.noteTerm(leaf.path, t);
        return constantNode(ctx, () => docsWithTerms(ctx, index, matching), boost);
      }
      if (leaf.prefixField) return prefixNode(ctx, leaf, term, boost);
      return termNode(ctx, leaf, term, boost);
    }
    case 'number': {
      const n = numberValue(ctx, leaf, value);
      if (/long|integer|short|byte/.test(leaf.type) && !Number.isInteger(n)) return NONE;
      const target = leaf.type === 'float' || leaf.type === 'half_float' ? Math.fround(n) : leaf.type === 'scaled_float' ? Math.round(n * leaf.scalingFactor!) / leaf.scalingFactor! : n;
      return predicateNode(ctx, columnTest(ctx.store.columns.get(leaf.path), (v) => v === target), boost);
    }
    case 'date': {
      const [low, high] = dateBounds(ctx, leaf, value);
      return predicateNode(ctx, columnTest(ctx.store.columns.get(leaf.path), (v) => (v as number) >= low && (v as number) <= high), boost);
    }
    case 'boolean': {
      const b = booleanValue(ctx, value);
      return predicateNode(ctx, columnTest(ctx.store.columns.get(leaf.path), (v) => v === b), boost);
    }
    case 'geo':
      throw ctx.fail(`Geometry fields do not support exact searching, use dedicated geometry queries instead: [${leaf.path}]`);
  }
}

function idsNode(ctx: ShardContext, ids: readonly string[], boost: number): QueryNode {
  return constantNode(
    ctx,
    () => {
      const docs = ids.map((id) => ctx.store.byId.get(id)).filter((d): d is number => d !== undefined);
      return { docs: Int32Array.from(new Set(docs)).sort(), scores: null };
    },
    boost,
  );
}

function indexNode(ctx: ShardContext, matches: boolean, boost: number): QueryNode {
  return matches ? { execute: (scored) => liveDocSet(ctx, scored ? boost : null), test: () => true } : NONE;
}

function prefixNode(ctx: ShardContext, leaf: LeafField, prefix: string, boost: number, caseInsensitive = false): QueryNode {
  if (leaf.kind !== 'text' && leaf.kind !== 'keyword') {
    throw ctx.fail(`failed to create query: Can only use prefix queries on keyword and text fields - not on [${leaf.path}] which is of type [${leaf.type}]`);
  }
  requireIndexed(ctx, leaf);
  const value = leaf.kind === 'keyword' && leaf.normalizer ? leaf.normalizer.normalize(prefix) : prefix;
  ctx.notePrefix(leaf.path, value);
  if (leaf.prefixField) {
    // `._index_prefix`: the prefix among the field's words and shingles.
    const sources = leaf.prefixSources!.map((path) => ctx.store.inverted.get(path)).filter((i): i is TermIndex => i !== undefined);
    return constantNode(ctx, () => union(sources.map((i) => docsWithTerms(ctx, i, prefixTerms(i, value, caseInsensitive))), ctx.scratch, ctx.maxDoc, 1, 1, false), boost);
  }
  const index = ctx.store.inverted.get(leaf.path);
  if (!index) return NONE;
  return constantNode(ctx, () => docsWithTerms(ctx, index, prefixTerms(index, value, caseInsensitive)), boost);
}

function prefixTerms(index: TermIndex, prefix: string, caseInsensitive: boolean): string[] {
  const sorted = index.sortedTerms();
  if (caseInsensitive) {
    const lower = prefix.toLowerCase();
    return sorted.filter((t) => t.toLowerCase().startsWith(lower));
  }
  const start = lowerBound(sorted, prefix);
  return sorted.slice(start, prefix === '' ? sorted.length : prefixEnd(sorted, prefix, start));
}

function fuzzyTerms(ctx: ShardContext, leaf: LeafField, term: string, edits: number, fuzzy: FuzzyOptions): { term: string; boost: number }[] {
  const index = ctx.store.inverted.get(leaf.path);
  if (!index) return [];
  const expansions = ctx.vocabulary.of(leaf).fuzzy(term, edits, fuzzy.prefixLength, fuzzy.transpositions).filter((e) => {
    const posting = index.postings.get(e.term);
    return posting !== undefined && posting.df > 0;
  });
  return topExpansions(expansions, fuzzy.maxExpansions).map((e) => ({ term: e.term, boost: e.boost }));
}

function editsFor(term: string, fuzzy: FuzzyOptions): number {
  const f = fuzzy.fuzziness;
  if (!f) return 0;
  return f.auto ? autoEdits(term, f.low, f.high) : f.edits;
}

/** One analysed position of a match query: a term, a fuzzy term, or stacked terms. */
function positionNode(ctx: ShardContext, leaf: LeafField, terms: string[], fuzzy: FuzzyOptions, boost: number): QueryNode {
  if (leaf.prefixField) return orNodes(ctx, terms.map((t) => prefixNode(ctx, leaf, t, boost)));
  if (terms.length > 1) {
    if (!fuzzy.fuzziness) return synonymNode(ctx, leaf, terms, boost);
    return orNodes(ctx, terms.map((t) => positionNode(ctx, leaf, [t], fuzzy, boost)));
  }
  const term = terms[0]!;
  const edits = editsFor(term, fuzzy);
  if (edits === 0) return termNode(ctx, leaf, term, boost);
  return blendedNode(ctx, leaf, fuzzyTerms(ctx, leaf, term, edits, fuzzy), boost);
}

function orNodes(ctx: ShardContext, nodes: QueryNode[]): QueryNode {
  if (nodes.length === 1) return nodes[0]!;
  return { execute: (scored) => union(nodes.map((n) => n.execute(scored)), ctx.scratch, ctx.maxDoc, 1, 1, scored) };
}

function combine(ctx: ShardContext, nodes: QueryNode[], operator: Operator, msmSpec: string | undefined): QueryNode {
  if (nodes.length === 1 && msmSpec === undefined) return nodes[0]!;
  if (operator === 'and') return boolNode(ctx, { must: nodes, filter: [], should: [], mustNot: [] }, undefined, 1);
  return boolNode(ctx, { must: [], filter: [], should: nodes, mustNot: [] }, msmSpec, 1);
}

function analyzerFor(ctx: ShardContext, leaf: LeafField, name: string | undefined, query: string): Analyzer {
  if (name === undefined) return leaf.searchAnalyzer ?? leaf.analyzer!;
  const analyzer = ctx.index.analysis.analyzer(name);
  if (!analyzer) throw ctx.fail(`[${query}] analyzer [${name}] not found`);
  return analyzer;
}

// ---------------------------------------------------------------------------------------------------------------
// Full-text queries on one field

interface MatchSpec {
  query: Scalar;
  operator: Operator;
  fuzzy: FuzzyOptions;
  minimumShouldMatch?: string;
  analyzer?: string;
  zeroTerms: 'none' | 'all';
  lenient: boolean;
  boost: number;
}

function matchField(ctx: ShardContext, leaf: LeafField, spec: MatchSpec, mode: 'match' | 'bool_prefix'): QueryNode {
  if (leaf.kind !== 'text') {
    try {
      if (leaf.kind === 'keyword') {
        const edits = editsFor(String(spec.query), spec.fuzzy);
        const value = leaf.normalizer ? leaf.normalizer.normalize(String(spec.query)) : String(spec.query);
        if (mode === 'bool_prefix') return prefixNode(ctx, leaf, value, spec.boost);
        if (edits > 0) return blendedNode(ctx, leaf, fuzzyTerms(ctx, leaf, value, edits, spec.fuzzy), spec.boost);
      }
      return exactNode(ctx, leaf, spec.query, spec.boost);
    } catch (error) {
      if (spec.lenient) return NONE;
      throw error;
    }
  }
  requireIndexed(ctx, leaf);
  const analyzer = analyzerFor(ctx, leaf, spec.analyzer, mode === 'match' ? 'match' : 'match_bool_prefix');
  const positions = positionsOf(analyzer, String(spec.query));
  if (positions.length === 0) return spec.zeroTerms === 'all' ? { execute: (scored) => liveDocSet(ctx, scored ? 1 : null) } : NONE;
  const nodes = positions.map((terms, i) => {
    if (mode === 'bool_prefix' && i === positions.length - 1) return orNodes(ctx, terms.map((t) => prefixNode(ctx, leaf, t, 1)));
    return positionNode(ctx, leaf, terms, spec.fuzzy, 1);
  });
  return boosted(combine(ctx, nodes, spec.operator, spec.minimumShouldMatch), spec.boost);
}

function phraseField(ctx: ShardContext, leaf: LeafField, text: string, slop: number, analyzerName: string | undefined, boost: number, prefix: { maxExpansions: number } | undefined, zeroTerms: 'none' | 'all', lenient = false): QueryNode {
  if (leaf.kind !== 'text') {
    try {
      if (prefix && leaf.kind === 'keyword') return prefixNode(ctx, leaf, text, boost);
      return exactNode(ctx, leaf, text, boost);
    } catch (error) {
      if (lenient) return NONE;
      throw error;
    }
  }
  requireIndexed(ctx, leaf);
  const analyzer = analyzerFor(ctx, leaf, analyzerName, prefix ? 'match_phrase_prefix' : 'match_phrase');
  const positions = positionsOf(analyzer, text);
  if (positions.length === 0) return zeroTerms === 'all' ? { execute: (scored) => liveDocSet(ctx, scored ? 1 : null) } : NONE;
  const index = ctx.store.inverted.get(leaf.path);
  if (prefix) {
    const last = positions[positions.length - 1]!;
    const expanded = index ? last.flatMap((t) => prefixTerms(index, t, false)).slice(0, prefix.maxExpansions) : [];
    for (const t of last) ctx.notePrefix(leaf.path, t);
    if (expanded.length === 0) return NONE;
    positions[positions.length - 1] = expanded;
    if (positions.length === 1) {
      const nodes = expanded.map((t) => termNode(ctx, leaf, t, 1));
      return boosted(orNodes(ctx, nodes), boost);
    }
  }
  if (positions.length === 1) return boosted(positionNode(ctx, leaf, positions[0]!, { prefixLength: 0, maxExpansions: 50, transpositions: true }, 1), boost);
  if (!index) return NONE;
  for (const terms of positions) for (const t of terms) ctx.noteTerm(leaf.path, t);
  return phraseNode(ctx, index, positions, slop, boost);
}

function phraseNode(ctx: ShardContext, index: TermIndex, positions: string[][], slop: number, boost: number): QueryNode {
  const slots = positions.map((terms) => terms.map((t) => index.postings.get(t)).filter((p): p is Posting => p !== undefined && p.df > 0));
  if (slots.some((s) => s.length === 0)) return NONE;
  const wanted = new Set<number>(slots.flat().map((p) => p.id));
  const slotIds = slots.map((s) => new Set(s.map((p) => p.id)));
  const idfSum = slots.flat().reduce((sum, p) => sum + idf(index.docCount, p.df), 0);
  return {
    execute(scored) {
      // Candidates: documents with some term of every position.
      let candidates: DocSet | undefined;
      for (const slot of slots) {
        const set = docsWithTerms(ctx, index, slot.map((p) => p.term));
        candidates = candidates ? intersect(candidates, set, false) : set;
        if (candidates.docs.length === 0) return NONE.execute(scored);
      }
      const docs: number[] = [];
      const freqs: number[] = [];
      for (const doc of candidates!.docs) {
        const byId = index.positions(doc, wanted);
        if (!byId) continue;
        const lists = slotIds.map((ids) => {
          const merged: number[] = [];
          for (const id of ids) merged.push(...(byId.get(id) ?? []));
          return merged.sort((a, b) => a - b);
        });
        const freq = phraseFrequency(lists, slop);
        if (freq > 0) {
          docs.push(doc);
          freqs.push(freq);
        }
      }
      const set: DocSet = { docs: Int32Array.from(docs), scores: null };
      if (!scored) return set;
      const avgdl = averageLength(index);
      const scores = new Float64Array(docs.length);
      docs.forEach((doc, i) => {
        const tf = freqs[i]!;
        const dl = index.norms[doc] ?? 1;
        scores[i] = boost * idfSum * (tf / (tf + K1 * (1 - B + (B * dl) / avgdl)));
      });
      return { docs: set.docs, scores };
    },
  };
}

/**
 * How often the phrase occurs given each slot's positions: exact matches count 1 each; with slop, a match whose
 * terms are `d` positions out of place (d <= slop) counts 1 / (1 + d), as Lucene's sloppy phrase scoring.
 */
export function phraseFrequency(lists: number[][], slop: number): number {
  if (lists.some((l) => l.length === 0)) return 0;
  let freq = 0;
  for (const start of lists[0]!) {
    if (slop === 0) {
      let ok = true;
      for (let i = 1; i < lists.length && ok; i++) ok = binaryHas(lists[i]!, start + i);
      if (ok) freq++;
      continue;
    }
    let lo = start;
    let hi = start;
    const used = new Set<number>([start]);
    let ok = true;
    for (let i = 1; i < lists.length; i++) {
      // the position of term i closest to where the phrase expects it
      let best: number | undefined;
      for (const p of lists[i]!) {
        if (used.has(p)) continue;
        if (best === undefined || Math.abs(p - i - start) < Math.abs(best - i - start)) best = p;
      }
      if (best === undefined) {
        ok = false;
        break;
      }
      used.add(best);
      lo = Math.min(lo, best - i);
      hi = Math.max(hi, best - i);
    }
    if (!ok) continue;
    const distance = hi - lo;
    if (distance <= slop) freq += 1 / (1 + distance);
  }
  return freq;
}

function binaryHas(sorted: number[], value: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === value;
}

// ---------------------------------------------------------------------------------------------------------------
// bool

interface BoolParts {
  must: QueryNode[];
  filter: QueryNode[];
  should: QueryNode[];
  mustNot: QueryNode[];
}

function boolNode(ctx: ShardContext, parts: BoolParts, msmSpec: string | undefined, boost: number): QueryNode {
  const { must, filter, should, mustNot } = parts;
  const hasRequired = must.length + filter.length > 0;
  const msm = msmSpec !== undefined ? minimumShouldMatch(should.length, msmSpec) : should.length > 0 && !hasRequired ? 1 : 0;
  const empty = must.length + filter.length + should.length + mustNot.length === 0;
  const node: QueryNode = {
    execute(scored) {
      if (empty) return liveDocSet(ctx, scored ? boost : null);
      let result: DocSet | undefined;
      const mustSets = must.map((n) => n.execute(scored));
      // Filters that test documents one at a time run on the candidates once there are few of them.
      const setFilters: QueryNode[] = [];
      const testFilters: QueryNode[] = [];
      for (const f of filter) (f.test ? testFilters : setFilters).push(f);
      const filterSets = setFilters.map((n) => n.execute(false));
      const required = [...mustSets.map((set) => ({ set, scored: true })), ...filterSets.map((set) => ({ set, scored: false }))].sort((a, b) => a.set.docs.length - b.set.docs.length);
      for (const { set, scored: adds } of required) {
        if (!result) result = adds || !scored ? set : { docs: set.docs, scores: null };
        else result = intersect(result, set, adds && scored);
        if (result.docs.length === 0) break;
      }
      for (const f of testFilters) {
        if (!result) result = f.execute(false);
        else if (result.docs.length > ctx.maxDoc / 4) result = intersect(result, f.execute(false), false);
        else result = filterSet(result, (doc) => f.test!(doc));
      }
      if (should.length > 0 && (msm > 0 || !hasRequired || (scored && result !== undefined && result.docs.length > 0))) {
        const shouldSets = should.map((n) => n.execute(scored));
        const any = union(shouldSets, ctx.scratch, ctx.maxDoc, 1, Math.max(1, msm), scored);
        if (msm > 0 || !hasRequired) result = result ? intersect(result, any, scored) : any;
        else if (result) result = addOptional(result, any);
      }
      if (!result) result = liveDocSet(ctx, scored ? 0 : null); // only must_not clauses: everything else, unscored
      if (mustNot.length > 0 && result.docs.length > 0) {
        for (const n of mustNot) {
          if (n.test && result.docs.length < ctx.maxDoc / 4) {
            const test = n.test;
            result = filterSet(result, (doc) => !test(doc));
          } else result = subtract(result, n.execute(false));
        }
      }
      if (!scored) return unscored(result);
      if (!result.scores) return { docs: result.docs, scores: new Float64Array(result.docs.length) };
      return boost === 1 ? result : withScores(result, (s) => s * boost);
    },
  };
  return node;
}

// ---------------------------------------------------------------------------------------------------------------
// function_score

type Evaluator = (doc: number) => number;

function scoreFunction(ctx: ShardContext, fn: ScoreFunction): { filter?: Uint8Array; evaluate: Evaluator; weight: number } {
  const weight = fn.weight ?? 1;
  const filter = fn.filter ? bitmap(compile(ctx, fn.filter, false).execute(false), ctx.maxDoc) : undefined;
  const mapping = ctx.index.mapping;
  switch (fn.type) {
    case 'weight':
      return { filter, weight, evaluate: () => weight };
    case 'random_score': {
      const seed = fn.seed;
      return {
        filter,
        weight,
        evaluate: (doc) => {
          let h = (seed ^ 0x9e3779b9) >>> 0;
          const id = ctx.store.ids[doc] ?? '';
          for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
          return weight * ((h >>> 8) / 0x1000000);
        },
      };
    }
    case 'field_value_factor': {
      const leaf = mapping.leaf(fn.field);
      if (leaf && leaf.kind !== 'number' && leaf.kind !== 'date' && leaf.kind !== 'boolean') {
        throw ctx.fail(`field [${fn.field}] of type [${leaf.type}] is not supported for aggregation [field_value_factor]`);
      }
      if (!leaf && fn.missing === undefined) throw ctx.fail(`Unable to find a field mapper for field [${fn.field}]. No 'missing' value defined.`);
      const column = leaf ? ctx.store.columns.get(leaf.path) : undefined;
      const modify = MODIFY[fn.modifier]!;
      return {
        filter,
        weight,
        evaluate: (doc) => {
          const raw = column?.values[doc];
          let value: number;
          if (raw === undefined) {
            if (fn.missing === undefined) throw ctx.fail(`Missing value for field [${fn.field}]`);
            value = fn.missing;
          } else {
            const first = Array.isArray(raw) ? Math.min(...raw.map(Number)) : Number(raw);
            value = first;
          }
          const result = modify(value * fn.factor);
          if (Number.isNaN(result) || !Number.isFinite(result)) throw ctx.fail(`Result of field modification [${fn.modifier}(${value * fn.factor})] must be a number`);
          if (result < 0) throw ctx.fail(`field value function must not produce negative scores, but got: [${result}] for field value: [${value}]`);
          return weight * result;
        },
      };
    }
    case 'decay': {
      const leaf = mapping.leaf(fn.field);
      if (!leaf) throw ctx.fail(`unknown field [${fn.field}]`);
      const column = ctx.store.columns.get(leaf.path);
      let distance: (value: unknown) => number;
      let scale: number;
      if (leaf.kind === 'date') {
        const origin = fn.origin === undefined ? ctx.now : dateBounds(ctx, leaf, fn.origin as Scalar)[0];
        scale = parseTimeValue(fn.scale as string | number, 'DecayFunctionParser.scale');
        const offset = fn.offset === undefined ? 0 : parseTimeValue(fn.offset as string | number, 'DecayFunctionParser.offset');
        distance = (v) => Math.max(0, Math.abs((v as number) - origin) - offset);
      } else if (leaf.kind === 'number') {
        if (fn.origin === undefined) throw ctx.fail('both [scale] and [origin] must be set for numeric fields.');
        const origin = numberValue(ctx, leaf, fn.origin as Scalar);
        scale = numberValue(ctx, leaf, fn.scale as Scalar);
        const offset = fn.offset === undefined ? 0 : numberValue(ctx, leaf, fn.offset as Scalar);
        distance = (v) => Math.max(0, Math.abs((v as number) - origin) - offset);
      } else if (leaf.kind === 'geo') {
        if (fn.origin === undefined) throw ctx.fail('[origin] and [scale] must be set for geo fields.');
        const origin = parseGeoPoint(fn.origin, 'origin');
        scale = parseDistance(fn.scale);
        const offset = fn.offset === undefined ? 0 : parseDistance(fn.offset);
        distance = (v) => Math.max(0, arcDistance(origin, v as GeoPoint) - offset);
      } else {
        throw ctx.fail(`field [${fn.field}] is of type [${leaf.type}], but only numeric types are supported.`);
      }
      const decay = fn.decayValue;
      const curve: (d: number) => number =
        fn.decay === 'gauss'
          ? (d) => Math.exp((d * d * Math.log(decay)) / (scale * scale))
          : fn.decay === 'exp'
            ? (d) => Math.exp((Math.log(decay) / scale) * d)
            : (d) => {
                const s = scale / (1 - decay);
                return Math.max(0, (s - d) / s);
              };
      const mode = fn.multiValueMode;
      return {
        filter,
        weight,
        evaluate: (doc) => {
          const raw = column?.values[doc];
          if (raw === undefined) return weight; // a document without the field scores 1
          const values = Array.isArray(raw) ? raw : [raw];
          const distances = values.map(distance);
          const d =
            mode === 'min'
              ? Math.min(...distances)
              : mode === 'max'
                ? Math.max(...distances)
                : mode === 'sum'
                  ? distances.reduce((a, b) => a + b, 0)
                  : distances.reduce((a, b) => a + b, 0) / distances.length;
          return weight * curve(d);
        },
      };
    }
  }
}

const MODIFY: Record<string, (v: number) => number> = {
  none: (v) => v,
  log: Math.log10,
  log1p: (v) => Math.log10(v + 1),
  log2p: (v) => Math.log10(v + 2),
  ln: Math.log,
  ln1p: (v) => Math.log(v + 1),
  ln2p: (v) => Math.log(v + 2),
  square: (v) => v * v,
  sqrt: Math.sqrt,
  reciprocal: (v) => 1 / v,
};

function functionScoreNode(ctx: ShardContext, q: Extract<Query, { kind: 'function_score' }>): QueryNode {
  const inner = compile(ctx, q.query, true);
  const functions = q.functions.map((fn) => scoreFunction(ctx, fn));
  return {
    execute(scored) {
      const needScores = scored || q.minScore !== undefined;
      const base = inner.execute(needScores);
      if (!needScores) return base;
      const scores = new Float64Array(base.docs.length);
      for (let i = 0; i < base.docs.length; i++) {
        const doc = base.docs[i]!;
        const sub = base.scores ? base.scores[i]! : 0;
        let factor = 1;
        if (functions.length > 0) {
          switch (q.scoreMode) {
            case 'first':
              for (const f of functions) {
                if (f.filter && f.filter[doc] !== 1) continue;
                factor = f.evaluate(doc);
                break;
              }
              break;
            case 'max': {
              let m = Number.NEGATIVE_INFINITY;
              for (const f of functions) if (!f.filter || f.filter[doc] === 1) m = Math.max(m, f.evaluate(doc));
              if (m !== Number.NEGATIVE_INFINITY) factor = m;
              break;
            }
            case 'min': {
              let m = Number.POSITIVE_INFINITY;
              for (const f of functions) if (!f.filter || f.filter[doc] === 1) m = Math.min(m, f.evaluate(doc));
              if (m !== Number.POSITIVE_INFINITY) factor = m;
              break;
            }
            case 'multiply':
              for (const f of functions) if (!f.filter || f.filter[doc] === 1) factor *= f.evaluate(doc);
              break;
            default: {
              let total = 0;
              let weights = 0;
              for (const f of functions) {
                if (f.filter && f.filter[doc] !== 1) continue;
                total += f.evaluate(doc);
                weights += f.weight;
              }
              if (weights !== 0) factor = q.scoreMode === 'avg' ? total / weights : total;
            }
          }
        }
        const capped = Math.min(factor, q.maxBoost);
        let score: number;
        if (functions.length === 0) score = sub;
        else {
          switch (q.boostMode) {
            case 'replace':
              score = capped;
              break;
            case 'sum':
              score = sub + capped;
              break;
            case 'avg':
              score = (sub + capped) / 2;
              break;
            case 'max':
              score = Math.max(sub, capped);
              break;
            case 'min':
              score = Math.min(sub, capped);
              break;
            default:
              score = sub * capped;
          }
        }
        if (score < 0 || Number.isNaN(score)) throw ctx.fail(`function score query returned an invalid score: ${score} for doc: ${doc}`);
        scores[i] = score * q.boost;
      }
      let result: DocSet = { docs: base.docs, scores };
      if (q.minScore !== undefined) {
        const min = q.minScore;
        result = filterSet(result, (_doc, i) => scores[i]! >= min);
      }
      return scored ? result : unscored(result);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The compiler

function leafOrNone(ctx: ShardContext, field: string): LeafField | undefined {
  return ctx.index.mapping.leaf(field);
}

/** Compiles a parsed query for one index. `scoring` says whether scores are wanted (false in filter context). */
export function compile(ctx: ShardContext, q: Query, scoring = true): QueryNode {
  switch (q.kind) {
    case 'match_all':
      return { execute: (scored) => liveDocSet(ctx, scored ? q.boost : null), test: () => true };
    case 'match_none':
      return NONE;
    case 'bool': {
      const parts: BoolParts = {
        must: q.must.map((c) => compile(ctx, c, scoring)),
        filter: q.filter.map((c) => compile(ctx, c, false)),
        should: q.should.map((c) => compile(ctx, c, scoring)),
        mustNot: ctx.withoutHighlight(() => q.mustNot.map((c) => compile(ctx, c, false))),
      };
      return boolNode(ctx, parts, q.minimumShouldMatch, q.boost);
    }
    case 'term': {
      if (q.field === '_id') return idsNode(ctx, [String(q.value)], q.boost);
      if (q.field === '_index') return indexNode(ctx, ctx.indexMatches(String(q.value)), q.boost);
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return exactNode(ctx, leaf, q.value, q.boost, q.caseInsensitive);
    }
    case 'terms': {
      if (q.field === '_id') return idsNode(ctx, q.values.map(String), q.boost);
      if (q.field === '_index') return indexNode(ctx, q.values.some((v) => ctx.indexMatches(String(v))), q.boost);
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf || q.values.length === 0) return NONE;
      if (leaf.kind === 'keyword' || leaf.kind === 'text') {
        const index = ctx.store.inverted.get(leaf.path);
        if (!index) return NONE;
        const terms = q.values.map((v) => (leaf.normalizer ? leaf.normalizer.normalize(String(v)) : String(v)));
        for (const t of terms) ctx.noteTerm(leaf.path, t);
        return constantNode(ctx, () => docsWithTerms(ctx, index, terms), q.boost);
      }
      const nodes = q.values.map((v) => exactNode(ctx, leaf, v, 1));
      const tests = nodes.map((n) => n.test!);
      return predicateNode(ctx, (doc) => tests.some((t) => t(doc)), q.boost);
    }
    case 'range':
      return rangeNode(ctx, q);
    case 'exists': {
      if (q.field === '_id' || q.field === '_index' || q.field === '_source') return { execute: (scored) => liveDocSet(ctx, scored ? q.boost : null), test: () => true };
      const leaves = q.field.includes('*') ? ctx.index.mapping.matchLeaves(q.field) : ctx.index.mapping.leavesUnder(q.field);
      if (leaves.length === 0) return NONE;
      const tests = leaves.map((leaf) => {
        const index = ctx.store.inverted.get(leaf.path);
        const column = ctx.store.columns.get(leaf.path);
        if (leaf.kind === 'text') return index ? (doc: number) => index.norms[doc] !== undefined : () => false;
        return column ? (doc: number) => column.values[doc] !== undefined : () => false;
      });
      return predicateNode(ctx, tests.length === 1 ? tests[0]! : (doc) => tests.some((t) => t(doc)), q.boost);
    }
    case 'ids':
      return idsNode(ctx, q.values, q.boost);
    case 'prefix': {
      if (q.field === '_id') return predicateNode(ctx, (doc) => (ctx.store.ids[doc] ?? '').startsWith(q.value), q.boost);
      if (q.field === '_index') return indexNode(ctx, ctx.indexMatches(`${q.value}*`), q.boost);
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return prefixNode(ctx, leaf, q.value, q.boost, q.caseInsensitive);
    }
    case 'wildcard': {
      if (q.field === '_index') return indexNode(ctx, ctx.indexMatches(q.value), q.boost);
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      if (leaf.kind !== 'text' && leaf.kind !== 'keyword') throw ctx.fail(`Can only use wildcard queries on keyword and text fields - not on [${leaf.path}] which is of type [${leaf.type}]`);
      const index = ctx.store.inverted.get(leaf.path);
      if (!index) return NONE;
      const pattern = leaf.normalizer ? leaf.normalizer.normalize(q.value) : q.value;
      const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, q.caseInsensitive ? 'i' : '');
      const terms = index.sortedTerms().filter((t) => re.test(t));
      for (const t of terms) ctx.noteTerm(leaf.path, t);
      return constantNode(ctx, () => docsWithTerms(ctx, index, terms), q.boost);
    }
    case 'fuzzy': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      if (leaf.kind !== 'text' && leaf.kind !== 'keyword') throw ctx.fail(`Can only use fuzzy queries on keyword and text fields - not on [${leaf.path}] which is of type [${leaf.type}]`);
      const edits = editsFor(q.value, q.fuzzy);
      if (edits === 0) return termNode(ctx, leaf, q.value, q.boost);
      return blendedNode(ctx, leaf, fuzzyTerms(ctx, leaf, q.value, edits, q.fuzzy), q.boost);
    }
    case 'match': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return matchField(ctx, leaf, q, 'match');
    }
    case 'match_phrase': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return phraseField(ctx, leaf, q.query, q.slop, q.analyzer, q.boost, undefined, q.zeroTerms);
    }
    case 'match_phrase_prefix': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return phraseField(ctx, leaf, q.query, q.slop, q.analyzer, q.boost, { maxExpansions: q.maxExpansions }, q.zeroTerms);
    }
    case 'match_bool_prefix': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) return NONE;
      return matchField(ctx, leaf, { ...q, zeroTerms: 'none', lenient: false }, 'bool_prefix');
    }
    case 'multi_match':
      return multiMatchNode(ctx, q);
    case 'constant_score': {
      const inner = compile(ctx, q.filter, false);
      return { test: inner.test, execute: (scored) => (scored ? constantScore(inner.execute(false), q.boost) : inner.execute(false)) };
    }
    case 'dis_max': {
      const nodes = q.queries.map((c) => compile(ctx, c, scoring));
      return {
        execute(scored) {
          const set = union(nodes.map((n) => n.execute(scored)), ctx.scratch, ctx.maxDoc, q.tieBreaker, 1, scored);
          return scored && q.boost !== 1 ? withScores(set, (s) => s * q.boost) : set;
        },
      };
    }
    case 'boosting': {
      const positive = compile(ctx, q.positive, scoring);
      const negative = ctx.withoutHighlight(() => compile(ctx, q.negative, false));
      return {
        execute(scored) {
          const set = positive.execute(scored);
          if (!scored) return set;
          const neg = bitmap(negative.execute(false), ctx.maxDoc);
          return withScoresIndexed(set, (score, doc) => (neg[doc] === 1 ? score * q.negativeBoost : score) * q.boost);
        },
      };
    }
    case 'function_score':
      return functionScoreNode(ctx, q);
    case 'geo_distance': {
      const leaf = leafOrNone(ctx, q.field);
      if (!leaf) {
        if (q.ignoreUnmapped) return NONE;
        throw ctx.fail(`failed to find geo_point field [${q.field}]`);
      }
      if (leaf.kind !== 'geo') throw ctx.fail(`field [${q.field}] is not a geo_point field`);
      let point: GeoPoint;
      let distance: number;
      try {
        point = parseGeoPoint(q.point, q.field);
        distance = parseDistance(q.distance);
      } catch (error) {
        if (error instanceof OpenSearchError) throw ctx.fail(error.reason, error.toCause());
        throw error;
      }
      const measure = distanceFunction(q.distanceType);
      return predicateNode(ctx, columnTest(ctx.store.columns.get(leaf.path), (v) => measure(point, v as GeoPoint) <= distance), q.boost);
    }
  }
}

function withScoresIndexed(set: DocSet, score: (old: number, doc: number) => number): DocSet {
  const scores = new Float64Array(set.docs.length);
  for (let i = 0; i < scores.length; i++) scores[i] = score(set.scores ? set.scores[i]! : 0, set.docs[i]!);
  return { docs: set.docs, scores };
}

function rangeNode(ctx: ShardContext, q: Extract<Query, { kind: 'range' }>): QueryNode {
  const leaf = leafOrNone(ctx, q.field);
  if (!leaf) return NONE;
  const column = ctx.store.columns.get(leaf.path);
  switch (leaf.kind) {
    case 'number': {
      const low = q.gte !== undefined ? numberValue(ctx, leaf, q.gte) : q.gt !== undefined ? numberValue(ctx, leaf, q.gt) : Number.NEGATIVE_INFINITY;
      const high = q.lte !== undefined ? numberValue(ctx, leaf, q.lte) : q.lt !== undefined ? numberValue(ctx, leaf, q.lt) : Number.POSITIVE_INFINITY;
      const lowInclusive = q.gte !== undefined || q.gt === undefined;
      const highInclusive = q.lte !== undefined || q.lt === undefined;
      return predicateNode(ctx, columnTest(column, (v) => inRange(v as number, low, high, lowInclusive, highInclusive)), q.boost);
    }
    case 'date': {
      let format: DateFormat | undefined;
      if (q.format !== undefined) {
        try {
          format = dateFormat(q.format);
        } catch (error) {
          if (error instanceof OpenSearchError) throw ctx.fail(error.reason);
          throw error;
        }
      }
      // gt and lte round up (to the end of the unit or the day the text leaves open); gte and lt round down.
      const low = q.gte !== undefined ? dateBounds(ctx, leaf, q.gte, format, q.timeZone)[0] : q.gt !== undefined ? dateBounds(ctx, leaf, q.gt, format, q.timeZone)[1] : Number.NEGATIVE_INFINITY;
      const high = q.lte !== undefined ? dateBounds(ctx, leaf, q.lte, format, q.timeZone)[1] : q.lt !== undefined ? dateBounds(ctx, leaf, q.lt, format, q.timeZone)[0] : Number.POSITIVE_INFINITY;
      const lowInclusive = q.gte !== undefined || q.gt === undefined;
      const highInclusive = q.lte !== undefined || q.lt === undefined;
      return predicateNode(ctx, columnTest(column, (v) => inRange(v as number, low, high, lowInclusive, highInclusive)), q.boost);
    }
    case 'keyword':
    case 'text': {
      const norm = (v: Scalar | undefined) => (v === undefined ? undefined : leaf.normalizer ? leaf.normalizer.normalize(String(v)) : String(v));
      const low = norm(q.gte ?? q.gt);
      const high = norm(q.lte ?? q.lt);
      const inside = (t: string) => (low === undefined || (q.gte !== undefined ? t >= low : t > low)) && (high === undefined || (q.lte !== undefined ? t <= high : t < high));
      if (leaf.kind === 'keyword') return predicateNode(ctx, columnTest(column, (v) => inside(v as string)), q.boost);
      const index = ctx.store.inverted.get(leaf.path);
      if (!index) return NONE;
      return constantNode(ctx, () => docsWithTerms(ctx, index, index.sortedTerms().filter(inside)), q.boost);
    }
    case 'boolean': {
      const toNumber = (v: Scalar) => (booleanValue(ctx, v) ? 1 : 0);
      const low = q.gte !== undefined ? toNumber(q.gte) : q.gt !== undefined ? toNumber(q.gt) + 0.5 : -1;
      const high = q.lte !== undefined ? toNumber(q.lte) : q.lt !== undefined ? toNumber(q.lt) - 0.5 : 2;
      return predicateNode(ctx, columnTest(column, (v) => (v ? 1 : 0) >= low && (v ? 1 : 0) <= high), q.boost);
    }
    case 'geo':
      throw ctx.fail(`Field [${leaf.path}] of type [geo_point] does not support range queries`);
  }
}

function inRange(v: number, low: number, high: number, lowInclusive: boolean, highInclusive: boolean): boolean {
  return (lowInclusive ? v >= low : v > low) && (highInclusive ? v <= high : v < high);
}

/** The fields a multi_match names, with their boosts (patterns expanded; several patterns on one field multiply). */
export function multiMatchFields(mapping: CompiledMapping, fields: { pattern: string; boost: number }[] | undefined): { leaf: LeafField; boost: number }[] {
  const resolved = new Map<LeafField, number>();
  const patterns = fields ?? [{ pattern: '*', boost: 1 }];
  for (const { pattern, boost } of patterns) {
    const all = pattern === '*';
    for (const leaf of mapping.matchLeaves(pattern)) {
      if (all && leaf.kind !== 'text' && leaf.kind !== 'keyword') continue;
      resolved.set(leaf, (resolved.get(leaf) ?? 1) * boost);
    }
  }
  return [...resolved].map(([leaf, boost]) => ({ leaf, boost }));
}

function multiMatchNode(ctx: ShardContext, q: Extract<Query, { kind: 'multi_match' }>): QueryNode {
  const lenient = q.lenient || q.fields === undefined || q.fields.some((f) => f.pattern === '*');
  const fields = multiMatchFields(ctx.index.mapping, q.fields);
  if (fields.length === 0) return NONE;
  const nodes = fields.map(({ leaf, boost }) => {
    try {
      switch (q.type) {
        case 'phrase':
          return phraseField(ctx, leaf, String(q.query), q.slop, q.analyzer, boost, undefined, q.zeroTerms, lenient);
        case 'phrase_prefix':
          return phraseField(ctx, leaf, String(q.query), q.slop, q.analyzer, boost, { maxExpansions: q.fuzzy.maxExpansions }, q.zeroTerms, lenient);
        case 'bool_prefix':
          return matchField(ctx, leaf, { ...q, lenient, boost }, 'bool_prefix');
        default:
          return matchField(ctx, leaf, { ...q, lenient, boost }, 'match');
      }
    } catch (error) {
      if (lenient) return NONE;
      throw error;
    }
  });
  const tie = q.tieBreaker ?? (q.type === 'most_fields' || q.type === 'bool_prefix' ? 1 : 0);
  return {
    execute(scored) {
      const set = union(nodes.map((n) => n.execute(scored)), ctx.scratch, ctx.maxDoc, tie, 1, scored);
      return scored && q.boost !== 1 ? withScores(set, (s) => s * q.boost) : set;
    },
  };
}
