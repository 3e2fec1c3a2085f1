import type { Analyzer } from './analysis';
import type { GeoPoint } from './geo';
import { fuzzyExpand, lowerBound, type Expansion } from './fuzzy';
import type { IndexedDocument, LeafField } from './mapping';

/**
 * One index's searchable data (OpenSearch's single shard): per field an inverted index (postings with term
 * frequencies, field lengths as Lucene encodes them for BM25, and each document's term sequence for phrase queries),
 * per field a column of values (sort, aggregations, ranges, geo), and the documents' sources. Documents get increasing
 * numbers; a replaced or deleted document's number stays dead until the postings are compacted.
 */

export type ColumnValue = string | number | boolean | GeoPoint;

/**
 * One term's postings: document numbers (ascending) and term frequencies, interleaved in one array
 * ([doc, freq, doc, freq, ...], `size` entries) that grows by doubling; most terms are rare, and one small array
 * per term keeps their cost low.
 */
export interface Posting {
  readonly term: string;
  readonly id: number;
  data: number[] | Int32Array;
  /** Entries in data (live and dead). */
  size: number;
  /** Live documents holding the term. */
  df: number;
  /** Live occurrences. */
  ttf: number;
}

export const postingDoc = (p: Posting, k: number) => p.data[2 * k]!;
export const postingFreq = (p: Posting, k: number) => p.data[2 * k + 1]!;

/** Postings longer than this live in an Int32Array (4 bytes an entry; a typed array's own cost only pays off then). */
const TYPED_FROM = 32;

function append(p: Posting, doc: number, freq: number): void {
  const at = p.size * 2;
  if (at === p.data.length) {
    const capacity = Math.max(4, p.data.length * 2);
    if (capacity > TYPED_FROM) {
      const grown = new Int32Array(capacity);
      grown.set(p.data);
      p.data = grown;
    } else {
      const grown: number[] = new Array<number>(capacity);
      for (let i = 0; i < at; i++) grown[i] = p.data[i]!;
      p.data = grown;
    }
  }
  p.data[at] = doc;
  p.data[at + 1] = freq;
  p.size++;
}

// Lucene's SmallFloat.intToByte4 / byte4ToInt: field lengths are stored in one byte, exact below 24.
function longToInt4(i: number): number {
  const bits = 32 - Math.clz32(i);
  if (bits < 4) return i;
  const shift = bits - 4;
  return (((i >>> shift) & 0x07) | ((shift + 1) << 3)) >>> 0;
}
function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}
const NUM_FREE_VALUES = 255 - longToInt4(0x7fffffff);
/** The field length BM25 sees for a true length (what Lucene keeps after encoding it in a byte). */
export function encodedLength(length: number): number {
  if (length < NUM_FREE_VALUES) return length;
  return NUM_FREE_VALUES + int4ToLong(longToInt4(length - NUM_FREE_VALUES));
}

const GAP = -1;

/** The inverted index of one text or keyword field. */
export class TermIndex {
  readonly postings = new Map<string, Posting>();
  readonly termById: string[] = [];
  /** Per document: the field length BM25 uses, or undefined when the document has no value here. */
  readonly norms: (number | undefined)[] = [];
  /** Live documents with at least one term. */
  docCount = 0;
  sumTtf = 0;
  sumDf = 0;
  /** Per document: [start, end) in `tokens`; entries are term ids, GAP between values, -(id + 2) for a stacked token. */
  readonly tokenStart: (number | undefined)[] = [];
  readonly tokenEnd: number[] = [];
  tokens = new Int32Array(0);
  tokenCount = 0;
  private sorted: string[] = [];
  private unsorted: string[] = [];

  constructor(
    readonly field: LeafField,
    readonly keepPositions: boolean,
    private readonly vocabulary: Vocabulary,
  ) {}

  private posting(term: string): Posting {
    let posting = this.postings.get(term);
    if (!posting) {
      posting = { term, id: this.termById.length, data: [], size: 0, df: 0, ttf: 0 };
      this.postings.set(term, posting);
      this.termById.push(term);
      this.unsorted.push(term);
      this.vocabulary.add(term);
    }
    return posting;
  }

  private pushToken(value: number): void {
    if (this.tokenCount === this.tokens.length) {
      const grown = new Int32Array(Math.max(1024, this.tokens.length * 2));
      grown.set(this.tokens);
      this.tokens = grown;
    }
    this.tokens[this.tokenCount++] = value;
  }

