import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { DonationReportPage, Payout, Remittance } from '@giving/shared/contracts/charity-reports';
import type { AdminGift, AdminGiftList } from '@giving/shared/contracts/dollar-handles';
import type { Gift, GiftPaymentRequest } from '@giving/shared/contracts/donations';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform, transactionFee, withFee } from './platform';

/**
 * Given the seeded demo, a charity admin (Sam, Kiwi Coast Rescue) manages the charity's gifts, sees a guest's
 * donation in the donation report and its CSV file, and sees what the back office pays out lower what is owed —
 * through the real local API, workflow, streams and bus. Nobody else's admin reaches any of it.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
let kiwiId = '';
let otherCharityId = '';
/** What the seeded demo had received before this test's donation. */
let receivedAtStart = 0;

const api = (path: string, init: { method?: string; role?: DemoRole; body?: unknown; key?: string } = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;
const newKey = () => `key-${crypto.randomUUID()}`;

beforeAll(async () => {
  platform = await startTestPlatform(6100);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const charities = await json<{ items: { id: string; charityUrl: string }[] }>(api('/accounts/charities?country=nz'));
  kiwiId = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  otherCharityId = charities.items.find((c) => c.charityUrl === 'harbour-city-food-bank')!.id;
  receivedAtStart = (await json<Remittance>(api(`/donations/charity/${kiwiId}/remittance`, { role: 'charityAdmin' }))).received.cents;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const giftInput = { title: 'Band a kiwi chick', description: 'A transmitter band so our rangers can follow a chick for its first year.', productUrl: 'band-a-kiwi-chick', priceCents: 3500 };
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const guestGives = async (giftId: string, quantity: number, supportingAmount: 0 | 200 | 500, donorName = 'Aroha Ngata') => {
  const [firstName = 'Aroha', lastName = 'Ngata'] = donorName.split(' ');
  const request: GiftPaymentRequest = withFee({
    pageType: 'GIFT',
    country: 'nz' as const,
    giftId,
    donationAmount: giftInput.priceCents,
    quantity,
    supportingAmount,
    paymentType: 'CARD',
    isRecurring: false,
    isAnonymous: false,
    receiptName: donorName,
    donor: { firstName, lastName, email: `aroha.${crypto.randomUUID().slice(0, 8)}@example.com` },
    card: await client.cardToken(TEST_CARDS.approve, donorName),
  } as const);
  const response = await api('/donations/payments', { method: 'POST', body: request, key: newKey() });
  expect(response.status).toBe(202);
  const { trackingNumber } = (await response.json()) as { trackingNumber: string };
  return { trackingNumber, status: await client.settle(trackingNumber) };
};

describe('a charity admin and their charity’s donations', () => {
  let gift: AdminGift;
  let trackingNumber = '';

  it('lists the charity’s gifts and creates one (idempotently) that the public gift page shows', async () => {
    const seeded = await json<AdminGiftList>(api(`/donations/charity/${kiwiId}/gifts`, { role: 'charityAdmin' }));
    expect(seeded.items.map((g) => g.productUrl)).toContain('feed-a-kiwi-chick');

    const key = newKey();
    const created = await api(`/donations/charity/${kiwiId}/gifts`, { method: 'POST', role: 'charityAdmin', body: giftInput, key });
    expect(created.status).toBe(201);
    gift = (await created.json()) as AdminGift;
    expect(gift).toMatchObject({ title: giftInput.title, price: { cents: 3500, currency: 'NZD' }, isActive: true, charity: { id: kiwiId, charityUrl: 'kiwi-coast-rescue' } });
    // A retry of the same request answers the same gift; another request for the same address is refused.
    expect((await json<AdminGift>(api(`/donations/charity/${kiwiId}/gifts`, { method: 'POST', role: 'charityAdmin', body: giftInput, key }))).id).toBe(gift.id);
    const taken = await api(`/donations/charity/${kiwiId}/gifts`, { method: 'POST', role: 'charityAdmin', body: giftInput, key: newKey() });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('body.productUrl');
    const badPrice = await api(`/donations/charity/${kiwiId}/gifts`, { method: 'POST', role: 'charityAdmin', body: { ...giftInput, productUrl: 'x-y', priceCents: 50 }, key: newKey() });
    expect(badPrice.status).toBe(400);
    expect(await badPrice.json()).toMatchObject({ errors: [{ field: 'body.priceCents', message: MESSAGES.invalidAmount }] });

    const page = await json<Gift>(api(`/donations/gifts/kiwi-coast-rescue/${giftInput.productUrl}`));
    expect(page).toMatchObject({ id: gift.id, title: giftInput.title, isActive: true });
    const list = await json<{ items: Gift[] }>(api('/donations/charities/kiwi-coast-rescue/gifts'));
    expect(list.items.map((g) => g.id)).toContain(gift.id);
  });

  it('uploads the gift’s picture to the media bucket; the site serves it', async () => {
    const response = await api(`/donations/charity/${kiwiId}/gifts/${gift.id}/image`, {
      method: 'PUT',
      role: 'charityAdmin',
      body: { kind: 'image', contentType: 'image/png', data: TINY_PNG },
    });
    expect(response.status).toBe(200);
    const { imageUrl } = (await response.json()) as AdminGift;
    const image = await fetch(new URL(new URL(imageUrl).pathname, platform.siteUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(TINY_PNG);
    expect((await json<Gift>(api(`/donations/gifts/kiwi-coast-rescue/${giftInput.productUrl}`))).imageUrl).toBe(imageUrl);
  });

  it('a guest’s donation to the gift appears in the donation report (amount without the tip) and its CSV file', async () => {
    const given = await guestGives(gift.id, 2, 500);
    trackingNumber = given.trackingNumber;
    expect(given.status.paymentProcessingStatus).toBe('Completed');
    // The donor paid $70.00 + the $5.00 tip + the transaction fee on both; the charity's figures below are the $70.00.
    expect(await client.chargesFor(trackingNumber)).toEqual([expect.objectContaining({ amount: 7500 + transactionFee(7500) })]);

    const report = async () => (await json<DonationReportPage>(api(`/donations/charity/${kiwiId}/donations?giftId=${gift.id}`, { role: 'charityAdmin' })));
    await expect.poll(async () => (await report()).items.map((row) => row.trackingNumber), { timeout: 10_000 }).toEqual([trackingNumber]);
    const page = await report();
    expect(page.items[0]).toMatchObject({ donorName: 'Aroha Ngata', receiptName: 'Aroha Ngata', gift: { id: gift.id, title: giftInput.title }, quantity: 2, amount: { cents: 7000, currency: 'NZD' }, paymentType: 'CARD' });
    expect(page.totals).toEqual({ count: 1, amount: { cents: 7000, currency: 'NZD' } });
    const everything = await json<DonationReportPage>(api(`/donations/charity/${kiwiId}/donations`, { role: 'charityAdmin' }));
    expect(everything.items[0]?.trackingNumber).toBe(trackingNumber); // newest first, after the seeded ones
    expect(everything.totals?.count).toBeGreaterThan(1);

    const csv = await api(`/donations/charity/${kiwiId}/donations/csv?giftId=${gift.id}`, { role: 'charityAdmin' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="kiwi-coast-rescue-donations-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Donor,Receipt name,Gift,Quantity,Amount,Currency,Payment type,Tracking number');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`,Aroha Ngata,Aroha Ngata,Band a kiwi chick,2,70\\.00,NZD,CARD,${trackingNumber}$`));
  });

  it('deactivates the gift: its page stays and says so, and checkout refuses it', async () => {
    const response = await api(`/donations/charity/${kiwiId}/gifts/${gift.id}/active`, { method: 'PUT', role: 'charityAdmin', body: { isActive: false } });
    expect(response.status).toBe(200);
    expect((await json<Gift>(api(`/donations/gifts/kiwi-coast-rescue/${giftInput.productUrl}`))).isActive).toBe(false);
    const refused = await guestGives(gift.id, 1, 0);
    expect(refused.status).toMatchObject({ paymentProcessingStatus: 'Failed', messages: [MESSAGES.giftInactive] });
    expect(await client.chargesFor(refused.trackingNumber)).toEqual([]);

    // The back office sees every charity's gifts and can turn it back on.
    const all = await json<AdminGiftList>(api(`/donations/backoffice/gifts?charityId=${kiwiId}`, { role: 'backOffice' }));
    expect(all.items.find((g) => g.id === gift.id)?.isActive).toBe(false);
    const searched = await json<AdminGiftList>(api('/donations/backoffice/gifts?q=band%20a%20kiwi', { role: 'backOffice' }));
    expect(searched.items.map((g) => g.id)).toEqual([gift.id]);
    expect((await api(`/donations/backoffice/gifts/${gift.id}/active`, { method: 'PUT', role: 'backOffice', body: { isActive: true } })).status).toBe(200);
    expect((await json<Gift>(api(`/donations/gifts/kiwi-coast-rescue/${giftInput.productUrl}`))).isActive).toBe(true);
  });

  it('remittance counts the donation once; a back-office payout lowers what is owed, once per Idempotency-Key, never beyond it', async () => {
    const remittance = () => json<Remittance>(api(`/donations/charity/${kiwiId}/remittance`, { role: 'charityAdmin' }));
    // The donations stream adds the new donation (2 x $35; never the tip, never the transaction fee, never the refused one) to what is owed.
    expect(receivedAtStart).toBeGreaterThan(0); // the seeded donations
    await expect.poll(async () => (await remittance()).received.cents, { timeout: 15_000 }).toBe(receivedAtStart + 7000);
    const before = await remittance();
    const months = before.months.map((m) => m.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(before.owed.cents).toBe(before.received.cents - before.paid.cents);
    expect(before.owed.cents).toBeGreaterThanOrEqual(7000);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second count would have landed by now
    expect((await remittance()).received.cents).toBe(receivedAtStart + 7000);

    const key = newKey();
    // Paid on is the charity's own day, as the back office's form offers it (in UTC it can still be yesterday, which
    // would list it after the seeded payout of the first of the charity's month).
    const body = { amount: 7000, reference: 'EFT 2026-11 Kiwi', paidAt: new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date()) };
    const paid = await api(`/donations/backoffice/charities/${kiwiId}/payouts`, { method: 'POST', role: 'backOffice', body, key });
    expect(paid.status).toBe(201);
    const payout = (await paid.json()) as Payout;
    expect(payout).toMatchObject({ amount: { cents: 7000, currency: 'NZD' }, reference: 'EFT 2026-11 Kiwi', recordedBy: 'alex.morgan@koha.nz' });
    const again = await api(`/donations/backoffice/charities/${kiwiId}/payouts`, { method: 'POST', role: 'backOffice', body, key });
    expect(((await again.json()) as Payout).payoutId).toBe(payout.payoutId);

    const after = await remittance();
    expect(after.owed.cents).toBe(before.owed.cents - 7000);
    expect(after.paid.cents).toBe(before.paid.cents + 7000);
    expect(after.payouts[0]?.payoutId).toBe(payout.payoutId);

    const tooMuch = await api(`/donations/backoffice/charities/${kiwiId}/payouts`, { method: 'POST', role: 'backOffice', body: { ...body, amount: after.owed.cents + 1 }, key: newKey() });
    expect(tooMuch.status).toBe(409);
    expect((await remittance()).owed.cents).toBe(after.owed.cents);
    // Only the back office records payouts, even the charity's own admin cannot.
    expect((await api(`/donations/backoffice/charities/${kiwiId}/payouts`, { method: 'POST', role: 'charityAdmin', body, key: newKey() })).status).toBe(403);
  });

  it('another charity’s admin, or a donor, gets 403 on every charity console route; the back office gets in', async () => {
    const routes = [
      ['GET', `/donations/charity/${otherCharityId}/gifts`],
      ['POST', `/donations/charity/${otherCharityId}/gifts`],
      ['PUT', `/donations/charity/${otherCharityId}/gifts/${gift.id}`],
      ['PUT', `/donations/charity/${otherCharityId}/gifts/${gift.id}/active`],
      ['GET', `/donations/charity/${otherCharityId}/donations`],
      ['GET', `/donations/charity/${otherCharityId}/donations/csv`],
      ['GET', `/donations/charity/${otherCharityId}/remittance`],
    ] as const;
    for (const [method, path] of routes) {
      expect((await api(path, { method, role: 'charityAdmin', body: method === 'GET' ? undefined : giftInput, key: newKey() })).status, `${method} ${path}`).toBe(403);
    }
    for (const path of [`/donations/charity/${kiwiId}/gifts`, `/donations/charity/${kiwiId}/donations`, `/donations/charity/${kiwiId}/remittance`]) {
      expect((await api(path, { role: 'donor' })).status).toBe(403);
      expect((await api(path)).status).toBe(401);
      expect((await api(path, { role: 'backOffice' })).status).toBe(200);
    }
    // Sam's gift id through another charity's path is refused too (by the tenant check, before the gift is looked at).
    expect((await api(`/donations/charity/${otherCharityId}/gifts/${gift.id}/active`, { method: 'PUT', role: 'charityAdmin', body: { isActive: false } })).status).toBe(403);
    expect((await json<Gift>(api(`/donations/gifts/kiwi-coast-rescue/${giftInput.productUrl}`))).isActive).toBe(true);
  });

  it('donations learns charity roles from accounts’ CharityMembershipChanged events', async () => {
    const events = await client.eventsOf('CharityMembershipChanged');
    expect(events.map((e) => e.detail.data)).toContainEqual(expect.objectContaining({ charityId: kiwiId, roles: ['Charity.Admin'] }));
  });
});
