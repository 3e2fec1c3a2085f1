import { conflict } from '@giving/shared/errors';
import { SEARCH_INDEXES, type GiftSearchDocument, type OpportunitySearchDocument, type SearchIndexName } from '@giving/shared/contracts/search';
import { scheduleFields } from './documents';
import type { IndexedDocument } from './documents';
import type { SearchDeps, StoredCopy } from './ports';

export type IndexOutcome = 'indexed' | 'removed' | 'stale';

/**
 * Indexes one document's newest state: search's copy first (a conditional write on the version, which also gives the
 * write its sequence number), then the index through its alias with that number as the external version, so of two
 * deliveries racing for one document the older can never land last. While a rebuild fills a new versioned index, the
 * document is written there too; the rebuild's state is read after the copy is stored, so a change is either in the
 * copies the rebuild reads or written to the new index by this call.
 */
export async function indexDocument(deps: SearchDeps, document: IndexedDocument): Promise<IndexOutcome> {
  const stored = await deps.copies.record(document);
  if (!stored) return 'stale';
  await writeCopy(deps, stored);
  return stored.item ? 'indexed' : 'removed';
}

async function writeCopy(deps: SearchDeps, copy: StoredCopy): Promise<void> {
  const rebuild = await deps.copies.rebuildOf(copy.index);
  const targets: string[] = [copy.index, ...(rebuild?.building ? [rebuild.building] : [])];
  for (const target of targets) {
    if (copy.item) await deps.engine.put(target, copy.id, copy.item, copy.seq);
    else await deps.engine.remove(target, copy.id, copy.seq);
  }
}

/** A charity's causes, as its gifts are filtered by them (empty until the charity's document has arrived). */
export async function causesOf(deps: SearchDeps, charityId: string): Promise<string[]> {
  const charity = await deps.copies.get('charities', charityId);
  return charity?.item?.type === 'charities' ? charity.item.causes : [];
}

/** After a charity's document: its gifts whose causes differ are indexed again with the charity's causes. */
export async function refreshGiftCauses(deps: SearchDeps, charityId: string, causes: readonly string[]): Promise<number> {
  let refreshed = 0;
  for (const gift of await deps.copies.giftsOf(charityId)) {
    const item = gift.item as GiftSearchDocument | undefined;
    if (!item || sameCauses(item.causes, causes)) continue;
    const stored = await deps.copies.record({ index: gift.index, id: gift.id, item: { ...item, causes: [...causes] }, version: gift.version, ...(gift.charityId ? { charityId: gift.charityId } : {}) });
    if (stored) {
      await writeCopy(deps, stored);
      refreshed++;
    }
  }
  return refreshed;
}

const sameCauses = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((cause, i) => cause === b[i]);

/**
 * The daily refresh of volunteering roles' next start (the soonest sort): each public role whose next start moved as
 * time passed is written again at its stored version (a refresh), through its copy, so it orders with real changes.
 */
export async function refreshRoleSchedules(deps: SearchDeps): Promise<number> {
  const now = deps.clock.now();
  let refreshed = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.copies.page('volunteeringopportunities-v2', cursor);
    for (const copy of page.items) {
      const item = copy.item as OpportunitySearchDocument | undefined;
      if (!item) continue;
      const { nextstart, ...rest } = item;
      const next = { ...rest, ...scheduleFields(item.sessions, now, item.firststart) } as OpportunitySearchDocument;
      if (next.nextstart === nextstart) continue;
      const stored = await deps.copies.record({ index: copy.index, id: copy.id, item: next, version: copy.version });
      if (stored) {
        await writeCopy(deps, stored);
        refreshed++;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return refreshed;
}

/** A rebuild that started this long ago and never finished (its function died) no longer blocks another. */
const REBUILD_STALE_AFTER_MS = 15 * 60 * 1000;
const BULK_SIZE = 500;

export interface RebuildOutcome {
  index: SearchIndexName;
  from?: string;
  to: string;
  documents: number;
}

/**
 * Re-indexes one index with no gap: a new versioned index is filled from search's copies while the old one keeps
 * answering, then the alias moves to the new one in one call and the old one is deleted.
 */
export async function rebuildIndex(deps: SearchDeps, index: SearchIndexName): Promise<RebuildOutcome> {
  await deps.engine.ensureIndexes();
  const building = await deps.engine.createIndex(index, deps.newId());
  if (!(await deps.copies.startRebuild(index, building, deps.clock.now(), REBUILD_STALE_AFTER_MS))) {
    await deps.engine.deleteIndex(building);
    throw conflict(`A re-index of ${index} is already running.`);
  }
  let documents = 0;
  try {
    let cursor: string | undefined;
    do {
      const page = await deps.copies.page(index, cursor);
      const live = page.items.flatMap((copy) => (copy.item ? [{ id: copy.id, item: copy.item, version: copy.seq }] : []));
      for (let i = 0; i < live.length; i += BULK_SIZE) {
        const outcome = await deps.engine.bulkPut(building, live.slice(i, i + BULK_SIZE));
        if (outcome.failed > 0) throw new Error(`${outcome.failed} documents of ${index} could not be indexed`);
      }
      documents += live.length;
      cursor = page.cursor;
    } while (cursor);
    const from = await deps.engine.aliasTarget(index);
    await deps.engine.switchAlias(index, from, building);
    await deps.copies.finishRebuild(index, building, { now: deps.clock.now(), documents });
    if (from && from !== building) await deps.engine.deleteIndex(from);
    return { index, ...(from ? { from } : {}), to: building, documents };
  } catch (error) {
    await deps.copies.finishRebuild(index, building);
    await deps.engine.deleteIndex(building).catch(() => undefined);
    throw error;
  }
}

export interface IndexStatus {
  index: SearchIndexName;
  target?: string;
  documents: number;
  rebuilding: boolean;
  lastRebuiltAt?: string;
}

/** The back office's operations panel: each index, what its alias points at, how many documents, any rebuild. */
export async function indexStatuses(deps: SearchDeps): Promise<IndexStatus[]> {
  await deps.engine.ensureIndexes();
  return Promise.all(
    SEARCH_INDEXES.map(async (index) => {
      const [target, state] = await Promise.all([deps.engine.aliasTarget(index), deps.copies.rebuildOf(index)]);
      const documents = target ? await deps.engine.count(target) : 0;
      return { index, ...(target ? { target } : {}), documents, rebuilding: Boolean(state?.building), ...(state?.lastRebuiltAt ? { lastRebuiltAt: state.lastRebuiltAt } : {}) };
    }),
  );
}
