import { marshall } from '@aws-sdk/util-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveProgress } from '@giving/shared/contracts/fundraising';
import { newId } from '@giving/shared/ids';
import { liveChannel, type LiveChannel } from '@giving/shared/live/channels';
import { dynamoLiveConnections, type LiveConnections } from '@giving/shared/live/connections';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { postLiveProgress, REFRESH_EVERY_POSTS, type LiveProgressPorts } from '../domain/live-progress';
import { liveProgressStreamHandler } from '../handlers/post-live-progress';
import fundraising from '../service';
import { dynamoFundraisingStore } from './dynamo-store';
import { keys } from './keys';
import { dynamoLivePostedClaim, liveProgressPorts } from './live';

/**
 * The live progress consumer's coalescing against DynamoDB Local: the real connections (LIVE# items), the real
 * conditional LIVEPOSTED# claim and the real donors query; the posts are recorded instead of sent (the publisher and
 * the WebSocket stand-in have their own tests in handlers/live.test.ts).
 */
let client: Awaited<ReturnType<typeof testTables>>['client'];
let table = '';
let connections: LiveConnections;

interface Posted {
  channel: LiveChannel;
  ids: readonly string[];
  /** What the round's first post sent. */
  message: LiveProgress;
  /** What each post sent, in the round's order. */
  messages: LiveProgress[];
}

/**
 * Ports whose posts are recorded instead of sent: one connection at a time, each post a macrotask (as a round of HTTP
 * posts is); `beforePost(n)` runs before the n-th post (from 0).
 */
function portsRecording(posted: Posted[], options: { beforePost?: (n: number) => Promise<void>; postMs?: number } = {}): LiveProgressPorts {
  return liveProgressPorts({
    client,
    tableName: table,
    store: dynamoFundraisingStore(client, table),
    connections,
    publisher: {
      postToChannel: () => Promise.reject(new Error('not used')),
      postToConnections: async (channel, ids, message) => {
        const newest = (typeof message === 'function' ? message : () => message) as () => LiveProgress;
        const messages: LiveProgress[] = [];
        for (const [n] of ids.entries()) {
          await options.beforePost?.(n);
          await new Promise((resolve) => (options.postMs ? setTimeout(resolve, options.postMs) : setImmediate(resolve)));
          messages.push(newest());
        }
        posted.push({ channel, ids, message: messages[0]!, messages });
        return { connections: ids.length, sent: ids.length, gone: 0, failed: 0 };
      },
    },
  });
}

const store = async (image: Record<string, unknown>) => client.send(new PutCommand({ TableName: table, Item: image }));

const totals = { currency: 'NZD', onlineAmount: 0, matchedAmount: 0, targetAmount: 10_000 };
const pageImage = (id: string, version: number, offlineAmount = version * 1000) => ({
  ...keys.page(id),
  id,
  version,
  ...totals,
  offlineAmount,
  donationsCount: version - 1,
});
const eventImage = (id: string, version: number) => ({ ...keys.event(id), id, version, ...totals, offlineAmount: version * 500, donationsCount: version });

async function watch(channel: LiveChannel, count = 2): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `c${newId()}`);
  for (const connectionId of ids) await connections.add({ connectionId, channel, connectedAt: new Date() });
  return ids;
}

async function addDonors(pageId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const donatedOn = new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
    const id = newId();
    await client.send(
      new PutCommand({
        TableName: table,
        Item: { ...keys.donor(pageId, donatedOn, id), id, pageId, name: i % 2 ? 'Anonymous' : `Donor ${i}`, amount: 1000 + i, currency: 'NZD', donatedOn, kind: 'Offline' },
      }),
    );
  }
}

beforeAll(async () => {
  const tables = await testTables([fundraising]);
  client = tables.client;
  table = tables.tableName('fundraising');
  connections = dynamoLiveConnections(client, table);
});

