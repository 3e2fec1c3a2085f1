import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { workplaceVoucherPurchaseRequestSchema, type WorkplaceVoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { DomainError } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { newId } from '@giving/shared/ids';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoMembershipDirectory } from '../adapters/dynamo-memberships';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import { recordWorkplaceMembership } from './memberships';
import type { Payment } from './ports';
import { emitVoucherPurchased, recordVoucherPurchase } from './voucher-steps';
import { priceVoucherPurchase, voucherCodeBook, voucherCodeMails, voucherFor } from './vouchers';
import { createWorkplaceVoucherOrder, listWorkplaceVouchers, orderVoucherId, voucherTotals, WORKPLACE_VOUCHER_PAGE_SIZE } from './workplace-vouchers';
import { aSignedInMember } from './test-support';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
const boughtAt = new Date('2026-11-26T09:00:00Z');
const clock = fixedClock(boughtAt);
let payments: ReturnType<typeof dynamoPaymentRepository>;
let vouchers: ReturnType<typeof dynamoVoucherRepository>;
let memberships: ReturnType<typeof dynamoMembershipDirectory>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  const table = tables.tableName('donations');
  payments = dynamoPaymentRepository(tables.client, table);
  vouchers = dynamoVoucherRepository(tables.client, table);
  memberships = dynamoMembershipDirectory(tables.client, table);
});

const people = (count: number) => Array.from({ length: count }, (_, i) => ({ email: `staff${i + 1}@tasman.example`, name: `Staff ${i + 1}` }));
const anOrder = (overrides: Partial<WorkplaceVoucherPurchaseRequest> = {}): WorkplaceVoucherPurchaseRequest => ({
  country: 'nz',
  voucherValue: 2500,
  recipients: people(3),
  message: 'Thank you for a great year. Give it to a cause you care about.',
  card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
  ...overrides,
});

