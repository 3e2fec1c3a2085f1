import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexRunSchema } from '@giving/shared/contracts/reindex';
import { EventModified, PageModified } from '@giving/shared/events/fundraising';
import { newId } from '@giving/shared/ids';
import type { HttpHandler } from '@giving/shared/lambda/http';
import { ENV } from '@giving/shared/manifest';
import { testEventBus } from '../../../tools/local/src/testing/event-bus';
import { routeEvent, type TestCaller } from '../../../tools/local/src/testing/http-events';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { testUserPool } from '../../../tools/local/src/testing/user-pool';
import { dynamoFundraisingStore } from '../adapters/dynamo-store';
import type { StoredEvent, StoredMembership, StoredPage } from '../domain/ports';
import fundraising from '../service';
import { reindexEvents, reindexPages } from './reindex';

/**
 * ReIndexFundraisingEvents / ReIndexFundraisingPages in-process against DynamoDB Local and the local event bus, with
 * the routes' guard confirming the administrator with cognito-local.
 */
let bus: Awaited<ReturnType<typeof testEventBus>>;
let pool: Awaited<ReturnType<typeof testUserPool>>;
let store: ReturnType<typeof dynamoFundraisingStore>;
const ADMIN = { sub: '7d6c5b4a-3928-4716-a5b4-c3d2e1f0a9b8', groups: '[Administrator]', username: '' };
const DONOR = { sub: 'b7a69584-7362-4514-93a2-b1c0d9e8f7a6', groups: '[]' };
const now = '2026-11-26T09:00:00.000Z';

beforeAll(async () => {
  const tables = await testTables([fundraising]);
  bus = await testEventBus();
  pool = await testUserPool();
  Object.assign(process.env, {
    [ENV.tableName('fundraising')]: tables.tableName('fundraising'),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    ...bus.environment,
    ...pool.environment,
  });
  ADMIN.username = await pool.member(ADMIN.sub, 'alex.morgan@koha.test', ['Administrator']);
  store = dynamoFundraisingStore(tables.client, tables.tableName('fundraising'));
});

afterAll(async () => {
  await pool?.stop();
  await bus?.stop();
});

/** A single-page event: its event and its page, stored as the store stores them. */
async function aSinglePageEvent(isOnline = true): Promise<{ event: StoredEvent; page: StoredPage }> {
  const id = newId();
  const common = {
    eventUrl: `run-${id.toLowerCase()}`,
    country: 'nz' as const,
    charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
    title: 'Run for kiwi',
    story: 'We run.',
    imageUrl: '',
    targetAmount: 50_000,
    endDate: '2027-01-31',
    isOnline,
    owner: { memberId: 'm1', name: 'Aroha Ngata' },
    createdOn: now,
    currency: 'NZD' as const,
    onlineAmount: 0,
    offlineAmount: 0,
    matchedAmount: 0,
    donationsCount: 0,
    version: 1,
  };
  const event: StoredEvent = { ...common, id, kind: 'SinglePage', pagesCount: 1 };
  const page: StoredPage = { ...common, id: newId(), pageUrl: 'me', eventId: id, eventTitle: common.title, eventKind: 'SinglePage', eventOnline: isOnline };
  const owner = (target: StoredMembership['target']): StoredMembership => ({ memberId: 'm1', name: 'Aroha Ngata', role: 'Owner', joinedOn: now, target });
  const outcome = await store.createSinglePageEvent(event, page, {
    event: owner({ kind: 'event', id: event.id, title: event.title, eventUrl: event.eventUrl, country: 'nz' }),
    page: owner({ kind: 'page', id: page.id, title: page.title, eventUrl: event.eventUrl, pageUrl: page.pageUrl, country: 'nz' }),
  });
  expect(outcome).toBe('created');
  return { event, page };
}

const call = (handler: HttpHandler, name: string, as?: TestCaller) => handler(routeEvent('POST', `/fundraising/backOffice/${name}`, as));

describe('ReIndexFundraisingEvents and ReIndexFundraisingPages', () => {
  it('re-emit every stored event and page, online or not, as Modified at its stored version, in batches of 10', async () => {
    const made = [];
    for (let i = 0; i < 11; i++) made.push(await aSinglePageEvent(i !== 0));
    const [first] = made as [{ event: StoredEvent; page: StoredPage }];
    // A change raises the version: the re-emission carries the stored one.
    await store.updatePageContent(first.page.id, { title: 'Run further for kiwi', story: first.page.story, targetAmount: first.page.targetAmount, endDate: first.page.endDate });
    bus.clear();

    const pagesResponse = await call(reindexPages, 'ReIndexFundraisingPages', ADMIN);
    expect(pagesResponse.statusCode).toBe(200);
    const pagesRun = reindexRunSchema.parse(JSON.parse(pagesResponse.body ?? ''));
    expect(pagesRun).toEqual({ reindexId: expect.any(String), events: 11, batches: 2 });
    const pages = bus.envelopes(PageModified);
    expect(pages).toHaveLength(11);
    expect(pages.every((envelope) => envelope.data.change === 'Modified' && envelope.data.reindexId === pagesRun.reindexId)).toBe(true);
    const changed = pages.find((envelope) => envelope.data.page.id === first.page.id);
    expect(changed?.metadata.id).toBe(`page-${first.page.id}-2-${pagesRun.reindexId}`);
    expect(changed?.data.page).toMatchObject({ title: 'Run further for kiwi', version: 2, isOnline: false, status: 'Offline' });

    const eventsResponse = await call(reindexEvents, 'ReIndexFundraisingEvents', ADMIN);
    expect(eventsResponse.statusCode).toBe(200);
    const eventsRun = reindexRunSchema.parse(JSON.parse(eventsResponse.body ?? ''));
    expect(eventsRun).toEqual({ reindexId: expect.any(String), events: 11, batches: 2 });
    expect(eventsRun.reindexId).not.toBe(pagesRun.reindexId);
    const events = bus.envelopes(EventModified);
    for (const { event } of made) {
      expect(events.find((envelope) => envelope.data.event.id === event.id)?.metadata.id).toBe(`event-${event.id}-1-${eventsRun.reindexId}`);
    }
  });

  it('is back-office work: 401 signed out, 403 without BackOffice_ManageFundraising, and nothing emitted', async () => {
    bus.clear();
    for (const [handler, name] of [
      [reindexEvents, 'ReIndexFundraisingEvents'],
      [reindexPages, 'ReIndexFundraisingPages'],
    ] as const) {
      expect((await call(handler, name)).statusCode).toBe(401);
      expect((await call(handler, name, DONOR)).statusCode).toBe(403);
    }
    expect([...bus.envelopes(EventModified), ...bus.envelopes(PageModified)]).toEqual([]);
  });
});
