import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page as Tab } from '@playwright/test';
import type { FundraisingEvent, OfflineDonation, Page } from '@giving/shared/contracts/fundraising';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { PORT_BASE } from './support';

/**
 * Issue 13 items 14–15: two tabs have a fundraising page open; the charity confirms an offline gift (through the API,
 * as its console does) and both tabs' totals, percentage and progress bar move, and the new donor appears, without a
 * reload and well before the 15 s poll: the page's socket on the site's /live brought it.
 */
const SITE = `http://localhost:${PORT_BASE}`;

async function tokenOf(role: DemoRole): Promise<string> {
  const config = (await (await fetch(`${SITE}/config.json`)).json()) as { cognito: { region: string; userPoolClientId: string; endpoint: string } };
  const cognito = new CognitoIdentityProviderClient({ endpoint: config.cognito.endpoint, region: config.cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.cognito.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_USERS.find((user) => user.role === role)!.email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  cognito.destroy();
  return auth.AuthenticationResult!.IdToken!;
}

async function call<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${SITE}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Opens the page in a tab and resolves once its live socket is open (its $connect stored the connection). */
async function openWithLiveSocket(tab: Tab, path: string, pageId: string): Promise<{ pageReads: () => number }> {
  let reads = 0;
  tab.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/fundraising\/events\/[^/]+\/pages\/[^/?]+$/.test(request.url())) reads++;
  });
  const socket = tab.waitForEvent('websocket', (ws) => ws.url().includes(encodeURIComponent(`page:${pageId}`)));
  await tab.goto(path);
  await expect(tab.getByRole('heading', { level: 1, name: 'Walking live' })).toBeVisible();
  await socket;
  // The socket's upgrade is answered after $connect has stored it; the event above comes as it is made.
  await tab.waitForTimeout(1000);
  return { pageReads: () => reads };
}

test('two tabs on a page see its total move without a reload when the charity confirms an offline gift', async ({ browser }) => {
  const donor = await tokenOf('donor');
  const charityAdmin = await tokenOf('charityAdmin');
  const charities = await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz', donor);
  const kiwiId = charities.body.items.find((charity) => charity.charityUrl === 'kiwi-coast-rescue')!.id;
  await expect.poll(async () => (await call<{ items: { id: string }[] }>('/fundraising/charities?country=nz', donor)).body.items.some((c) => c.id === kiwiId), { timeout: 30_000 }).toBe(true);

  const eventUrl = `live-walk-${Math.random().toString(36).slice(2, 8)}`;
  const created = await call<{ event: FundraisingEvent; page: Page }>('/fundraising/events/single-page', donor, {
    method: 'POST',
    body: { country: 'nz', charityId: kiwiId, eventUrl, title: 'Walking live', story: 'Walking the coast while the total moves on everyone’s screen.', targetAmount: 100_000, endDate: inDays(30) },
  });
  expect(created.status).toBe(201);
  const { page } = created.body;
  const gift = await call<OfflineDonation>(`/fundraising/pages/${page.id}/offline-donations`, donor, {
    method: 'POST',
    body: { amount: 12_500, donorName: 'Aunty Mere', note: 'Cash at the sausage sizzle', receivedOn: inDays(0) },
  });
  expect(gift.status).toBe(201);

  const context = await browser.newContext();
  const [first, second] = [await context.newPage(), await context.newPage()];
  const tabs = [await openWithLiveSocket(first, `/nz/fundraising/${eventUrl}`, page.id), await openWithLiveSocket(second, `/nz/fundraising/${eventUrl}`, page.id)];
  const readsBefore = tabs.map((tab) => tab.pageReads());

  const confirmed = await call(`/fundraising/charity/${kiwiId}/offline-donations/${gift.body.id}/confirm`, charityAdmin, { method: 'POST' });
  expect(confirmed.status).toBe(200);

  for (const tab of [second, first]) {
    const totals = tab.getByRole('region', { name: 'Totals' });
    // Well inside the 15 s poll: the socket brought it.
    await expect(totals).toContainText('$125', { timeout: 5_000 });
    await expect(totals).toContainText('13%');
    await expect(totals.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
    await expect(tab.getByRole('list', { name: 'Donors' })).toContainText('Aunty Mere');
  }
  // No reload and no poll: the page's read was not fetched again.
  expect(tabs.map((tab) => tab.pageReads())).toEqual(readsBefore);
  await context.close();
});
