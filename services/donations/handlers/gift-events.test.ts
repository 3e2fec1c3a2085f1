import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { reindexRunSchema } from '@giving/shared/contracts/reindex';
import { GiftPublished } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import { ENV } from '@giving/shared/manifest';
import { testEventBus } from '../../../tools/local/src/testing/event-bus';
import { routeEvent, type TestCaller } from '../../../tools/local/src/testing/http-events';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { streamEvent } from '../../../tools/local/src/testing/stream-records';
import { testUserPool } from '../../../tools/local/src/testing/user-pool';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { createGift, setGiftActive, updateGift } from '../domain/dollar-handles';
import donations from '../service';
import { handler as publishGift } from './publish-gift';
import { reindexCharityGifts } from './reindex-gifts';

/**
 * GiftPublished from the donations table's stream, and ReIndexCharityGifts, in-process against DynamoDB Local and the
 * local event bus, with the route's guard confirming the administrator with cognito-local.
 */
let tables: Awaited<ReturnType<typeof testTables>>;
let bus: Awaited<ReturnType<typeof testEventBus>>;
let pool: Awaited<ReturnType<typeof testUserPool>>;
let gifts: ReturnType<typeof dynamoGiftCatalog>;
const ADMIN = { sub: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', groups: '[Administrator]', username: '' };
const DONOR = { sub: 'a1b2c3d4-e5f6-4789-a0b1-c2d3e4f5a6b7', groups: '[]' };
const clock = fixedClock('2026-11-26T09:00:00.000Z');
const table = () => tables.tableName('donations');
const charity = { id: newId(), name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', country: 'nz' as const, logoImageUrl: '/media/kiwi.svg', isActive: true, version: '1'.padStart(40, '0') };

beforeAll(async () => {
  tables = await testTables([donations]);
  bus = await testEventBus();
  pool = await testUserPool();
  Object.assign(process.env, {
    [ENV.tableName('donations')]: table(),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    ...bus.environment,
    ...pool.environment,
  });
  ADMIN.username = await pool.member(ADMIN.sub, 'alex.morgan@koha.test', ['Administrator']);
  gifts = dynamoGiftCatalog(tables.client, table());
  await dynamoCharityDirectory(tables.client, table()).save(charity);
});

afterAll(async () => {
  await pool?.stop();
  await bus?.stop();
});

const deps = () => ({ gifts, charities: dynamoCharityDirectory(tables.client, table()), clock, newId: () => newId() });
const storedItem = async (productUrl: string) =>
  (await tables.client.send(new GetCommand({ TableName: table(), Key: { pk: `CHARITYURL#${charity.charityUrl}`, sk: `GIFT#${productUrl}` }, ConsistentRead: true }))).Item as Record<string, unknown>;

const reindexCall = (as?: TestCaller) => reindexCharityGifts(routeEvent('POST', '/donations/backoffice/ReIndexCharityGifts', as));

describe('GiftPublished from the stream, and ReIndexCharityGifts', () => {
  let giftId = '';

  it('publishes each stored revision of a gift, with event id gift-<id>-<revision>', async () => {
    const gift = await createGift(deps(), charity.id, { title: 'Feed a kiwi chick', description: 'Worms.', productUrl: 'feed-a-kiwi-chick', priceCents: 2500 }, `key-${newId()}`);
    giftId = gift.id;
    await setGiftActive(deps(), { charityId: charity.id }, giftId, false);
    const created = await storedItem('feed-a-kiwi-chick');
    expect(created.revision).toBe(2);
    const result = await publishGift(streamEvent([{ eventName: 'MODIFY', sequenceNumber: '10', item: created }]));
    expect(result).toEqual({ batchItemFailures: [] });
    const [envelope] = bus.envelopes(GiftPublished);
    expect(envelope?.metadata.id).toBe(`gift-${giftId}-2`);
    expect(envelope?.data).toEqual({
      change: 'Published',
      gift: {
        id: giftId,
        title: 'Feed a kiwi chick',
        description: 'Worms.',
        imageUrl: '',
        iconUrl: '',
        productUrl: 'feed-a-kiwi-chick',
        price: { cents: 2500, currency: 'NZD' },
        isActive: false,
        charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
        createdAt: '2026-11-26T09:00:00.000Z',
        revision: 2,
      },
    });
  });

  it("publishes a gift moved to a new page address under its new key, and nothing for the old key's removal", async () => {
    bus.clear();
    await updateGift(deps(), charity.id, giftId, { title: 'Feed a kiwi chick for a week', description: 'Worms.', productUrl: 'feed-a-chick', priceCents: 3000 });
    const moved = await storedItem('feed-a-chick');
    const result = await publishGift(
      streamEvent([
        { eventName: 'REMOVE', sequenceNumber: '11', keys: { pk: `CHARITYURL#${charity.charityUrl}`, sk: 'GIFT#feed-a-kiwi-chick' } },
        { eventName: 'INSERT', sequenceNumber: '12', item: moved },
      ]),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(bus.envelopes(GiftPublished).map((envelope) => [envelope.metadata.id, envelope.data])).toEqual([
      [`gift-${giftId}-3`, { change: 'Published', gift: expect.objectContaining({ productUrl: 'feed-a-chick', price: { cents: 3000, currency: 'NZD' }, revision: 3 }) }],
    ]);
  });

  it('re-emits every gift at its stored revision, with the run in its event id and data', async () => {
    const others = [];
    for (let i = 0; i < 10; i++) others.push(await createGift(deps(), charity.id, { title: `Gift ${i}`, description: '.', productUrl: `gift-${i}`, priceCents: 1000 + i }, `key-${newId()}`));
    bus.clear();
    const response = await reindexCall(ADMIN);
    expect(response.statusCode).toBe(200);
    const run = reindexRunSchema.parse(JSON.parse(response.body ?? ''));
    expect(run).toEqual({ reindexId: expect.any(String), events: 11, batches: 2 });
    const envelopes = bus.envelopes(GiftPublished);
    expect(envelopes).toHaveLength(11);
    const moved = envelopes.find((envelope) => envelope.data.change === 'Published' && envelope.data.gift.id === giftId);
    expect(moved?.metadata.id).toBe(`gift-${giftId}-3-${run.reindexId}`);
    expect(moved?.data).toMatchObject({ change: 'Published', reindexId: run.reindexId, gift: { productUrl: 'feed-a-chick', revision: 3 } });
    for (const gift of others) expect(envelopes.some((envelope) => envelope.metadata.id === `gift-${gift.id}-1-${run.reindexId}`)).toBe(true);
  });

  it('is back-office work: 401 signed out, 403 without BackOffice_ManageCharities, and nothing emitted', async () => {
    bus.clear();
    expect((await reindexCall()).statusCode).toBe(401);
    expect((await reindexCall(DONOR)).statusCode).toBe(403);
    expect(bus.envelopes(GiftPublished)).toEqual([]);
  });
});