  /** Indexes analysed values (text) for a document. */
  addText(doc: number, values: readonly string[], analyzer: Analyzer): void {
    const counts = new Map<Posting, number>();
    let length = 0;
    const start = this.tokenCount;
    values.forEach((value, index) => {
      if (index > 0 && this.keepPositions) this.pushToken(GAP);
      analyzer.analyze(value, (term, increment) => {
        if (term === '') return;
        const posting = this.posting(term);
        counts.set(posting, (counts.get(posting) ?? 0) + 1);
        if (this.keepPositions) this.pushToken(increment === 0 ? -(posting.id + 2) : posting.id);
        if (increment > 0) length++;
      });
    });
    if (this.keepPositions) {
      setAt(this.tokenStart, doc, start);
      setAt(this.tokenEnd, doc, this.tokenCount);
    }
    this.addCounts(doc, counts, this.field.norms ? encodedLength(length) : 1);
  }

  /** Indexes exact terms (keyword values, already normalised) for a document. */
  addTerms(doc: number, terms: readonly string[]): void {
    const counts = new Map<Posting, number>();
    for (const term of terms) counts.set(this.posting(term), 1);
    this.addCounts(doc, counts, 1);
  }

  private addCounts(doc: number, counts: Map<Posting, number>, norm: number): void {
    setAt(this.norms, doc, norm);
    if (counts.size === 0) return;
    this.docCount++;
    for (const [posting, freq] of counts) {
      if (posting.size === 0) {
        posting.data = [doc, freq]; // exactly sized: most terms stay this rare
        posting.size = 1;
      } else append(posting, doc, freq);
      posting.df++;
      posting.ttf += freq;
      this.sumTtf += freq;
      this.sumDf++;
    }
  }

  /** Forgets a document's statistics (its postings stay until compaction and are skipped as dead). */
  remove(doc: number, terms: Iterable<string>): void {
    if (this.norms[doc] === undefined) return;
    let any = false;
    const seen = new Set<string>();
    for (const term of terms) {
      if (seen.has(term)) continue;
      seen.add(term);
      const posting = this.postings.get(term);
      if (!posting) continue;
      const k = indexOf(posting, doc);
      if (k < 0) continue;
      any = true;
      const freq = postingFreq(posting, k);
      posting.df--;
      posting.ttf -= freq;
      this.sumTtf -= freq;
      this.sumDf--;
    }
    if (any) this.docCount--;
    this.norms[doc] = undefined;
    if (this.tokenStart[doc] !== undefined) this.tokenStart[doc] = undefined;
  }

  /** The distinct terms of a document, from its token sequence (text fields). */
  termsOf(doc: number): string[] {
    const start = this.tokenStart[doc];
    if (start === undefined) return [];
    const out = new Set<string>();
    for (let k = start; k < this.tokenEnd[doc]!; k++) {
      const v = this.tokens[k]!;
      if (v === GAP) continue;
      out.add(this.termById[v >= 0 ? v : -(v + 2)]!);
    }
    return [...out];
  }

  /** Positions of a document's terms: a map from term id to its positions, for phrase matching. */
  positions(doc: number, wanted: ReadonlySet<number>): Map<number, number[]> | undefined {
    const start = this.tokenStart[doc];
    if (start === undefined) return undefined;
    const out = new Map<number, number[]>();
    let position = -1;
    const gap = this.field.positionIncrementGap;
    for (let k = start; k < this.tokenEnd[doc]!; k++) {
      const v = this.tokens[k]!;
      if (v === GAP) {
        position += gap;
        continue;
      }
      let id: number;
      if (v >= 0) {
        position++;
        id = v;
      } else id = -(v + 2);
      if (!wanted.has(id)) continue;
      let list = out.get(id);
      if (!list) {
        list = [];
        out.set(id, list);
      }
      list.push(position);
    }
    return out;
  }

  /** All terms, sorted (kept up to date incrementally). */
  sortedTerms(): string[] {
    if (this.unsorted.length > 0) {
      this.sorted = mergeSorted(this.sorted, this.unsorted);
      this.unsorted = [];
    }
    return this.sorted;
  }