/** Grace, an admin of a fresh workplace (donations' copy of her membership, as accounts announces it). */
async function anAdmin() {
  const grace = aSignedInMember({ memberId: `sub-${newId()}`, email: 'grace@tasman.example', givenName: 'Grace', familyName: 'Tane' });
  const workplaceId = newId();
  await recordWorkplaceMembership(
    { memberships },
    { memberId: grace.memberId, workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Admin'], version: '1'.padStart(40, '0'), publishedAt: '' },
  );
  return { grace, workplaceId };
}

/** An order as the workflow leaves it once the card is charged: priced, Processing. */
async function aChargedOrder(order = anOrder()) {
  const { grace, workplaceId } = await anAdmin();
  const { trackingNumber } = await createWorkplaceVoucherOrder({ payments, memberships, clock }, workplaceId, order, grace, `key-${newId()}`);
  const stored = (await payments.get(trackingNumber)) as Payment;
  await payments.markProcessing(trackingNumber, priceVoucherPurchase(stored), boughtAt);
  return { trackingNumber, workplaceId, grace, payment: (await payments.get(trackingNumber)) as Payment };
}

function capturingPublisher(): EventPublisher & { published: { id?: string; data: Record<string, unknown> }[] } {
  const published: { id?: string; data: Record<string, unknown> }[] = [];
  return {
    published,
    async publish(definition, data, options) {
      published.push({ id: options?.id, data: definition.schema.parse(data) as Record<string, unknown> });
      return { metadata: { id: options?.id ?? 'x', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
    },
  };
}

describe('a workplace order of gift vouchers', () => {
  it('refuses a list with the same person twice, no one, or more than one transaction holds, naming the field', () => {
    const twice = workplaceVoucherPurchaseRequestSchema.safeParse(anOrder({ recipients: [{ email: 'a@x.example' }, { email: 'A@x.example' }] }));
    expect(twice.success).toBe(false);
    expect(twice.error?.issues).toEqual([expect.objectContaining({ path: ['recipients', 1, 'email'], message: 'This e-mail address is already in the list.' })]);
    expect(workplaceVoucherPurchaseRequestSchema.safeParse(anOrder({ recipients: [] })).error?.issues[0]?.path).toEqual(['recipients']);
    const tooMany = workplaceVoucherPurchaseRequestSchema.safeParse(anOrder({ recipients: people(100) }));
    expect(tooMany.error?.issues[0]?.message).toBe('Up to 99 people per order. Split the list and place another order for the rest.');
    expect(workplaceVoucherPurchaseRequestSchema.safeParse(anOrder({ recipients: people(99) })).success).toBe(true);
  });

  it('is one payment of value x people, bought by the admin in the name of the workplace; the same key answers the same order', async () => {
    const { grace, workplaceId } = await anAdmin();
    const key = `key-${newId()}`;
    const first = await createWorkplaceVoucherOrder({ payments, memberships, clock }, workplaceId, anOrder(), grace, key);
    const again = await createWorkplaceVoucherOrder({ payments, memberships, clock }, workplaceId, anOrder(), grace, key);
    expect(again).toEqual(first);
    const payment = (await payments.get(first.trackingNumber)) as Payment;
    expect(payment).toMatchObject({ pageType: 'VOUCHER_PURCHASE', quantity: 3, donationAmountCents: 2500, workplace: { id: workplaceId, name: 'Tasman Engineering' } });
    expect(priceVoucherPurchase(payment).total).toEqual(money(7500, 'NZD'));
    await expect(createWorkplaceVoucherOrder({ payments, memberships, clock }, workplaceId, anOrder({ voucherValue: 5000 }), grace, key)).rejects.toMatchObject({
      code: 'IdempotencyKeyReused',
    });
    // Someone with no membership in the workplace (the route's guard would stop them first) buys nothing.
    await expect(createWorkplaceVoucherOrder({ payments, memberships, clock }, newId(), anOrder(), grace, `key-${newId()}`)).rejects.toBeInstanceOf(DomainError);
  });

  it('once charged, creates a voucher per person with its own code and completes the payment, once however often it runs', async () => {
    const { trackingNumber, workplaceId, payment } = await aChargedOrder();
    await recordVoucherPurchase({ payments, vouchers, codes, clock }, payment, 'ch_1');
    await recordVoucherPurchase({ payments, vouchers, codes, clock }, payment, 'ch_1');
    const completed = (await payments.get(trackingNumber)) as Payment;
    expect(completed.status).toBe('Completed');
    expect(completed.purchasedVouchers?.map((v) => v.voucherId)).toEqual([1, 2, 3].map((n) => orderVoucherId(trackingNumber, n)));
    const listed = await listWorkplaceVouchers({ vouchers, clock }, workplaceId, {});
    expect(listed.items).toHaveLength(3);
    expect(listed.items.map((v) => v.recipientEmail).sort()).toEqual(['staff1@tasman.example', 'staff2@tasman.example', 'staff3@tasman.example']);
    expect(listed.items[0]).toMatchObject({ value: money(2500, 'NZD'), voucherBalance: money(2500, 'NZD'), status: 'Active', orderNumber: trackingNumber, buyerName: 'Grace Tane' });
    expect(listed.totals).toEqual([
      { currency: 'NZD', count: 3, value: money(7500, 'NZD'), given: money(0, 'NZD'), remaining: money(7500, 'NZD'), expired: money(0, 'NZD') },
    ]);
    // Each code opens its own voucher.
    const second = await vouchers.getByCodeHash(codes.hash(codes.codeFor(orderVoucherId(trackingNumber, 2), 0)));
    expect(second?.recipient).toEqual({ email: 'staff2@tasman.example', name: 'Staff 2' });
  });

  it('moves a voucher whose code another voucher has to its next code, and creates nothing for a payment being refunded', async () => {
    const { trackingNumber, payment } = await aChargedOrder(anOrder({ recipients: people(2) }));
    // Another voucher already holds the code the order's second voucher would get first.
    const other = await aChargedOrder(anOrder({ recipients: people(1) }));
    const squatter = { ...voucherFor(other.payment, money(100, 'NZD'), codes, 0, boughtAt), voucherId: 'squatter' };
    squatter.codeHash = codes.hash(codes.codeFor(orderVoucherId(trackingNumber, 2), 0));
    expect(await vouchers.completePurchase(squatter, { trackingNumber: other.trackingNumber, chargeId: 'ch_other' })).toBe('created');
    await recordVoucherPurchase({ payments, vouchers, codes, clock }, payment, 'ch_2');
    const second = (await payments.get(trackingNumber))?.purchasedVouchers?.[1];
    expect(second?.codeHash).toBe(codes.hash(codes.codeFor(orderVoucherId(trackingNumber, 2), 1)));

    const refunded = await aChargedOrder();
    await payments.markCompensating(refunded.trackingNumber, boughtAt);
    await expect(recordVoucherPurchase({ payments, vouchers, codes, clock }, refunded.payment, 'ch_3')).rejects.toThrow(/not Processing/);
    expect((await listWorkplaceVouchers({ vouchers, clock }, refunded.workplaceId, {})).items).toEqual([]);
  });

  it("announces each voucher once (its id the event's), naming the order; the person gets the code, the buyer one receipt without codes", async () => {
    const { trackingNumber, payment } = await aChargedOrder();
    await recordVoucherPurchase({ payments, vouchers, codes, clock }, payment, 'ch_4');
    const publisher = capturingPublisher();
    await emitVoucherPurchased({ payments, vouchers, publisher }, (await payments.get(trackingNumber)) as Payment);
    expect(publisher.published.map((e) => e.id).sort()).toEqual([1, 2, 3].map((n) => orderVoucherId(trackingNumber, n)));
    const events = publisher.published.map((e) => e.data).sort((a, b) => String(a.voucherId).localeCompare(String(b.voucherId)));
    expect(events[2]).toMatchObject({ order: { workplaceName: 'Tasman Engineering', size: 3, position: 3, total: money(7500, 'NZD') }, recipient: { email: 'staff3@tasman.example' } });

    const first = voucherCodeMails(events[0] as never, 'ABC23456', 'https://koha.example');
    expect(first.map((m) => [m.key, m.mail.to])).toEqual([
      ['recipient', 'staff1@tasman.example'],
      ['buyer', 'grace@tasman.example'],
    ]);
    expect(first[0]?.mail.subject).toBe('Tasman Engineering sent you a Koha gift voucher');
    expect(first[0]?.mail.text).toContain('Voucher code: ABC23456');
    expect(first[0]?.mail.text).toContain('"Thank you for a great year. Give it to a cause you care about."');
    expect(first[1]?.mail.text).toContain('Koha gift vouchers of $25.00 each for 3 people at Tasman Engineering: $75.00 in all.');
    expect(first[1]?.mail.text).not.toContain('ABC23456');
    expect(voucherCodeMails(events[1] as never, 'DEF23456', 'https://koha.example').map((m) => m.key)).toEqual(['recipient']);
  });

  it('lists the newest first a page at a time, and refuses a cursor from another workplace', async () => {
    const { workplaceId, payment } = await aChargedOrder(anOrder({ recipients: people(WORKPLACE_VOUCHER_PAGE_SIZE + 2) }));
    await recordVoucherPurchase({ payments, vouchers, codes, clock }, payment, 'ch_5');
    const first = await listWorkplaceVouchers({ vouchers, clock }, workplaceId, {});
    expect(first.items).toHaveLength(WORKPLACE_VOUCHER_PAGE_SIZE);
    expect(first.totals[0]?.count).toBe(WORKPLACE_VOUCHER_PAGE_SIZE + 2);
    const next = await listWorkplaceVouchers({ vouchers, clock }, workplaceId, { cursor: first.nextCursor as string });
    expect(next.items).toHaveLength(2);
    expect(next.nextCursor).toBeUndefined();
    expect(new Set([...first.items, ...next.items].map((v) => v.id)).size).toBe(WORKPLACE_VOUCHER_PAGE_SIZE + 2);
    await expect(listWorkplaceVouchers({ vouchers, clock }, newId(), { cursor: first.nextCursor as string })).rejects.toMatchObject({ code: 'ValidationFailed' });
  });
});

describe('voucherTotals', () => {
  it('counts what was given, what is left on usable vouchers and what expired unused, per currency', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    const v = (value: number, balance: number, expiresAt: string, currency: 'NZD' | 'AUD' = 'NZD') => ({ value: money(value, currency), balance: money(balance, currency), expiresAt });
    expect(voucherTotals([v(5000, 2000, '2027-06-01T00:00:00Z'), v(5000, 5000, '2026-12-01T00:00:00Z'), v(1000, 0, '2027-06-01T00:00:00Z', 'AUD')], now)).toEqual([
      { currency: 'AUD', count: 1, value: money(1000, 'AUD'), given: money(1000, 'AUD'), remaining: money(0, 'AUD'), expired: money(0, 'AUD') },
      { currency: 'NZD', count: 2, value: money(10000, 'NZD'), given: money(3000, 'NZD'), remaining: money(2000, 'NZD'), expired: money(5000, 'NZD') },
    ]);
  });
});
