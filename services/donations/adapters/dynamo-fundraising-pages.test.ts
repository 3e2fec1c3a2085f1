import { beforeAll, describe, expect, it } from 'vitest';
import type { EventData } from '@giving/shared/events';
import { PageModified } from '@giving/shared/events/fundraising';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { recordFundraisingPage } from '../domain/fundraising-pages';
import donations from '../service';
import { dynamoFundraisingPageDirectory } from './dynamo-fundraising-pages';

let pages: ReturnType<typeof dynamoFundraisingPageDirectory>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  pages = dynamoFundraisingPageDirectory(tables.client, tables.tableName('donations'));
});

const modified = (version: number, overrides: Partial<EventData<typeof PageModified>['page']> = {}, id = newId()): EventData<typeof PageModified> =>
  PageModified.schema.parse({
    change: version === 1 ? 'Created' : 'Modified',
    page: {
      id,
      pageUrl: 'me',
      eventId: 'E1',
      eventUrl: 'run-for-kiwi',
      eventTitle: 'Run for kiwi',
      eventKind: 'SinglePage',
      title: 'Run for kiwi',
      story: 'We run.',
      imageUrl: '',
      country: 'nz',
      charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
      ownerMemberId: 'm1',
      ownerName: 'Aroha Ngata',
      endDate: '2027-01-31',
      isOnline: true,
      status: 'Open',
      createdOn: '2026-11-01T00:00:00.000Z',
      version,
      currency: 'NZD',
      donatedAmount: 0,
      targetAmount: 50_000,
      donationsCount: 0,
      raisedPercentage: 0,
      onlineAmount: 0,
      offlineAmount: 0,
      matchedAmount: 0,
      ...overrides,
    },
  });

describe('donations’ copy of fundraising pages (DynamoDB Local)', () => {
  it('keeps the newest version; a ReIndexFundraisingPages re-emission at the same version changes nothing', async () => {
    const first = modified(3);
    expect(await recordFundraisingPage({ pages }, first)).toBe('saved');
    // A re-emission carries the stored version; what it says of the page is what that version said (its status is worked out anew).
    const reindexed = { ...modified(3, { isOnline: false, status: 'Ended' }, first.page.id), change: 'Modified' as const, reindexId: newId() };
    expect(await recordFundraisingPage({ pages }, reindexed)).toBe('stale');
    expect(await pages.get(first.page.id)).toMatchObject({ isOnline: true, version: 3 });
    expect(await recordFundraisingPage({ pages }, modified(4, { isOnline: false }, first.page.id))).toBe('saved');
    expect(await pages.get(first.page.id)).toMatchObject({ isOnline: false, version: 4 });
  });

  it('takes a re-emitted page it has never seen (a page published before this copy existed)', async () => {
    const unseen = { ...modified(5), change: 'Modified' as const, reindexId: newId() };
    expect(await recordFundraisingPage({ pages }, unseen)).toBe('saved');
    expect(await pages.get(unseen.page.id)).toMatchObject({ version: 5, isOnline: true });
  });
});
