import type { RawSearchResult, SearchIndexName, SearchItem } from '@giving/shared/contracts/search';
import type { Clock } from '@giving/shared/clock';
import type { IndexedDocument } from './documents';

/** A search request body in OpenSearch's query DSL (built by queries.ts or checked by raw-queries.ts). */
export type SearchBody = Record<string, unknown>;

/** What search needs of OpenSearch (in AWS the domain, locally the stand-in): the same client code talks to both. */
export interface SearchEngine {
  /** The index templates, and each alias over a first versioned index where it has none (idempotent; on deploy). */
  ensureIndexes(): Promise<void>;
  /** The versioned index an alias points at now. */
  aliasTarget(alias: SearchIndexName): Promise<string | undefined>;
  /** Writes a document if `version` is above the one the index holds (external versioning); 'stale' otherwise. */
  put(index: string, id: string, item: SearchItem, version: number): Promise<'written' | 'stale'>;
  /** Removes a document unless the index holds a newer version of it. */
  remove(index: string, id: string, version: number): Promise<'removed' | 'stale' | 'absent'>;
  /** Many documents in one call (a rebuild). Answers how many were written and how many failed. */
  bulkPut(index: string, documents: readonly { id: string; item: SearchItem; version: number }[]): Promise<{ written: number; failed: number }>;
  search(indexes: readonly string[], body: SearchBody): Promise<RawSearchResult>;
  /** A new, empty versioned index for the alias (the template gives its mappings). */
  createIndex(alias: SearchIndexName, version: string): Promise<string>;
  /** Moves the alias from one index to another in one `_aliases` call: searches never see a gap. */
  switchAlias(alias: SearchIndexName, from: string | undefined, to: string): Promise<void>;
  deleteIndex(index: string): Promise<void>;
  count(index: string): Promise<number>;
}

/** The engine refused a query (OpenSearch's 400 with its reason): the caller's query, not our fault. */
export class QueryRefused extends Error {
  override name = 'QueryRefused';
}

/** The engine did not answer (no connection, a time-out, or its own 5xx): the search is unavailable for now. */
export class SearchUnavailable extends Error {
  override name = 'SearchUnavailable';
}

/** Search's own copy of every document it indexed: the newest state wins, and a rebuild reads them all. */
export interface StoredCopy {
  index: SearchIndexName;
  id: string;
  item?: SearchItem;
  version: string;
  /** Goes up by one at every accepted write: the index's external version, so an older write never lands last. */
  seq: number;
  charityId?: string;
}

export interface DocumentCopies {
  /**
   * Stores the document's state unless a newer version is stored (an equal one is a refresh, as a re-index sends).
   * Answers the stored copy with its new `seq`, or undefined when the stored one is newer.
   */
  record(document: IndexedDocument): Promise<StoredCopy | undefined>;
  get(index: SearchIndexName, id: string): Promise<StoredCopy | undefined>;
  /** A charity's gifts (their causes are the charity's). */
  giftsOf(charityId: string): Promise<StoredCopy[]>;
  /** Every copy of an index, a page at a time. */
  page(index: SearchIndexName, cursor?: string): Promise<{ items: StoredCopy[]; cursor?: string }>;
  /** An index's state: the versioned index a rebuild is filling, if any. */
  rebuildOf(index: SearchIndexName): Promise<RebuildState | undefined>;
  /** Marks a rebuild as started; false when another is running (started within `staleAfterMs`). */
  startRebuild(index: SearchIndexName, building: string, now: Date, staleAfterMs: number): Promise<boolean>;
  /** Clears the rebuild; `done` (when it switched the alias) records when and how many documents. */
  finishRebuild(index: SearchIndexName, building: string, done?: { now: Date; documents: number }): Promise<void>;
}

export interface RebuildState {
  building?: string;
  startedAt?: string;
  lastRebuiltAt?: string;
  lastDocuments?: number;
}

export interface SearchDeps {
  engine: SearchEngine;
  copies: DocumentCopies;
  clock: Clock;
  newId: () => string;
}
