import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem } from '@giving/shared/contracts/search';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { padVersion } from '../domain/documents';
import type { DocumentCopies } from '../domain/ports';
import search from '../service';
import { dynamoDocumentCopies } from './dynamo-copies';

let copies: DocumentCopies;
beforeAll(async () => {
  const tables = await testTables([search]);
  copies = dynamoDocumentCopies(tables.client, tables.tableName('search'));
});

const charity = (title: string) => ({ type: 'charities', id: 'c1', title, image: '', slug: 'c1', description: '', country: 'nz', createdon: '2026-01-01T00:00:00Z', donationscount: 0, causes: [] }) as SearchItem;

describe("search's copies", () => {
  it('keep the newest version; an equal one is a refresh; each accepted write raises seq', async () => {
    const first = await copies.record({ index: 'charities', id: 'c1', item: charity('One'), version: padVersion(5) });
    expect(first).toMatchObject({ seq: 1, version: padVersion(5), item: { title: 'One' } });
    expect(await copies.record({ index: 'charities', id: 'c1', item: charity('Old'), version: padVersion(4) })).toBeUndefined();
    const refresh = await copies.record({ index: 'charities', id: 'c1', item: charity('One again'), version: padVersion(5) });
    expect(refresh?.seq).toBe(2);
    const removed = await copies.record({ index: 'charities', id: 'c1', item: undefined, version: padVersion(6) });
    expect(removed).toMatchObject({ seq: 3 });
    expect(removed?.item).toBeUndefined();
    expect((await copies.get('charities', 'c1'))?.item).toBeUndefined();
  });

  it("list a charity's gifts, and page through an index", async () => {
    const gift = (id: string) => ({ ...charity(id), type: 'charitygift', id }) as unknown as SearchItem;
    for (const id of ['g1', 'g2']) await copies.record({ index: 'charitygifts-v2', id, item: gift(id), version: padVersion(1), charityId: 'ch1' });
    await copies.record({ index: 'charitygifts-v2', id: 'g3', item: gift('g3'), version: padVersion(1), charityId: 'ch2' });
    expect((await copies.giftsOf('ch1')).map((copy) => copy.id).sort()).toEqual(['g1', 'g2']);
    const page = await copies.page('charitygifts-v2');
    expect(page.items.map((copy) => copy.id)).toEqual(['g1', 'g2', 'g3']);
    expect(page.cursor).toBeUndefined();
  });

  it('let one rebuild run at a time, until it finishes or goes stale', async () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(await copies.startRebuild('fundraisingpages', 'fundraisingpages__a', now, 60_000)).toBe(true);
    expect(await copies.rebuildOf('fundraisingpages')).toMatchObject({ building: 'fundraisingpages__a' });
    expect(await copies.startRebuild('fundraisingpages', 'fundraisingpages__b', new Date(now.getTime() + 1000), 60_000)).toBe(false);
    expect(await copies.startRebuild('fundraisingpages', 'fundraisingpages__c', new Date(now.getTime() + 120_000), 60_000)).toBe(true);
    // The stale one finishing later leaves the newer rebuild alone.
    await copies.finishRebuild('fundraisingpages', 'fundraisingpages__a', { now, documents: 1 });
    expect((await copies.rebuildOf('fundraisingpages'))?.building).toBe('fundraisingpages__c');
    await copies.finishRebuild('fundraisingpages', 'fundraisingpages__c', { now, documents: 12 });
    expect(await copies.rebuildOf('fundraisingpages')).toEqual({ lastRebuiltAt: now.toISOString(), lastDocuments: 12 });
  });
});