  /** Drops dead documents from the postings. */
  compact(live: Uint8Array): void {
    for (const [term, posting] of this.postings) {
      const kept: number[] = [];
      for (let r = 0; r < posting.size; r++) {
        const doc = postingDoc(posting, r);
        if (live[doc] !== 1) continue;
        kept.push(doc, postingFreq(posting, r));
      }
      posting.data = kept.length > TYPED_FROM ? Int32Array.from(kept) : kept;
      posting.size = kept.length / 2;
      if (posting.size === 0) this.postings.delete(term);
    }
    this.sorted = [...this.postings.keys()].sort();
    this.unsorted = [];
  }
}

function mergeSorted(sorted: string[], added: string[]): string[] {
  added.sort();
  if (added.length > 256 || sorted.length === 0) return sorted.length === 0 ? added : [...sorted, ...added].sort();
  const out = sorted.slice();
  for (const term of added) out.splice(lowerBound(out, term), 0, term);
  return out;
}

/** The entry of a document in a posting, or -1. */
function indexOf(posting: Posting, doc: number): number {
  let lo = 0;
  let hi = posting.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (postingDoc(posting, mid) < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo < posting.size && postingDoc(posting, lo) === doc ? lo : -1;
}

/** Sets arr[i], filling any gap with undefined so the array stays a plain (fast) one. */
function setAt<T>(arr: (T | undefined)[], i: number, value: T): void {
  while (arr.length < i) arr.push(undefined);
  arr[i] = value;
}

/** A field's values per document (one value, several, or undefined). */
export class Column {
  readonly values: (ColumnValue | ColumnValue[] | undefined)[] = [];
  /** Live documents with a value. */
  docCount = 0;

  set(doc: number, values: readonly ColumnValue[]): void {
    setAt(this.values, doc, values.length === 1 ? values[0]! : values.slice());
    this.docCount++;
  }

  remove(doc: number): void {
    if (this.values[doc] === undefined) return;
    this.values[doc] = undefined;
    this.docCount--;
  }

  /** The values of a document as a list (empty when it has none). */
  list(doc: number): ColumnValue[] {
    const value = this.values[doc];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  }
}

/** Every term of every index, sorted, for fuzzy expansion (one walk per query term serves all indexes and fields). */
export class Vocabulary {
  private readonly terms = new Set<string>();
  private sorted: string[] = [];
  private unsorted: string[] = [];
  private readonly cache = new Map<string, Expansion[]>();

  add(term: string): void {
    if (this.terms.has(term)) return;
    this.terms.add(term);
    this.unsorted.push(term);
  }

  /** Starts again from the terms still in use (after an index is deleted). */
  rebuild(terms: Iterable<string>): void {
    this.terms.clear();
    for (const term of terms) this.terms.add(term);
    this.sorted = [...this.terms].sort();
    this.unsorted = [];
    this.cache.clear();
  }

  get size(): number {
    return this.terms.size;
  }

  private current(): string[] {
    if (this.unsorted.length > 0) {
      this.sorted = mergeSorted(this.sorted, this.unsorted);
      this.unsorted = [];
      this.cache.clear();
    }
    return this.sorted;
  }

  /** Terms within maxEdits of `term` across all fields and indexes (cached until the vocabulary grows). */
  fuzzy(term: string, maxEdits: number, prefixLength: number, transpositions: boolean): Expansion[] {
    const sorted = this.current();
    const key = `${maxEdits}|${prefixLength}|${transpositions ? 1 : 0}|${term}`;
    let found = this.cache.get(key);
    if (!found) {
      found = fuzzyExpand(sorted, term, maxEdits, prefixLength, transpositions);
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(key, found);
    }
    return found;
  }

  clearCache(): void {
    this.cache.clear();
  }
}

/** A stored document's versioning: OpenSearch's _version, _seq_no and _primary_term. */
export interface DocMeta {
  version: number;
  seqNo: number;
  primaryTerm: number;
}

/**
 * The vocabularies fuzzy expansion walks: words of text fields, shingles of search_as_you_type sub-fields, and
 * keyword values are kept apart so that a typo in a word is never compared with ids, slugs or word pairs.
 */
export class Vocabularies {
  readonly words = new Vocabulary();
  readonly shingles = new Vocabulary();
  readonly keywords = new Vocabulary();

  of(field: LeafField): Vocabulary {
    return field.kind === 'keyword' ? this.keywords : field.shingleSize ? this.shingles : this.words;
  }

  /** How many distinct words the text fields hold. */
  get size(): number {
    return this.words.size;
  }

  clearCache(): void {
    this.words.clearCache();
    this.shingles.clearCache();
    this.keywords.clearCache();
  }

  /** Starts again from the terms of the given stores (after an index is deleted). */
  rebuild(stores: Iterable<ShardStore>): void {
    const words: string[] = [];
    const shingles: string[] = [];
    const keywords: string[] = [];
    for (const store of stores) {
      for (const index of store.inverted.values()) {
        const target = index.field.kind === 'keyword' ? keywords : index.field.shingleSize ? shingles : words;
        for (const term of index.postings.keys()) target.push(term);
      }
    }
    this.words.rebuild(words);
    this.shingles.rebuild(shingles);
    this.keywords.rebuild(keywords);
  }
}

export class ShardStore {
  /** Versions of live documents by id. */
  readonly meta = new Map<string, DocMeta>();
  /** Versions of deleted documents, so an older external version cannot bring them back. */
  readonly tombstones = new Map<string, DocMeta>();
  maxDoc = 0;
  live = new Uint8Array(1024);
  liveCount = 0;
  private dead = 0;
  readonly ids: (string | undefined)[] = [];
  /** Sources as UTF-8 (half the size of JS strings for text with macrons, and off the JS heap). */
  private readonly sources: (Buffer | undefined)[] = [];
  readonly byId = new Map<string, number>();
  readonly inverted = new Map<string, TermIndex>();
  readonly columns = new Map<string, Column>();

  constructor(private readonly vocabularies: Vocabularies) {}

  termIndex(field: LeafField): TermIndex {
    let index = this.inverted.get(field.path);
    if (!index) {
      index = new TermIndex(field, field.kind === 'text', this.vocabularies.of(field));
      this.inverted.set(field.path, index);
    }
    return index;
  }

  column(path: string): Column {
    let column = this.columns.get(path);
    if (!column) {
      column = new Column();
      this.columns.set(path, column);
    }
    return column;
  }

  /** Adds (or replaces) a document; answers its number. */
  put(id: string, source: string, document: IndexedDocument): number {
    const old = this.byId.get(id);
    if (old !== undefined) this.removeDoc(old);
    const doc = this.maxDoc++;
    if (doc >= this.live.length) {
      const grown = new Uint8Array(this.live.length * 2);
      grown.set(this.live);
      this.live = grown;
    }
    this.live[doc] = 1;
    this.liveCount++;
    setAt(this.ids, doc, id);
    setAt(this.sources, doc, Buffer.from(source, 'utf8'));
    this.byId.set(id, doc);
    for (const [field, values] of document.values) {
      if (values.length === 0) continue;
      if (field.kind === 'text') {
        if (field.indexed && !field.prefixField) this.termIndex(field).addText(doc, values as string[], field.analyzer!);
        continue;
      }
      this.column(field.path).set(doc, values);
      if (field.kind === 'keyword' && field.indexed) this.termIndex(field).addTerms(doc, values as string[]);
    }
    return doc;
  }

  delete(id: string): boolean {
    const doc = this.byId.get(id);
    if (doc === undefined) return false;
    this.removeDoc(doc);
    this.byId.delete(id);
    return true;
  }

  private removeDoc(doc: number): void {
    for (const index of this.inverted.values()) {
      if (index.norms[doc] === undefined) continue;
      const terms = index.keepPositions ? index.termsOf(doc) : (this.columns.get(index.field.path)?.list(doc) ?? []).map(String);
      index.remove(doc, terms);
    }
    for (const column of this.columns.values()) column.remove(doc);
    this.live[doc] = 0;
    this.liveCount--;
    this.sources[doc] = undefined;
    this.ids[doc] = undefined;
    this.dead++;
    if (this.dead > 10_000 && this.dead > this.liveCount) this.compact();
  }

  /** Drops dead documents from every posting (runs by itself once dead documents outnumber live ones). */
  compact(): void {
    for (const index of this.inverted.values()) index.compact(this.live);
    this.dead = 0;
  }

  /** A document's source as it was sent. */
  source(doc: number): string | undefined {
    return this.sources[doc]?.toString('utf8');
  }

  /** Bytes of all live sources. */
  sourceBytes(): number {
    let n = 0;
    for (const s of this.sources) n += s?.length ?? 0;
    return n;
  }

  /** Live documents, ascending. */
  liveDocs(): Int32Array {
    const docs = new Int32Array(this.liveCount);
    let k = 0;
    for (let doc = 0; doc < this.maxDoc; doc++) if (this.live[doc] === 1) docs[k++] = doc;
    return docs;
  }
}
