import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, type BackOfficePaymentDetail, type BackOfficePaymentList, type Refund } from '@giving/shared/contracts/back-office-payments';
import type { Remittance } from '@giving/shared/contracts/charity-reports';
import type { Membership, MembershipList, MembershipPlan } from '@giving/shared/contracts/memberships';
import type { VoucherLookupResponse } from '@giving/shared/contracts/vouchers';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift } from '@giving/shared/contracts/donations';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { DEMO_CAMPAIGN_NAME } from '../../tools/local/src/seed/matching';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import { apiCaller, eventually, platformClient, startTestPlatform, withFee, CARD_GATEWAY_TRUST_SECRET } from './platform';

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

async function give(email: string, card: string, key: string, options: { tip?: number; voucher?: { code: string; balance: number } } = {}) {
  const client = platformClient(platform);
  const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
  const body = {
    ...withFee({ pageType: 'GIFT' as const, country: 'nz' as const, giftId: gift.id, donationAmount: gift.price.cents, quantity: 2, supportingAmount: options.tip ?? 0 }, options.voucher?.balance ?? 0),
    ...(options.voucher ? { paymentType: 'VOUCHER', voucher: { code: options.voucher.code } } : { paymentType: 'CARD' }),
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

/** Buys a gift voucher as a guest and reads its code from the buyer's e-mail: the code, the purchase and the buyer. */
async function buyVoucherPurchase(valueCents: number) {
  const client = platformClient(platform);
  const buyer = { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${crypto.randomUUID().slice(0, 8)}@example.com` };
  const bought = await call<{ trackingNumber: string }>('/donations/voucher-purchases', {
    method: 'POST',
    body: { country: 'nz', voucherValue: valueCents, card: await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata'), buyer },
    headers: { 'idempotency-key': `voucher-${crypto.randomUUID()}` },
  });
  expect((await client.settle(bought.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
  const code = /Voucher code: ([A-Z0-9]{8})/.exec((await client.receiptsFor(buyer.email))[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no voucher code e-mailed');
  return { code, trackingNumber: bought.body.trackingNumber, email: buyer.email };
}
const buyVoucher = async (valueCents: number) => (await buyVoucherPurchase(valueCents)).code;

const balanceOf = async (code: string) => (await call<VoucherLookupResponse>('/donations/vouchers/lookup', { method: 'POST', body: { code } })).body.remainingBalance.cents;
const detailOf = (trackingNumber: string) => call<BackOfficePaymentDetail>(`/donations/backoffice/payments/${trackingNumber}`, { role: 'backOffice' });
const refund = (trackingNumber: string, body: unknown, key = `refund-${crypto.randomUUID()}`) =>
  call<{ refund: Refund; detail?: string; errors?: { field: string; message: string }[] }>(`/donations/backoffice/payments/${trackingNumber}/refunds`, {
    method: 'POST',
    role: 'backOffice',
    body,
    headers: { 'idempotency-key': key },
  });
/** Waits for the refund workflow to finish the refund (Completed or Failed). */
const settledRefund = async (trackingNumber: string, refundId: string) =>
  (await eventually(() => detailOf(trackingNumber), (detail) => detail.body.refunds.some((r) => r.refundId === refundId && r.status !== 'Requested'), 20_000)).body;
const gatewayCharge = async (chargeId: string) => {
  const charges = (await (await fetch(`${platform.urls.cardGateway}/v1/charges`, { headers: { authorization: `Bearer ${CARD_GATEWAY_TRUST_SECRET}` } })).json()) as {
    data: { id: string; amount: number; amount_refunded: number; refunded: boolean }[];
  };
  return charges.data.find((charge) => charge.id === chargeId);
};
const remittance = async () => (await call<Remittance>(`/donations/charity/${kiwiCharityId}/remittance`, { role: 'charityAdmin' })).body;
let kiwiCharityId = '';

describe('refunds from the back office', () => {
  it('refunds in full: the card (with its fee) at the gateway, the voucher’s part to the voucher, the charity’s ledger, a new receipt e-mailed', async () => {
    const client = platformClient(platform);
    const code = await buyVoucher(3000);
    const email = `ana.${Date.now()}@example.org`;
    // 2 x $25 kiwi chicks and a $5 tip: $30 from the voucher, $25 by card plus its fee.
    const paid = await give(email, TEST_CARDS.approve, `refund-full-${crypto.randomUUID()}`, { tip: 500, voucher: { code, balance: 3000 } });
    expect(await balanceOf(code)).toBe(0);
    const before = await detailOf(paid);
    kiwiCharityId = before.body.charity!.id;
    const fee = before.body.amounts.fee.cents;
    expect(before.body.refundable).toEqual({ donation: { cents: 5000, currency: 'NZD' }, total: { cents: 5500 + fee, currency: 'NZD' } });
    const owedBefore = await eventually(remittance, (r) => r.received.cents > 0);

    const answer = await refund(paid, { reason: 'The donor gave to the wrong charity' });
    expect(answer.status).toBe(202);
    expect(answer.body.refund).toMatchObject({ status: 'Requested', isFull: true, total: 5500 + fee, parts: { charity: 5000, tip: 500, fee, card: 2500 + fee, voucher: 3000 }, requestedBy: 'Alex Morgan' });
    const after = await settledRefund(paid, answer.body.refund.refundId);
    expect(after.refunds).toEqual([expect.objectContaining({ refundId: answer.body.refund.refundId, status: 'Completed', completedAt: expect.any(String) })]);
    expect(after.refundable).toBeUndefined();
    // The refund is Completed when it is recorded; its workflow still announces it (EmitDonationRefunded) after that.
    const history = await eventually(
      async () => (await detailOf(paid)).body.history.map((entry) => `${entry.step}: ${entry.outcome}`),
      (steps) => steps.includes('Refund workflow: Succeeded'),
    );
    expect(history).toEqual(expect.arrayContaining(['Refund workflow: Started', 'Refund card: Finished', 'Return to voucher: Finished', 'Record refund: Finished', 'Emit donation refunded: Finished', 'Refund workflow: Succeeded']));

    // The money went back: the card's charge refunded in full at the gateway, the voucher's $30 on the voucher again.
    expect(await gatewayCharge(after.chargeId!)).toMatchObject({ refunded: true, amount_refunded: 2500 + fee });
    expect(await balanceOf(code)).toBe(3000);
    // The charity's ledger: $50 refunded, no longer owed.
    // (Other donations are still being counted meanwhile, so what is owed is checked as what it is made of.)
    const owed = await eventually(remittance, (r) => r.refunded.cents >= owedBefore.refunded.cents + 5000);
    expect(owed.refunded.cents).toBe(owedBefore.refunded.cents + 5000);
    expect(owed.owed.cents).toBe(owed.received.cents - owed.refunded.cents - owed.paid.cents);

    // The donor is told, with the receipt that replaces theirs.
    const mail = await eventually(async () => (await client.receiptsFor(email)).find((m) => m.subject === 'Your refund from Koha: Kiwi Coast Rescue'), (m) => m !== undefined);
    expect(mail!.text).toContain(`We have refunded $${((5500 + fee) / 100).toFixed(2)} of your`);
    expect(mail!.text).toContain(`Your receipt has been replaced by receipt ${paid}-2: nothing is left of the donation to claim for tax.`);
    const link = /Your receipt as a PDF: (\S+)/.exec(mail!.text)?.[1];
    const pdf = await fetch(link!.replace(/^https?:\/\/[^/]+/, platform.siteUrl));
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain(`This donation was refunded in full. This receipt replaces receipt ${paid}`);
    expect(text).toMatch(/Eligible for a donation tax credit:?\s*\$0\.00/);

    // Nothing is left: another refund is refused and changes nothing.
    const again = await refund(paid, { reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(REFUND_MESSAGES.nothingLeft);
  });

  it('refunds part of a donation; two administrators at once never refund more than is left; the match is given back', async () => {
    const client = platformClient(platform);
    const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
    // Wiremu's 2 kiwi chicks ($50) are matched $50 by Tasman Engineering's demo campaign.
    const body = {
      ...withFee({ pageType: 'GIFT' as const, country: 'nz' as const, giftId: gift.id, donationAmount: gift.price.cents, quantity: 2, supportingAmount: 0 }),
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Wiremu Parata',
      card: await client.cardToken(TEST_CARDS.approve),
    };
    const paid = (await call<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', role: 'workplaceMember', body, headers: { 'idempotency-key': `refund-part-${crypto.randomUUID()}` } })).body.trackingNumber;
    expect((await client.settle(paid)).paymentProcessingStatus).toBe('Completed');
    type Matches = { items: { campaignName: string; amount: { cents: number } }[] };
    const matches = () => call<Matches>(`/donations/me/donations/${paid}/matches`, { role: 'workplaceMember' });
    await eventually(matches, (found) => found.body.items?.[0]?.amount.cents === 5000);
    // The campaign's own figures, as Tasman Engineering's admin reads them.
    const workplaceId = (await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', { role: 'workplaceAdmin' })).body.corporateAssociations[0]!.corporateId;
    const campaignId = (await call<{ items: { id: string; name: string }[] }>(`/matching/workplace/${workplaceId}/campaigns`, { role: 'workplaceAdmin' })).body.items.find((c) => c.name === DEMO_CAMPAIGN_NAME)!.id;
    const campaign = `/matching/workplace/${workplaceId}/campaigns/${campaignId}`;
    type Stats = { matchedAmount: number; donationsMatched: number };
    type Transactions = { items: { donationId: string; amount: number }[] };
    const statsBefore = (await call<Stats>(`${campaign}/stats`, { role: 'workplaceAdmin' })).body;

    // Two administrators refund $30 each at the same moment: $50 is left, so one is refunded, the other refused.
    const [first, second] = await Promise.all([refund(paid, { amount: 3000, reason: 'Asked for a refund' }), refund(paid, { amount: 3000, reason: 'Asked for a refund' })]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const accepted = first.status === 202 ? first : second;
    const refused = first.status === 202 ? second : first;
    expect(refused.body.detail).toBe(REFUND_MESSAGES.moreThanLeft('$20.00'));
    expect(refused.body.errors).toEqual([{ field: 'amount', message: REFUND_MESSAGES.moreThanLeft('$20.00') }]);
    expect(accepted.body.refund).toMatchObject({ isFull: false, total: 3000, parts: { charity: 3000, tip: 0, fee: 0, card: 3000, voucher: 0 } });
    // A retry with the same key is the same refund; the key with another request is refused.
    const key = `refund-retry-${crypto.randomUUID()}`;
    const part = await refund(paid, { amount: 500, reason: 'Part of it' }, key);
    expect(part.status).toBe(202);
    // (As it stands now: its workflow may already have completed it.)
    expect(await refund(paid, { amount: 500, reason: 'Part of it' }, key)).toMatchObject({ status: 200, body: { refund: { ...part.body.refund, status: expect.stringMatching(/^(Requested|Completed)$/) } } });
    expect((await refund(paid, { amount: 600, reason: 'Part of it' }, key)).status).toBe(422);

    await settledRefund(paid, accepted.body.refund.refundId);
    const after = await settledRefund(paid, part.body.refund.refundId);
    expect(after.refunds.map((r) => [r.total, r.status])).toEqual(
      expect.arrayContaining([
        [3000, 'Completed'],
        [500, 'Completed'],
      ]),
    );
    expect(after.refundable?.donation.cents).toBe(1500);
    expect(await gatewayCharge(after.chargeId!)).toMatchObject({ refunded: false, amount_refunded: 3500 });

    // The campaign matched $50 of $50; $15 is left, so it keeps $15 and gives $35 back.
    const kept = await eventually(matches, (found) => found.body.items?.[0]?.amount.cents === 1500);
    expect(kept.body.items).toEqual([expect.objectContaining({ campaignName: DEMO_CAMPAIGN_NAME, amount: { cents: 1500, currency: 'NZD' } })]);
    // The campaign gave the $35 back: its matched total, still its transactions' sum, and what the workplace owes.
    const stats = (await call<Stats>(`${campaign}/stats`, { role: 'workplaceAdmin' })).body;
    expect(stats).toMatchObject({ matchedAmount: statsBefore.matchedAmount - 3500, donationsMatched: statsBefore.donationsMatched });
    const transactions = (await call<Transactions>(`${campaign}/transactions`, { role: 'workplaceAdmin' })).body.items;
    expect(transactions.find((t) => t.donationId === paid)?.amount).toBe(1500);
    expect(transactions.reduce((sum, t) => sum + t.amount, 0)).toBe(stats.matchedAmount);
    const receipt = await fetch(`${platform.siteUrl}/api/donations/me/donations/${paid}/receipt`, { headers: { authorization: `Bearer ${tokens.get('workplaceMember')}` } });
    const text = (await pdfText(new Uint8Array(await receipt.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain(`This receipt replaces receipt ${paid}-2 and states what Kiwi Coast Rescue kept: $15.00.`);
    expect(text).toMatch(/Eligible for a donation tax credit:?\s*\$15\.00/);
  });

  it('refunds a gift voucher purchase: what recipients left unspent goes back to the card and comes off the voucher; the buyer is e-mailed', async () => {
    const client = platformClient(platform);
    const bought = await buyVoucherPurchase(7000);
    // A recipient gives 2 x $25 kiwi chicks from it: $20 is left unspent.
    await give(`rua.${Date.now()}@example.org`, TEST_CARDS.approve, `spend-${crypto.randomUUID()}`, { voucher: { code: bought.code, balance: 7000 } });
    expect(await balanceOf(bought.code)).toBe(2000);
    const detail = (await detailOf(bought.trackingNumber)).body;
    expect(detail).toMatchObject({ kind: 'Gift voucher', refunds: [], refundable: { donation: { cents: 2000 }, total: { cents: 2000 } } });
    const tooMuch = await refund(bought.trackingNumber, { amount: 2001, reason: 'x' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors).toEqual([{ field: 'amount', message: REFUND_MESSAGES.moreThanUnspent('$20.00') }]);

    // $5 of it: taken off the voucher at once, then paid back to the card.
    const part = await refund(bought.trackingNumber, { amount: 500, reason: 'The buyer asked for part back' });
    expect(part.status).toBe(202);
    expect(part.body.refund).toMatchObject({ isFull: false, total: 500, parts: { charity: 500, card: 500, voucher: 0 } });
    expect(await balanceOf(bought.code)).toBe(1500);
    expect((await settledRefund(bought.trackingNumber, part.body.refund.refundId)).refunds[0]).toMatchObject({ status: 'Completed' });
    // Then the rest, in full.
    const rest = await refund(bought.trackingNumber, { reason: 'The buyer asked for the rest' });
    expect(rest.body.refund).toMatchObject({ isFull: true, total: 1500 });
    const after = await settledRefund(bought.trackingNumber, rest.body.refund.refundId);
    expect(after.refunds.map((r) => [r.total, r.status])).toEqual([
      [1500, 'Completed'],
      [500, 'Completed'],
    ]);
    expect(after.refundable).toBeUndefined();
    expect(after.history.map((h) => `${h.step}: ${h.outcome}`)).toEqual(expect.arrayContaining(['Refund card: Finished', 'Record refund: Finished', 'Refund workflow: Succeeded']));
    expect(await balanceOf(bought.code)).toBe(0);
    const charge = await gatewayCharge(detail.chargeId!);
    expect(charge).toMatchObject({ amount: 7000, amount_refunded: 2000 });
    const spent = await refund(bought.trackingNumber, { reason: 'Once more' });
    expect(spent.status).toBe(409);
    expect(spent.body.detail).toBe(REFUND_MESSAGES.spent);

    const mails = await eventually(async () => (await client.receiptsFor(bought.email)).filter((m) => m.subject === 'Your refund from Koha: A $70.00 gift voucher'), (found) => found.length === 2);
    expect(mails.map((m) => m.text).join('\n')).toContain('$5.00 has been taken off the unspent balance of the gift voucher; the rest can still be used to give.');
    expect(mails.map((m) => m.text).join('\n')).toContain('What was left unspent on the gift voucher has been taken off: it can no longer be used to give.');
  });

  it('refunds a membership fee in full: the card is paid back, the charity is owed less, the membership ends and the member is told', async () => {
    const client = platformClient(platform);
    const charityId = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
    kiwiCharityId = charityId;
    const plan = await call<MembershipPlan>(`/memberships/charity/${charityId}/plans`, {
      method: 'POST',
      role: 'charityAdmin',
      body: { name: `Refund test ${Date.now()}`, description: '', fee: 3000, period: 'Yearly', benefits: [], autoRenew: true, active: true },
    });
    const joined = await call<{ trackingNumber: string }>('/memberships/me/join', {
      method: 'POST',
      role: 'workplaceMember',
      body: { planId: plan.body.planId, card: await client.cardToken(TEST_CARDS.approve, 'Wiremu Parata') },
      headers: { 'idempotency-key': `join-${crypto.randomUUID()}` },
    });
    expect((await client.settle(joined.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const mine = async () => (await call<MembershipList>('/memberships/me', { role: 'workplaceMember' })).body.items.find((m) => m.plan.planId === plan.body.planId)!;
    expect((await mine()).status).toBe('New');
    const owedBefore = await remittance();

    const accepted = await refund(joined.body.trackingNumber, { reason: 'Joined the wrong plan' });
    expect(accepted.status).toBe(202);
    expect(accepted.body.refund).toMatchObject({ isFull: true, total: 3000, parts: { charity: 3000, card: 3000 } });
    const after = await settledRefund(joined.body.trackingNumber, accepted.body.refund.refundId);
    expect(after.refunds[0]).toMatchObject({ status: 'Completed' });
    expect(after.refundable).toBeUndefined();
    expect(await gatewayCharge(after.chargeId!)).toMatchObject({ amount: 3000, amount_refunded: 3000 });
    expect(await mine()).toMatchObject({ status: 'Cancelled', autoRenew: false });
    const owed = await remittance();
    expect(owed.refunded.cents).toBe(owedBefore.refunded.cents + 3000);
    expect(owed.owed.cents).toBe(owedBefore.owed.cents - 3000);
    const wiremu = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
    const mail = await eventually(async () => (await client.receiptsFor(wiremu.email)).find((m) => m.subject === `Your refund from Koha: ${plan.body.name} membership`), (m) => m !== undefined);
    expect(mail!.text).toContain(`We have refunded $30.00 of your`);
    expect(mail!.text).toMatch(/Your membership \(number KCR-\d{6}\) has ended with this refund, and it will not renew\./);
  });

  it('checks the request: the reason, the amount, the key, who may refund, and what can be refunded', async () => {
    const paid = await give(`rua.${Date.now()}@example.org`, TEST_CARDS.approve, `refund-checks-${crypto.randomUUID()}`);
    const bad = await refund(paid, { amount: 0, reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['body.amount', 'body.reason']);
    const noKey = await call(`/donations/backoffice/payments/${paid}/refunds`, { method: 'POST', role: 'backOffice', body: { reason: 'x' } });
    expect(noKey.status).toBe(400);
    expect((await call(`/donations/backoffice/payments/${paid}/refunds`, { method: 'POST', role: 'charityAdmin', body: { reason: 'x' }, headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } })).status).toBe(403);
    expect((await refund('01KDEM0PAYMENT000000000099', { reason: 'x' })).status).toBe(404);
    const declined = await give(`rua.${Date.now()}@example.org`, TEST_CARDS.decline, `refund-declined-${crypto.randomUUID()}`);
    const notCompleted = await refund(declined, { reason: 'x' });
    expect(notCompleted.status).toBe(409);
    expect(notCompleted.body.detail).toBe(REFUND_MESSAGES.notCompleted);
    expect((await detailOf(paid)).body.refunds).toEqual([]);
  });
});

describe('charity membership', () => {
  const kiwiId = async () => (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;

  it('the charity offers plans; a member joins by card through the payment workflow, gets a number, a receipt, and sees it', async () => {
    const client = platformClient(platform);
    const charityId = await kiwiId();
    const plans = `/memberships/charity/${charityId}/plans`;
    const bad = await call<{ errors: { field: string; message: string }[] }>(plans, { method: 'POST', role: 'charityAdmin', body: { name: ' ', description: '', fee: 50, period: 'Life', benefits: [], autoRenew: true, active: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Required Field!' },
        { field: 'body.fee', message: 'Invalid Amount!' },
        { field: 'body.autoRenew', message: 'A life membership does not renew.' },
      ]),
    );
    const plan = await call<MembershipPlan>(plans, {
      method: 'POST',
      role: 'charityAdmin',
      body: { name: `Kiwi Guardian ${Date.now()}`, description: 'Stand with the kiwi all year.', fee: 4000, period: 'Yearly', benefits: ['A kiwi pin', 'Our newsletter'], autoRenew: true, active: true },
    });
    expect(plan.status).toBe(201);
    expect(plan.body).toMatchObject({ fee: { cents: 4000, currency: 'NZD' }, period: 'Yearly', active: true });
    // Only the charity's admins (and the back office) manage its plans; the charity page shows the open ones.
    expect((await call(plans, { method: 'POST', role: 'donor', body: {} })).status).toBe(403);
    const shown = await call<{ items: MembershipPlan[] }>('/memberships/charities/kiwi-coast-rescue/plans');
    expect(shown.body.items.map((p) => p.planId)).toContain(plan.body.planId);

    // Dana joins with a new card: the same workflow as a donation.
    const join = (key: string) =>
      client.cardToken(TEST_CARDS.approve, 'Dana Donor').then((card) =>
        call<{ trackingNumber: string; detail?: string }>('/memberships/me/join', { method: 'POST', role: 'donor', body: { planId: plan.body.planId, card }, headers: { 'idempotency-key': key } }),
      );
    const joined = await join(`join-${crypto.randomUUID()}`);
    expect(joined.status).toBe(202);
    expect((await client.settle(joined.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    expect(await client.chargesFor(joined.body.trackingNumber)).toEqual([expect.objectContaining({ amount: 4000, status: 'succeeded' })]);

    const mine = (await call<MembershipList>('/memberships/me', { role: 'donor' })).body.items.find((m) => m.plan.planId === plan.body.planId)!;
    expect(mine).toMatchObject({ status: 'New', source: 'Online', autoRenew: true, charity: { name: 'Kiwi Coast Rescue' }, plan: { fee: { cents: 4000 } } });
    expect(mine.membershipNumber).toMatch(/^KCR-\d{6}$/);
    expect(mine.paidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(mine.paidUntil!.slice(0, 4))).toBe(Number(mine.joinedOn.slice(0, 4)) + 1);
    const dana = DEMO_USERS.find((user) => user.role === 'donor')!;
    const welcome = await eventually(async () => (await client.receiptsFor(dana.email)).find((m) => m.subject === 'Welcome to Kiwi Coast Rescue' && m.text.includes(mine.membershipNumber)), (m) => m !== undefined);
    expect(welcome!.text).toContain('it is not a donation and cannot be claimed for tax');
    // Paid up: joining again is refused; the back office sees the payment as a membership.
    const again = await join(`join-${crypto.randomUUID()}`);
    expect(again.status).toBe(409);
    expect((await detailOf(joined.body.trackingNumber)).body).toMatchObject({ kind: 'Membership', what: `${plan.body.name} membership`, total: { cents: 4000 } });

    // The charity's list finds her by number, name or e-mail; the CSV (written by a job, any size) has her.
    const members = await call<MembershipList>(`/memberships/charity/${charityId}/members?q=${encodeURIComponent(mine.membershipNumber)}`, { role: 'charityAdmin' });
    expect(members.body.items.map((m) => m.membershipId)).toEqual([mine.membershipId]);
    expect((await call<MembershipList>(`/memberships/charity/${charityId}/members?q=DANA&status=New`, { role: 'charityAdmin' })).body.items.map((m) => m.membershipId)).toContain(mine.membershipId);
    const started = await call<{ export: { id: string; status: string } }>(`/memberships/charity/${charityId}/members/exports`, { method: 'POST', role: 'charityAdmin' });
    expect(started.status).toBe(202);
    const prepared = await eventually(
      async () => (await call<{ export: { id: string; status: string; rows?: number } }>(`/memberships/charity/${charityId}/members/exports/${started.body.export.id}`, { role: 'charityAdmin' })).body.export,
      (file) => file.status !== 'Preparing',
      30_000,
    );
    expect(prepared).toMatchObject({ status: 'Ready' });
    expect(prepared.rows).toBeGreaterThanOrEqual(1);
    expect((await call(`/memberships/charity/${charityId}/members/exports/${started.body.export.id}`, { role: 'donor' })).status).toBe(403);
    const csv = await fetch(`${platform.siteUrl}/api/memberships/charity/${charityId}/members/exports/${started.body.export.id}/download`, { headers: { authorization: `Bearer ${tokens.get('charityAdmin')}` } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Membership number,Name,Email,Plan,Fee,Status,Joined,Paid until,Renews,Source,Note');
    expect(text).toContain(`${mine.membershipNumber},`);
    expect(text).toContain('$40.00 a year,New');
    expect((await call(`/memberships/charity/${charityId}/members`, { role: 'donor' })).status).toBe(403);

    // The charity's dashboard counts its members.
    const dashboard = await call<{ memberships?: { current: number; joinedThisMonth: number } }>(`/donations/charity/${charityId}/dashboard`, { role: 'charityAdmin' });
    expect(dashboard.body.memberships?.current).toBeGreaterThanOrEqual(1);
    expect(dashboard.body.memberships?.joinedThisMonth).toBeGreaterThanOrEqual(1);

    // The fee is owed to the charity.
    const remittance = await call<Remittance>(`/donations/charity/${charityId}/remittance`, { role: 'charityAdmin' });
    expect(remittance.body.received.cents).toBeGreaterThanOrEqual(4000);

    // A year on, the hourly job renews it from her saved card through the same workflow: paid for another year.
    const renewOn = new Date(Date.parse(`${mine.paidUntil}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const run = await fetch(`${platform.urls.scheduler}/_local/schedules/donations/charge-recurring-donations/run?scheduledTime=${renewOn}T03:00:00Z`, { method: 'POST' });
    expect(run.ok).toBe(true);
    const renewed = await eventually(
      async () => (await call<MembershipList>('/memberships/me', { role: 'donor' })).body.items.find((m) => m.membershipId === mine.membershipId)!,
      (m) => m.paidUntil !== mine.paidUntil,
      30_000,
    );
    expect(Number(renewed.paidUntil!.slice(0, 4))).toBe(Number(mine.paidUntil!.slice(0, 4)) + 1);
    expect(renewed.lastPayment?.trackingNumber).not.toBe(joined.body.trackingNumber);
    await eventually(async () => (await client.receiptsFor(dana.email)).find((m) => m.subject === 'Your Kiwi Coast Rescue membership is renewed' && m.text.includes(mine.membershipNumber)), (m) => m !== undefined);

    // She cancels: it stays hers until it ends, and will not renew; cancelling another's is 404.
    expect((await call(`/memberships/me/${mine.membershipId}`, { method: 'DELETE', role: 'workplaceMember' })).status).toBe(404);
    const cancelled = await call<Membership>(`/memberships/me/${mine.membershipId}`, { method: 'DELETE', role: 'donor' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', autoRenew: false, paidUntil: renewed.paidUntil });
  });

  it('the charity adds a member who paid elsewhere, once per request; a member joined long ago is Current', async () => {
    const charityId = await kiwiId();
    const plan = await call<MembershipPlan>(`/memberships/charity/${charityId}/plans`, {
      method: 'POST',
      role: 'charityAdmin',
      body: { name: `Life member ${Date.now()}`, description: '', fee: 25000, period: 'Life', benefits: [], autoRenew: false, active: true },
    });
    const key = `manual-${crypto.randomUUID()}`;
    const body = { firstName: 'Hone', lastName: 'Heke', email: `hone.${Date.now()}@example.org`, planId: plan.body.planId, joinedOn: '2025-03-01', note: 'Cash at the open day' };
    const added = await call<Membership>(`/memberships/charity/${charityId}/members`, { method: 'POST', role: 'charityAdmin', body, headers: { 'idempotency-key': key } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'Current', source: 'Manual', note: 'Cash at the open day', member: { name: 'Hone Heke' }, joinedOn: '2025-03-01' });
    expect(added.body.paidUntil).toBeUndefined();
    const repeat = await call<Membership>(`/memberships/charity/${charityId}/members`, { method: 'POST', role: 'charityAdmin', body, headers: { 'idempotency-key': key } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.membershipId).toBe(added.body.membershipId);
    const future = await call<{ errors: { field: string }[] }>(`/memberships/charity/${charityId}/members`, {
      method: 'POST',
      role: 'charityAdmin',
      body: { ...body, joinedOn: '2099-01-01' },
      headers: { 'idempotency-key': `manual-${crypto.randomUUID()}` },
    });
    expect(future.status).toBe(400);
    expect(future.body.errors.map((e) => e.field)).toEqual(['body.joinedOn']);
  });
});
