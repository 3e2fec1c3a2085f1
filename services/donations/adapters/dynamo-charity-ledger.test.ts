import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { PAYOUT_IN_FUTURE_MESSAGE, PAYOUT_MORE_THAN_OWED_MESSAGE } from '@giving/shared/contracts/charity-reports';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { countDonation, getRemittance, recordPayout } from '../domain/charity-reports';
import type { CharityProjection, Donation } from '../domain/ports';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoCharityLedger } from './dynamo-charity-ledger';
import { dynamoPaymentRepository } from './dynamo-payments';

let ledger: ReturnType<typeof dynamoCharityLedger>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let payments: ReturnType<typeof dynamoPaymentRepository>;
const clock = fixedClock('2026-11-21T09:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([donations]);
  ledger = dynamoCharityLedger(tables.client, tables.tableName('donations'));
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
});

async function aCharity(): Promise<CharityProjection> {
  const id = newId();
  const charity: CharityProjection = { id, name: 'Kiwi Coast Rescue', charityUrl: `kiwi-${id.toLowerCase()}`, country: 'nz', logoImageUrl: '', isActive: true, version: '1' };
  await charities.save(charity);
  return charity;
}

/** A completed donation as RecordDonation stores it (through the payment repository, with its payment). */
async function aDonation(charity: CharityProjection, amountCents: number, completedAt: string): Promise<Donation> {
  const { trackingNumber } = await payments.createOnce(
    {
      idempotencyKey: `key-${newId()}`,
      pageType: 'CHARITY',
      charityId: charity.id,
      country: 'nz',
      donationAmountCents: amountCents,
      quantity: 1,
      supportingAmountCents: 500,
      isAnonymous: false,
      receiptName: 'Jane Donor',
      donor: { firstName: 'Jane', lastName: 'Donor', email: 'jane@example.com' },
      card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
      createdAt: completedAt,
    } as Parameters<typeof payments.createOnce>[0],
    'fp',
  );
  const donation: Donation = {
    donationId: trackingNumber,
    trackingNumber,
    pageType: 'CHARITY',
    country: 'nz',
    priced: {
      amount: { cents: amountCents, currency: 'NZD' },
      tip: { cents: 500, currency: 'NZD' },
      total: { cents: amountCents + 500, currency: 'NZD' },
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' },
    },
    quantity: 1,
    isAnonymous: false,
    receiptName: 'Jane Donor',
    donorEmail: 'jane@example.com',
    donorName: 'Jane Donor',
    paymentType: 'CARD',
    card: { cardType: 'visa', last4: '4242' },
    chargeId: `ch_${trackingNumber}`,
    completedAt,
  };
  await payments.markProcessing(trackingNumber, donation.priced, new Date(completedAt));
  await payments.complete(donation);
  return donation;
}

