import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FundraisingEvent, LiveProgress, OfflineDonation, Page } from '@giving/shared/contracts/fundraising';
import { liveChannel, liveSocketUrl, type LiveChannel } from '@giving/shared/live/channels';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform } from './platform';

/**
 * Live page progress end to end on the local platform: a socket subscribed to a page's channel through the site's
 * /live, and one on its event's, receive the new totals after the charity confirms an offline gift through the API
 * (the confirmation's ADDs -> the table's stream -> post-live-progress -> the WebSocket API's @connections).
 */
let platform: RunningPlatform;
const tokens = new Map<DemoRole, string>();
let kiwiId = '';

async function call<T>(path: string, init: { method?: string; role?: DemoRole; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A socket on the channel, as a browser opens it, collecting the messages it gets. */
async function subscribe(channel: LiveChannel): Promise<{ socket: WebSocket; messages: LiveProgress[] }> {
  const socket = new WebSocket(liveSocketUrl(platform.siteUrl, channel), { headers: { origin: platform.siteUrl } });
  const messages: LiveProgress[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveProgress));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
  return { socket, messages };
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > deadline) return value;
    await pause(50);
  }
}

beforeAll(async () => {
  platform = await startTestPlatform(8300);
  const client = platformClient(platform);
  for (const role of ['donor', 'charityAdmin'] as const) tokens.set(role, await client.idToken(DEMO_USERS.find((user) => user.role === role)!.email, DEMO_PASSWORD));
  const charities = await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz');
  kiwiId = charities.body.items.find((charity) => charity.charityUrl === 'kiwi-coast-rescue')!.id;
  // Fundraising learns charities from accounts' events: wait until it knows Kiwi Coast Rescue.
  for (let i = 0; i < 150; i++) {
    if ((await call<{ items: { id: string }[] }>('/fundraising/charities?country=nz')).body.items.some((charity) => charity.id === kiwiId)) break;
    await pause(200);
  }
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('live page progress', () => {
  it("a page's and its event's channels get the new totals, version and newest donor within 2 s of the charity confirming an offline gift", async () => {
    const created = await call<{ event: FundraisingEvent; page: Page }>('/fundraising/events/single-page', {
      method: 'POST',
      role: 'donor',
      body: {
        country: 'nz',
        charityId: kiwiId,
        eventUrl: `live-walk-${Math.random().toString(36).slice(2, 8)}`,
        title: 'Live walk',
        story: 'Walking the coast while everyone watches the total move.',
        targetAmount: 100_000,
        endDate: inDays(30),
      },
    });
    expect(created.status).toBe(201);
    const { event, page } = created.body;
    const entered = await call<OfflineDonation>(`/fundraising/pages/${page.id}/offline-donations`, {
      method: 'POST',
      role: 'donor',
      body: { amount: 12_500, donorName: 'Aunty Mere', note: 'Cash at the sausage sizzle', receivedOn: inDays(0) },
    });
    expect(entered.status).toBe(201);
    const read = await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`);
    expect(read.body).toMatchObject({ donatedAmount: 0, version: expect.any(Number) });
    // The page's creation went through the stream before anyone watched: nothing for it arrives later.
    await pause(1500);

    const onPage = await subscribe(liveChannel.page(page.id));
    const onEvent = await subscribe(liveChannel.event(event.id));
    const confirmed = await call(`/fundraising/charity/${kiwiId}/offline-donations/${entered.body.id}/confirm`, { method: 'POST', role: 'charityAdmin' });
    expect(confirmed.status).toBe(200);
    const at = Date.now();

    const toPage = await until(() => onPage.messages.find((message) => message.donatedAmount === 12_500), 10_000);
    const pageMs = Date.now() - at;
    const toEvent = await until(() => onEvent.messages.find((message) => message.donatedAmount === 12_500), 5_000);
    expect(toPage).toEqual({
      kind: 'page',
      id: page.id,
      version: read.body.version! + 1,
      currency: 'NZD',
      donatedAmount: 12_500,
      targetAmount: 100_000,
      donationsCount: 1,
      raisedPercentage: 13,
      onlineAmount: 0,
      offlineAmount: 12_500,
      matchedAmount: 0,
      donors: [{ id: expect.any(String), name: 'Aunty Mere', amount: 12_500, currency: 'NZD', message: 'Cash at the sausage sizzle', donatedOn: expect.any(String), kind: 'Offline' }],
    });
    expect(pageMs).toBeLessThan(2_000);
    expect(toEvent).toMatchObject({ kind: 'event', id: event.id, donatedAmount: 12_500, donationsCount: 1 });
    expect(toEvent?.donors).toBeUndefined();

    // The stream's second record of that version (the raised sort keys' fix) is not posted again.
    await pause(1500);
    expect(onPage.messages).toHaveLength(1);
    onPage.socket.close();
    onEvent.socket.close();
  }, 60_000);
});
