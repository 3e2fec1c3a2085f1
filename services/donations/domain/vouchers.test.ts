import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { VOUCHER_CODE_ALPHABET, VOUCHER_NOT_FOUND } from '@giving/shared/contracts/voucher-codes';
import type { VoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoRateLimiter, dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import type { Payment, Voucher } from './ports';
import {
  TOO_MANY_LOOKUPS,
  createMemberVoucherPurchase,
  createVoucherPurchase,
  expiryOf,
  listMyVouchers,
  lookupVoucher,
  maskedCode,
  priceVoucherPurchase,
  searchVouchers,
  voucherCodeBook,
  voucherCodeMails,
  voucherFor,
  voucherStatus,
} from './vouchers';
import { aSignedInMember } from './test-support';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
let payments: ReturnType<typeof dynamoPaymentRepository>;
let vouchers: ReturnType<typeof dynamoVoucherRepository>;
let tables: Awaited<ReturnType<typeof testTables>>;

beforeAll(async () => {
  tables = await testTables([donations]);
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  vouchers = dynamoVoucherRepository(tables.client, tables.tableName('donations'));
});

const aPurchase = (overrides: Partial<VoucherPurchaseRequest> = {}): VoucherPurchaseRequest => ({
  country: 'nz',
  voucherValue: 5000,
  card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
  buyer: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com' },
  recipient: { name: 'Mere', email: 'mere@example.com' },
  message: 'Happy birthday!',
  ...overrides,
});

/** A stored voucher, made as a charged purchase makes it: the purchase payment completes and creates it. */
async function aVoucher(overrides: Partial<Voucher> = {}, boughtAt = new Date('2026-11-21T09:00:00Z')) {
  const clock = fixedClock(boughtAt);
  const { trackingNumber } = await createVoucherPurchase({ payments, clock }, aPurchase(), `key-${newId()}`);
  await payments.markProcessing(trackingNumber, priceVoucherPurchase({ country: 'nz', donationAmountCents: 5000, quantity: 1 }), boughtAt);
  const payment = (await payments.get(trackingNumber)) as Payment;
  const voucher = { ...voucherFor(payment, money(5000, 'NZD'), codes, 0, boughtAt), ...overrides };
  expect(await vouchers.completePurchase(voucher, { trackingNumber, chargeId: `ch_${trackingNumber}` })).toBe('created');
  return { voucher, code: codes.codeFor(trackingNumber, 0) };
}

describe('voucher codes', () => {
  it('are 8 characters from the unambiguous alphabet, the same for the same voucher and variant, different otherwise', () => {
    const id = newId();
    const code = codes.codeFor(id, 0);
    expect(code).toMatch(new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{8}$`));
    expect(code).not.toMatch(/[01ILO]/);
    expect(codes.codeFor(id, 0)).toBe(code);
    expect(codes.codeFor(id, 1)).not.toBe(code);
    expect(codes.codeFor(newId(), 0)).not.toBe(code);
    expect(voucherCodeBook('another-key-entirely-0123456789').codeFor(id, 0)).not.toBe(code);
  });

  it('spread over the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => codes.codeFor(newId(), 0)).join(''));
    expect(seen.size).toBe(VOUCHER_CODE_ALPHABET.length);
  });

  it('are kept only as a keyed hash that ignores case, spaces and dashes', () => {
    const code = codes.codeFor(newId(), 0);
    const hash = codes.hash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.toLowerCase());
    expect(codes.hash(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(hash);
    expect(voucherCodeBook('another-key-entirely-0123456789').hash(code)).not.toBe(hash);
  });

  it('refuse a short key', () => {
    expect(() => voucherCodeBook('short')).toThrow(/16 characters/);
  });

  it('are shown masked in lists, but for the last 2 characters', () => {
    expect(maskedCode('7K')).toBe('••••••7K');
  });
});

describe('voucher expiry and status', () => {
  it('expires 12 calendar months after it was bought (the last day of a shorter month)', () => {
    expect(expiryOf(new Date('2026-11-21T09:00:00Z')).toISOString()).toBe('2027-11-21T09:00:00.000Z');
    expect(expiryOf(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  it('is Active with a balance before its expiry, Used at zero, Expired after', () => {
    const voucher = { expiresAt: '2027-11-21T09:00:00.000Z', balance: money(1000, 'NZD') };
    expect(voucherStatus(voucher, new Date('2027-11-21T08:59:59Z'))).toBe('Active');
    expect(voucherStatus(voucher, new Date('2027-11-21T09:00:00Z'))).toBe('Expired');
    expect(voucherStatus({ ...voucher, balance: money(0, 'NZD') }, new Date('2026-12-01T00:00:00Z'))).toBe('Used');
  });
});

describe('buying a voucher', () => {
  const clock = fixedClock('2026-11-21T09:00:00Z');

  it('stores a voucher purchase payment (value as the amount, no tip, the buyer as donor) once per idempotency key', async () => {
    const key = `key-${newId()}`;
    const { trackingNumber } = await createVoucherPurchase({ payments, clock }, aPurchase(), key);
    expect(await createVoucherPurchase({ payments, clock }, aPurchase(), key)).toEqual({ trackingNumber });
    expect(await payments.get(trackingNumber)).toMatchObject({
      status: 'Initiated',
      pageType: 'VOUCHER_PURCHASE',
      recipient: { name: 'Mere', email: 'mere@example.com' },
      donationAmountCents: 5000,
      quantity: 1,
      supportingAmountCents: 0,
      receiptName: 'Aroha Ngata',
      donor: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com' },
      message: 'Happy birthday!',
      card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
    });
  });

  it('refuses the same key with a different purchase', async () => {
    const key = `key-${newId()}`;
    await createVoucherPurchase({ payments, clock }, aPurchase(), key);
    await expect(createVoucherPurchase({ payments, clock }, aPurchase({ voucherValue: 9000 }), key)).rejects.toMatchObject({ code: 'IdempotencyKeyReused' });
  });

  it("takes a signed-in member's buyer from the token and keeps the member id", async () => {
    const member = aSignedInMember();
    const { buyer: _buyer, ...request } = aPurchase({ recipient: undefined });
    const { trackingNumber } = await createMemberVoucherPurchase({ payments, clock }, request, member, `key-${newId()}`);
    const payment = await payments.get(trackingNumber);
    expect(payment).toMatchObject({ memberId: member.memberId, donor: { email: 'dana.donor@demo.koha.nz', firstName: 'Dana', lastName: 'Whitfield' } });
    expect(payment).not.toHaveProperty('recipient');
  });
});

describe('looking a voucher up', () => {
  const clock = fixedClock('2027-01-10T00:00:00Z');
  const limiter = { allow: async () => ({ allowed: true as const }) };

  it('answers the remaining balance and whether it has expired, for the code in any case', async () => {
    const { voucher, code } = await aVoucher({ balance: money(1250, 'NZD') });
    expect(await lookupVoucher({ vouchers, codes, limiter, clock }, code.toLowerCase(), '203.0.113.9')).toEqual({
      isExpired: false,
      remainingBalance: { cents: 1250, currency: 'NZD' },
      expiresAt: voucher.expiresAt,
    });
    const { code: old } = await aVoucher({}, new Date('2025-12-01T00:00:00Z'));
    expect(await lookupVoucher({ vouchers, codes, limiter, clock }, old, '203.0.113.9')).toMatchObject({ isExpired: true });
  });

  it('is a 404 naming the code for a code no voucher has', async () => {
    const error = await lookupVoucher({ vouchers, codes, limiter, clock }, 'ABCDEFGH', '203.0.113.9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'NotFound', message: VOUCHER_NOT_FOUND, fieldErrors: [{ field: 'body.code', message: VOUCHER_NOT_FOUND }] });
  });

  it('refuses a caller beyond the window’s budget (429), while others still look up', async () => {
    const tight = dynamoRateLimiter(tables.client, tables.tableName('donations'), { limit: 3, windowSeconds: 600 });
    const { code } = await aVoucher();
    const caller = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 3; i++) await lookupVoucher({ vouchers, codes, limiter: tight, clock }, code, caller);
    // The window is 10 minutes from midnight: the caller may look again in 600 s.
    await expect(lookupVoucher({ vouchers, codes, limiter: tight, clock }, code, caller)).rejects.toMatchObject({ code: 'TooManyRequests', message: TOO_MANY_LOOKUPS, retryAfterSeconds: 600 });
    await expect(lookupVoucher({ vouchers, codes, limiter: tight, clock }, code, 'someone-else')).resolves.toMatchObject({ isExpired: false });
    // The next window starts afresh.
    const later = fixedClock(new Date(clock.now().getTime() + 600_000));
    await expect(lookupVoucher({ vouchers, codes, limiter: tight, clock: later }, code, caller)).resolves.toMatchObject({ isExpired: false });
  });
});

describe('the voucher lists', () => {
  const clock = fixedClock('2026-12-01T00:00:00Z');

  it("lists the buyer's vouchers by the e-mail they were bought with, newest first, without the code", async () => {
    const email = `Buyer.${newId()}@Example.com`;
    const buyer = { email, firstName: 'Bo', lastName: 'Buyer' };
    const first = await aVoucher({ buyer, createdAt: '2026-11-01T00:00:00.000Z' });
    const second = await aVoucher({ buyer, createdAt: '2026-11-20T00:00:00.000Z', balance: money(0, 'NZD'), recipient: { name: 'Mere' } });
    const { items } = await listMyVouchers({ vouchers, clock }, email.toLowerCase());
    expect(items.map((v) => v.id)).toEqual([second.voucher.voucherId, first.voucher.voucherId]);
    expect(items[0]).toEqual({
      id: second.voucher.voucherId,
      maskedCode: `••••••${second.code.slice(-2)}`,
      value: { cents: 5000, currency: 'NZD' },
      voucherBalance: { cents: 0, currency: 'NZD' },
      createdOn: '2026-11-20T00:00:00.000Z',
      expiresAt: second.voucher.expiresAt,
      status: 'Used',
      recipientName: 'Mere',
    });
    expect(JSON.stringify(items)).not.toContain(first.code);
    expect(await listMyVouchers({ vouchers, clock }, undefined)).toEqual({ items: [] });
  });

  it('gives the back office every voucher newest first, a page at a time, searchable by buyer e-mail', async () => {
    const tag = newId().toLowerCase();
    const made = [];
    for (let i = 0; i < 27; i++) {
      made.push(await aVoucher({ buyer: { email: `p${i}.${tag}@example.com`, firstName: 'P', lastName: `${i}` }, createdAt: `2099-01-01T00:00:${String(i).padStart(2, '0')}.000Z` }));
    }
    const first = await searchVouchers({ vouchers, clock }, {});
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.id).toBe(made[26]?.voucher.voucherId);
    expect(first.items[0]).toMatchObject({ buyerEmail: `p26.${tag}@example.com`, buyerName: 'P 26', country: 'nz' });
    const second = await searchVouchers({ vouchers, clock }, { cursor: first.nextCursor });
    expect(second.items[0]?.id).toBe(made[1]?.voucher.voucherId);

    const found = await searchVouchers({ vouchers, clock }, { q: `P7.${tag.toUpperCase()}` });
    expect(found.items.map((v) => v.buyerEmail)).toEqual([`p7.${tag}@example.com`]);
    await expect(searchVouchers({ vouchers, clock }, { cursor: 'made-up' })).rejects.toMatchObject({ code: 'ValidationFailed' });
  });
});

describe('the e-mails that carry the code', () => {
  const purchase = {
    voucherId: 'V1',
    trackingNumber: 'V1',
    country: 'nz',
    value: { cents: 5000, currency: 'NZD' as const },
    expiresAt: '2027-11-21T09:00:00.000Z',
    codeVariant: 0,
    buyer: { email: 'aroha@example.com', firstName: 'Aroha', name: 'Aroha Ngata' },
    recipient: { name: 'Mere', email: 'mere@example.com' },
    message: 'Happy birthday <3',
    purchasedAt: '2026-11-21T09:00:00.000Z',
  };

  it('sends the code to the buyer and to the recipient (with the message), each under its own key', () => {
    const mails = voucherCodeMails(purchase, 'ABCD2345', 'https://koha.example');
    expect(mails.map((m) => [m.key, m.mail.to, m.mail.subject])).toEqual([
      ['buyer', 'aroha@example.com', 'Your Koha gift voucher'],
      ['recipient', 'mere@example.com', 'Aroha Ngata sent you a Koha gift voucher'],
    ]);
    for (const { mail } of mails) {
      expect(mail.text).toContain('Voucher code: ABCD2345');
      expect(mail.text).toContain('Value: $50.00');
      expect(mail.text).toContain('Use it by: 21 November 2027');
    }
    expect(mails[0]?.mail.text).toContain('A gift voucher is not a donation: this receipt cannot be used to claim a tax credit or deduction');
    expect(mails[1]?.mail.text).toContain('"Happy birthday <3"');
    expect(mails[1]?.mail.html).toContain('Happy birthday &lt;3');
  });

  it('gives the day it expires in the voucher’s country, not in UTC', () => {
    // 12:30 UTC on 21 November is 01:30 on 22 November in Auckland.
    const [buyer] = voucherCodeMails({ ...purchase, expiresAt: '2027-11-21T12:30:00.000Z' }, 'ABCD2345', 'https://koha.example');
    expect(buyer?.mail.text).toContain('Use it by: 22 November 2027');
  });

  it('sends only the buyer’s when there is no recipient address', () => {
    expect(voucherCodeMails({ ...purchase, recipient: undefined }, 'ABCD2345', 'https://koha.example').map((m) => m.key)).toEqual(['buyer']);
  });
});
