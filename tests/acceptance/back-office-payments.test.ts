import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficePaymentDetail, BackOfficePaymentList } from '@giving/shared/contracts/back-office-payments';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift } from '@giving/shared/contracts/donations';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { apiCaller, platformClient, startTestPlatform, withFee } from './platform';

/**
 * The back office's payments (issue 17 item 4), through the real local API: every payment newest first, found by its
 * tracking number or its donor's e-mail, narrowed by status and charity, paged by a cursor; each with its amounts,
 * its card's last 4 only, and its history through the payment workflow as Step Functions kept it.
 */
let platform: RunningPlatform;
const tokens = new Map<DemoRole, string>();
const call = apiCaller(() => platform, tokens);

beforeAll(async () => {
  platform = await startTestPlatform(8000);
  const client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

async function give(email: string, card: string, key: string) {
  const client = platformClient(platform);
  const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
  const body = {
    ...withFee({ pageType: 'GIFT' as const, country: 'nz' as const, giftId: gift.id, donationAmount: gift.price.cents, quantity: 2, supportingAmount: 0 }),
    paymentType: 'CARD',
    isRecurring: false,
    isAnonymous: false,
    receiptName: 'Mere Tapsell',
    donor: { firstName: 'Mere', lastName: 'Tapsell', email },
    card: await client.cardToken(card),
  };
  const answer = await call<{ trackingNumber: string }>('/donations/payments', { method: 'POST', body, headers: { 'idempotency-key': key } });
  expect(answer.status).toBe(202);
  await client.settle(answer.body.trackingNumber);
  return answer.body.trackingNumber;
}

describe('the back office’s payments', () => {
  it('lists every payment newest first, finds one by tracking number or e-mail, narrows by status and charity, and pages', async () => {
    const email = `mere.${Date.now()}@example.org`;
    const paid = await give(email, TEST_CARDS.approve, `bo-paid-${crypto.randomUUID()}`);
    const declined = await give(email, TEST_CARDS.decline, `bo-declined-${crypto.randomUUID()}`);
    const list = (query = '') => call<BackOfficePaymentList>(`/donations/backoffice/payments${query}`, { role: 'backOffice' });

    const byEmail = await list(`?q=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.items.map((p) => [p.trackingNumber, p.status])).toEqual([
      [declined, 'Failed'],
      [paid, 'Completed'],
    ]);
    expect(byEmail.body.items[1]).toMatchObject({
      kind: 'Gift',
      what: '2 x Feed a kiwi chick for a week',
      charity: { name: 'Kiwi Coast Rescue' },
      donor: { name: 'Mere Tapsell', email },
      total: { cents: withFee({ country: 'nz', donationAmount: 2500, quantity: 2, supportingAmount: 0 }).transactionFeeCents + 5000, currency: 'NZD' },
      paymentType: 'CARD',
    });
    expect((await list(`?q=${paid}`)).body.items.map((p) => p.trackingNumber)).toEqual([paid]);
    expect((await list(`?q=${encodeURIComponent(email)}&status=Failed`)).body.items.map((p) => p.trackingNumber)).toEqual([declined]);
    const charityId = byEmail.body.items[1]!.charity!.id;
    expect((await list(`?q=${encodeURIComponent(email)}&charityId=${charityId}`)).body.items).toHaveLength(2);
    expect((await list(`?q=${encodeURIComponent(email)}&charityId=01KDEM0CHRTY0000000000099X`)).body.items).toEqual([]);
    expect((await list('?q=not-a-payment')).body.items).toEqual([]);
    const bad = await call<{ errors: { field: string }[] }>('/donations/backoffice/payments?status=Lost', { role: 'backOffice' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['query.status']);

    // Newest first across everyone, 25 a page; the cursor goes on where the page ended, with nothing twice.
    const first = await list();
    expect(first.body.items[0]!.trackingNumber).toBe(declined);
    const all = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await list(`?cursor=${encodeURIComponent(cursor)}`);
      all.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(new Set(all.map((p) => p.trackingNumber)).size).toBe(all.length);
    expect(all.map((p) => p.createdAt)).toEqual([...all.map((p) => p.createdAt)].sort().reverse());
    expect(all.map((p) => p.trackingNumber)).toEqual(expect.arrayContaining([paid, declined]));

    // The back office's alone.
    expect((await call('/donations/backoffice/payments', { role: 'charityAdmin' })).status).toBe(403);
    expect((await call('/donations/backoffice/payments')).status).toBe(401);
  });

  it('shows a payment’s amounts, card and its history through the payment workflow; a failed one’s message; none is 404', async () => {
    const email = `hemi.${Date.now()}@example.org`;
    const paid = await give(email, TEST_CARDS.approve, `bo-detail-${crypto.randomUUID()}`);
    const detail = await call<BackOfficePaymentDetail>(`/donations/backoffice/payments/${paid}`, { role: 'backOffice' });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ trackingNumber: paid, status: 'Completed', amounts: { donation: { cents: 5000 }, quantity: 2, tip: { cents: 0 }, voucher: { cents: 0 } }, card: { last4: '4242' }, messages: [] });
    expect(detail.body.chargeId).toMatch(/\S/);
    const steps = detail.body.history.map((entry) => `${entry.step}: ${entry.outcome}`);
    expect(steps[0]).toBe('Payment accepted: Initiated');
    expect(steps).toEqual(expect.arrayContaining(['Payment workflow: Started', 'Validate payment: Started', 'Charge card: Finished', 'Record donation: Finished', 'Payment workflow: Succeeded']));
    expect(steps.indexOf('Charge card: Finished')).toBeLessThan(steps.indexOf('Record donation: Finished'));
    // The card is its brand and last 4, nothing more, anywhere in the answer.
    expect(JSON.stringify(detail.body)).not.toMatch(/4242424242424242|tok_/);

    const declined = await give(email, TEST_CARDS.decline, `bo-detail-declined-${crypto.randomUUID()}`);
    const failed = await call<BackOfficePaymentDetail>(`/donations/backoffice/payments/${declined}`, { role: 'backOffice' });
    expect(failed.body.status).toBe('Failed');
    expect(failed.body.messages.length).toBeGreaterThan(0);
    expect(failed.body.history.map((entry) => `${entry.step}: ${entry.outcome}`)).toEqual(expect.arrayContaining(['Fail payment: Finished']));

    const missing = await call<{ detail: string }>('/donations/backoffice/payments/01KDEM0PAYMENT000000000099', { role: 'backOffice' });
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).toContain('That payment was not found.');
    expect((await call(`/donations/backoffice/payments/${paid}`, { role: 'donor' })).status).toBe(403);
  });
});