describe('live progress, coalesced per channel', () => {
  it("posts each watched channel's newest version in a batch once, with its totals, and a page's newest donors", async () => {
    const page = newId();
    const event = newId();
    const unwatched = newId();
    const pageWatchers = await watch(liveChannel.page(page), 3);
    const eventWatchers = await watch(liveChannel.event(event));
    await addDonors(page, 7);
    const posted: Posted[] = [];

    const outcomes = await postLiveProgress(portsRecording(posted), [
      pageImage(page, 3),
      eventImage(event, 2),
      pageImage(page, 5),
      pageImage(unwatched, 2),
      pageImage(page, 4),
      undefined,
      { pk: 'OFFLINE#x', sk: 'OFFLINE', id: 'x', version: 9 },
    ]);

    expect(Object.fromEntries(outcomes)).toEqual({ [`page:${page}`]: 'posted', [`event:${event}`]: 'posted', [`page:${unwatched}`]: 'nobody' });
    expect(posted).toHaveLength(2);
    const toPage = posted.find((post) => post.channel === liveChannel.page(page))!;
    expect([...toPage.ids].sort()).toEqual([...pageWatchers].sort());
    expect(toPage.message).toMatchObject({
      kind: 'page',
      id: page,
      version: 5,
      currency: 'NZD',
      donatedAmount: 5000,
      offlineAmount: 5000,
      targetAmount: 10_000,
      raisedPercentage: 50,
      donationsCount: 4,
    });
    // The newest five of seven, newest first, as GET .../donors shows them.
    expect(toPage.message.donors?.map((donor) => donor.amount)).toEqual([1006, 1005, 1004, 1003, 1002]);
    expect(toPage.message.donors?.[1]).toEqual({ id: expect.any(String), name: 'Anonymous', amount: 1005, currency: 'NZD', donatedOn: expect.any(String), kind: 'Offline' });
    const toEvent = posted.find((post) => post.channel === liveChannel.event(event))!;
    expect([...toEvent.ids].sort()).toEqual([...eventWatchers].sort());
    expect(toEvent.message).toMatchObject({ kind: 'event', id: event, version: 2, donatedAmount: 1000 });
    expect(toEvent.message.donors).toBeUndefined();

    // The last posted version is kept for the watched channels only.
    const claimOf = async (channel: LiveChannel) => (await client.send(new GetCommand({ TableName: table, Key: keys.livePosted(channel), ConsistentRead: true }))).Item;
    expect(await claimOf(liveChannel.page(page))).toMatchObject({ version: 5, expiresAt: expect.any(Number) });
    expect(await claimOf(liveChannel.page(unwatched))).toBeUndefined();
  });

  it('skips a version already posted or older (a redelivered batch, the sort-key fix of the same version) and posts a newer one', async () => {
    const page = newId();
    await watch(liveChannel.page(page));
    const posted: Posted[] = [];
    const ports = portsRecording(posted);

    await postLiveProgress(ports, [pageImage(page, 5)]);
    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 5)]))).toEqual({ [`page:${page}`]: 'stale' });
    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 3), pageImage(page, 4)]))).toEqual({ [`page:${page}`]: 'stale' });
    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 6)]))).toEqual({ [`page:${page}`]: 'posted' });
    expect(posted.map((post) => post.message.version)).toEqual([5, 6]);
  });

  it('posts the page as stored now when the batch brings an older version, and records that one', async () => {
    const page = newId();
    await watch(liveChannel.page(page));
    await store(pageImage(page, 7));
    const posted: Posted[] = [];
    const ports = portsRecording(posted);

    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 5)]))).toEqual({ [`page:${page}`]: 'posted' });
    expect(posted.map((post) => post.message.version)).toEqual([7]);
    expect(posted[0]!.message).toMatchObject({ donatedAmount: 7000, donationsCount: 6 });
    // The batches of versions 6 and 7 arrive after: everyone already has 7.
    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 6), pageImage(page, 7)]))).toEqual({ [`page:${page}`]: 'stale' });
    expect(posted).toHaveLength(1);
  });

  it('sends a version stored during a long round to the connections it has not reached, and the next batch brings it to the rest', async () => {
    const page = newId();
    const channel = liveChannel.page(page);
    const watchers = await watch(channel, 2.5 * REFRESH_EVERY_POSTS);
    await store(pageImage(page, 5));
    const posted: Posted[] = [];
    // A donation completes while the round is at its 30th connection.
    const ports = portsRecording(posted, { postMs: 2, beforePost: async (n) => void (n === 30 && (await store(pageImage(page, 6)))) });

    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 5)]))).toEqual({ [channel]: 'posted' });
    const versions = posted[0]!.messages.map((message) => message.version);
    expect(versions).toHaveLength(watchers.length);
    // Read again after the 100th post: from then on (once the read is back) the round sends version 6, never 5 again.
    expect(versions.slice(0, REFRESH_EVERY_POSTS)).toEqual(Array(REFRESH_EVERY_POSTS).fill(5));
    const firstSix = versions.indexOf(6);
    expect(firstSix).toBeGreaterThanOrEqual(REFRESH_EVERY_POSTS);
    expect(firstSix).toBeLessThan(2 * REFRESH_EVERY_POSTS);
    expect(versions.slice(firstSix).every((version) => version === 6)).toBe(true);
    expect(posted[0]!.messages.at(-1)).toMatchObject({ version: 6, donatedAmount: 6000 });

    // The recorded version is the one everyone got at least (5), so version 6's own batch goes to everyone.
    expect(Object.fromEntries(await postLiveProgress(ports, [pageImage(page, 6)]))).toEqual({ [channel]: 'posted' });
    expect(posted[1]!.messages.map((message) => message.version)).toEqual(Array(watchers.length).fill(6));
  });

  it('lets exactly one of two consumers racing on the same version post it', async () => {
    const channel = liveChannel.page(newId());
    const claim = dynamoLivePostedClaim(client, table);
    const now = new Date();
    const wins = await Promise.all(Array.from({ length: 8 }, () => claim(channel, 7, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claim(channel, 6, now)).toBe(false);
    expect(await claim(channel, 8, now)).toBe(true);
  });

  it('at 10 versions a second arriving in batches, posts one message per batch, never an older one after a newer', async () => {
    const page = newId();
    await watch(liveChannel.page(page));
    const posted: Posted[] = [];
    const ports = portsRecording(posted);
    // Thirty donations, their stream records arriving in batches of uneven size (and the sort-key fix's repeat of each).
    const batches = [[2, 2, 3], [4, 4, 5, 6, 7, 7], [8], [9, 10, 11, 12, 13, 14, 15, 16], [16, 17], [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31], [31]];
    for (const versions of batches) await postLiveProgress(ports, versions.map((version) => pageImage(page, version)));
    expect(posted.map((post) => post.message.version)).toEqual([3, 7, 8, 16, 17, 31]);
  });

  it('a failing post or store call is logged, other channels still post, and the stream batch never reports a failure', async () => {
    const failing = newId();
    const fine = newId();
    await watch(liveChannel.page(failing));
    await watch(liveChannel.page(fine));
    const posted: Posted[] = [];
    const warnings: string[] = [];
    const recording = portsRecording(posted);
    const ports: LiveProgressPorts = {
      ...recording,
      post: (channel, ids, message) => (channel === liveChannel.page(failing) ? Promise.reject(new Error('boom')) : recording.post(channel, ids, message)),
      log: { warn: (message) => void warnings.push(message) },
    };
    const handler = liveProgressStreamHandler(() => ports);
    const record = (image: Record<string, unknown>, sequence: number) => ({
      eventName: 'MODIFY' as const,
      dynamodb: { SequenceNumber: String(sequence), Keys: marshall({ pk: image.pk, sk: image.sk }), NewImage: marshall(image) as never },
    });
    const event = { Records: [record(pageImage(failing, 2), 1), record(pageImage(fine, 2), 2)] } as DynamoDBStreamEvent;

    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(posted.map((post) => post.channel)).toEqual([liveChannel.page(fine)]);
    expect(warnings).toEqual(['live progress not posted']);

    // Even a port that throws before anything is read (e.g. no LIVE_CONNECTIONS_ENDPOINT) fails nothing.
    const broken = liveProgressStreamHandler(() => {
      throw new Error('not configured');
    });
    expect(await broken(event)).toEqual({ batchItemFailures: [] });
  });
});