const deps = () => ({ ledger, charities, clock, newId: () => newId() });
const payout = (amount: number, paidAt = '2026-11-20') => ({ amount, reference: `EFT ${newId().slice(-6)}`, paidAt });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('the charity ledger (DynamoDB Local)', () => {
  it('adds each donation’s amount (not the tip) once, in its local month, however often the stream delivers it', async () => {
    const charity = await aCharity();
    const october = await aDonation(charity, 2500, '2026-10-31T12:30:00.000Z'); // 1 November, 01:30 in Auckland
    const september = await aDonation(charity, 4000, '2026-09-15T00:00:00.000Z');
    expect(await countDonation({ ledger }, october)).toBe('counted');
    expect(await countDonation({ ledger }, october)).toBe('already');
    expect(await countDonation({ ledger }, september)).toBe('counted');

    const remittance = await getRemittance(deps(), charity.id);
    expect(remittance.owed).toEqual({ cents: 6500, currency: 'NZD' });
    expect(remittance.received).toEqual({ cents: 6500, currency: 'NZD' });
    expect(remittance.months.map((m) => [m.month, m.donationCount, m.received.cents, m.balance.cents])).toEqual([
      ['2026-11', 1, 2500, 6500],
      ['2026-09', 1, 4000, 4000],
    ]);
  });

  it('counts concurrent deliveries of the same donation once', async () => {
    const charity = await aCharity();
    const donation = await aDonation(charity, 1000, '2026-11-01T00:00:00.000Z');
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => countDonation({ ledger }, donation)));
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'counted')).toHaveLength(1);
    expect((await getRemittance(deps(), charity.id)).owed.cents).toBe(1000);
  });

  it('a payout lowers what is owed, shows in its month and the list; a retry with the same key records nothing new', async () => {
    const charity = await aCharity();
    await countDonation({ ledger }, await aDonation(charity, 10_000, '2026-11-02T00:00:00.000Z'));
    const key = `payout-${newId()}`;
    const request = payout(4000);
    const first = await recordPayout(deps(), charity.id, request, key, 'alex.morgan@koha.nz');
    expect(first).toMatchObject({ amount: { cents: 4000, currency: 'NZD' }, reference: request.reference, paidAt: '2026-11-20', recordedBy: 'alex.morgan@koha.nz' });
    const again = await recordPayout(deps(), charity.id, request, key, 'alex.morgan@koha.nz');
    expect(again.payoutId).toBe(first.payoutId);

    const remittance = await getRemittance(deps(), charity.id);
    expect(remittance.owed.cents).toBe(6000);
    expect(remittance.paid.cents).toBe(4000);
    expect(remittance.months[0]).toMatchObject({ month: '2026-11', received: { cents: 10_000 }, paid: { cents: 4000 }, balance: { cents: 6000 } });
    expect(remittance.payouts.map((p) => p.payoutId)).toEqual([first.payoutId]);
    expect(remittance.payouts[0]).not.toHaveProperty('charityId');

    const reused = await refusal(recordPayout(deps(), charity.id, payout(100), key, 'alex.morgan@koha.nz'));
    expect(reused.code).toBe('IdempotencyKeyReused');
  });

  it('refuses paying more than is owed (409 on amount) and writes nothing', async () => {
    const charity = await aCharity();
    await countDonation({ ledger }, await aDonation(charity, 3000, '2026-11-02T00:00:00.000Z'));
    const error = await refusal(recordPayout(deps(), charity.id, payout(3001), `payout-${newId()}`, 'alex'));
    expect(error.code).toBe('Conflict');
    expect(error.fieldErrors).toEqual([{ field: 'body.amount', message: PAYOUT_MORE_THAN_OWED_MESSAGE }]);
    const remittance = await getRemittance(deps(), charity.id);
    expect(remittance.owed.cents).toBe(3000);
    expect(remittance.payouts).toEqual([]);
    // A charity with nothing owed at all (no ledger yet) is refused the same way.
    const empty = await aCharity();
    expect((await refusal(recordPayout(deps(), empty.id, payout(1), `payout-${newId()}`, 'alex'))).code).toBe('Conflict');
  });

  it('concurrent payouts never take more than is owed', async () => {
    const charity = await aCharity();
    await countDonation({ ledger }, await aDonation(charity, 10_000, '2026-11-02T00:00:00.000Z'));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => recordPayout(deps(), charity.id, payout(4000), `payout-${newId()}`, 'alex')),
    );
    const recorded = outcomes.filter((o) => o.status === 'fulfilled').length;
    const remittance = await getRemittance(deps(), charity.id);
    expect(remittance.owed.cents).toBeGreaterThanOrEqual(0);
    expect(remittance.paid.cents).toBe(recorded * 4000);
    expect(recorded).toBeLessThanOrEqual(2);
    expect(remittance.payouts).toHaveLength(recorded);
  });

  it('refuses a payment date in the future (in the charity’s time zone)', async () => {
    const charity = await aCharity();
    const error = await refusal(recordPayout(deps(), charity.id, payout(100, '2026-11-23'), `payout-${newId()}`, 'alex'));
    expect(error.fieldErrors).toEqual([{ field: 'body.paidAt', message: PAYOUT_IN_FUTURE_MESSAGE }]);
    // 09:00 UTC on the 21st is 22:00 on the 21st in Auckland: the 22nd is still in the future there.
    expect((await refusal(recordPayout(deps(), charity.id, payout(100, '2026-11-22'), `payout-${newId()}`, 'alex'))).fieldErrors[0]?.field).toBe('body.paidAt');
  });
});
