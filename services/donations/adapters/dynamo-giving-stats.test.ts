import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { countDonation } from '../domain/charity-reports';
import { charityDonationsDashboard, platformDonationsDashboard } from '../domain/dashboards';
import { recordRefund, requestRefund } from '../domain/refunds';
import type { CharityProjection, Donation } from '../domain/ports';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoCharityLedger } from './dynamo-charity-ledger';
import { dynamoGivingStats } from './dynamo-giving-stats';
import { dynamoPaymentRepository } from './dynamo-payments';
import { dynamoRefundBook } from './dynamo-refunds';
import { dynamoMembershipStore } from './dynamo-charity-memberships';
import { dynamoVoucherRepository } from './dynamo-vouchers';

let ledger: ReturnType<typeof dynamoCharityLedger>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let payments: ReturnType<typeof dynamoPaymentRepository>;
let stats: ReturnType<typeof dynamoGivingStats>;
let refunds: ReturnType<typeof dynamoRefundBook>;
let vouchers: ReturnType<typeof dynamoVoucherRepository>;
let memberships: ReturnType<typeof dynamoMembershipStore>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  const table = tables.tableName('donations');
  ledger = dynamoCharityLedger(tables.client, table);
  charities = dynamoCharityDirectory(tables.client, table);
  payments = dynamoPaymentRepository(tables.client, table);
  stats = dynamoGivingStats(tables.client, table);
  refunds = dynamoRefundBook(tables.client, table);
  vouchers = dynamoVoucherRepository(tables.client, table);
  memberships = dynamoMembershipStore(tables.client, table);
});

async function aCharity(): Promise<CharityProjection> {
  const id = newId();
  const charity: CharityProjection = { id, name: 'Kiwi Coast Rescue', charityUrl: `kiwi-${id.toLowerCase()}`, country: 'nz', logoImageUrl: '', isActive: true, version: '1' };
  await charities.save(charity);
  return charity;
}

/** A completed donation stored as RecordDonation stores it, to a gift or a page or neither. */
async function aDonation(charity: CharityProjection, amountCents: number, completedAt: string, to: Pick<Donation['priced'], 'gift' | 'page'> = {}): Promise<Donation> {
  const { trackingNumber } = await payments.createOnce(
    {
      idempotencyKey: `key-${newId()}`,
      pageType: 'CHARITY',
      charityId: charity.id,
      country: 'nz',
      donationAmountCents: amountCents,
      quantity: 1,
      supportingAmountCents: 0,
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
    pageType: to.page ? 'FUNDRAISE' : to.gift ? 'GIFT' : 'CHARITY',
    country: 'nz',
    priced: {
      amount: { cents: amountCents, currency: 'NZD' },
      tip: { cents: 0, currency: 'NZD' },
      total: { cents: amountCents, currency: 'NZD' },
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' },
      ...to,
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

const chick = { id: 'G-CHICK', title: 'Feed a kiwi chick', productUrl: 'feed-a-kiwi-chick' };
const trap = { id: 'G-TRAP', title: 'Buy a predator trap', productUrl: 'buy-a-predator-trap' };
const page = { id: 'P-ARO', title: 'Aroha runs for kiwi', pageUrl: 'aroha', eventUrl: 'kiwi-run', ownerName: 'Aroha Ngata' };
// 21 November 2026, 10 pm in Auckland.
const NOW = new Date('2026-11-21T09:00:00.000Z');

describe('the dashboards’ running figures (DynamoDB Local)', () => {
  it('adds each donation once to its charity’s local day and its gift’s or page’s month, however often the stream delivers it', async () => {
    const charity = await aCharity();
    const given = [
      await aDonation(charity, 3000, '2026-10-31T12:30:00.000Z', { gift: chick }), // 1 November, 01:30 in Auckland
      await aDonation(charity, 3000, '2026-11-20T23:00:00.000Z', { gift: chick }), // 21 November
      await aDonation(charity, 4500, '2026-11-21T01:00:00.000Z', { gift: trap }),
      await aDonation(charity, 10_000, '2026-11-05T00:00:00.000Z', { page }),
      await aDonation(charity, 2000, '2026-11-06T00:00:00.000Z'),
      await aDonation(charity, 8000, '2026-10-02T00:00:00.000Z'), // 2 October
      await aDonation(charity, 999, '2026-09-30T00:00:00.000Z'), // September: in neither month
    ];
    for (const donation of given) expect(await countDonation({ ledger }, donation)).toBe('counted');
    // Redelivered (twice, and concurrently: a delivery that meets another mid-transaction fails and is retried): nothing is added twice.
    for (const donation of given) expect(await countDonation({ ledger }, donation)).toBe('already');
    const concurrent = await Promise.allSettled(given.map((donation) => countDonation({ ledger }, donation)));
    expect(concurrent.some((outcome) => outcome.status === 'fulfilled' && outcome.value === 'counted')).toBe(false);

    const dashboard = await charityDonationsDashboard({ stats, charities }, charity.id, NOW);
    expect(dashboard.donations).toHaveLength(1);
    const [nzd] = dashboard.donations;
    expect(nzd?.currency).toBe('NZD');
    expect(nzd?.thisMonth).toMatchObject({ month: '2026-11', donations: 5, amount: { cents: 22_500, currency: 'NZD' } });
    // This month's days run to today, the 21st; last month has all 31.
    expect(nzd?.thisMonth.byDay).toHaveLength(21);
    expect([nzd?.thisMonth.byDay[0], nzd?.thisMonth.byDay[4], nzd?.thisMonth.byDay[5], nzd?.thisMonth.byDay[20]]).toEqual([3000, 10_000, 2000, 7500]);
    expect(nzd?.lastMonth).toMatchObject({ month: '2026-10', donations: 1, amount: { cents: 8000, currency: 'NZD' } });
    expect(nzd?.lastMonth.byDay).toHaveLength(31);
    expect(nzd?.lastMonth.byDay[1]).toBe(8000);
    expect(dashboard.topGifts).toEqual([
      { giftId: chick.id, title: chick.title, donations: 2, amount: { cents: 6000, currency: 'NZD' } },
      { giftId: trap.id, title: trap.title, donations: 1, amount: { cents: 4500, currency: 'NZD' } },
    ]);
    expect(dashboard.topPages).toEqual([{ pageId: page.id, title: page.title, ownerName: page.ownerName, eventUrl: page.eventUrl, pageUrl: page.pageUrl, donations: 1, amount: { cents: 10_000, currency: 'NZD' } }]);
  });

  it('answers a charity with nothing given in its own currency, zero every day', async () => {
    const charity = await aCharity();
    const dashboard = await charityDonationsDashboard({ stats, charities }, charity.id, NOW);
    expect(dashboard).toEqual({
      donations: [
        {
          currency: 'NZD',
          thisMonth: { month: '2026-11', donations: 0, amount: { cents: 0, currency: 'NZD' }, byDay: Array.from({ length: 21 }, () => 0) },
          lastMonth: { month: '2026-10', donations: 0, amount: { cents: 0, currency: 'NZD' }, byDay: Array.from({ length: 31 }, () => 0) },
        },
      ],
      topGifts: [],
      topPages: [],
    });
  });

  it('takes a completed refund off its donation’s day, gift and the platform’s day, once; the donation itself once none of it is left', async () => {
    const charity = await aCharity();
    const donation = await aDonation(charity, 4000, '2026-11-20T23:00:00.000Z', { gift: chick }); // 21 November
    await countDonation({ ledger }, donation);
    const platformBefore = (await platformDonationsDashboard({ stats }, NOW)).donations[0]!.thisMonth;
    const clock = fixedClock('2026-11-21T09:00:00Z');
    const deps = { payments, refunds, clock, vouchers, memberships };
    const refund = async (amount?: number) => {
      const { refund } = await requestRefund(deps, donation.trackingNumber, { ...(amount ? { amount } : {}), reason: 'Gave twice' }, `key-${newId()}`, 'Alex Morgan');
      const step = { refundId: refund.refundId, donationId: donation.donationId };
      await recordRefund(deps, step);
      // A retried workflow step takes nothing off twice.
      await recordRefund(deps, step);
    };
    const figures = async () => {
      const dashboard = await charityDonationsDashboard({ stats, charities }, charity.id, NOW);
      const platform = (await platformDonationsDashboard({ stats }, NOW)).donations[0]!.thisMonth;
      return {
        month: { donations: dashboard.donations[0]!.thisMonth.donations, cents: dashboard.donations[0]!.thisMonth.amount.cents, day21: dashboard.donations[0]!.thisMonth.byDay[20] },
        gift: dashboard.topGifts.map((gift) => [gift.donations, gift.amount.cents]),
        platform: { donations: platform.donations - platformBefore.donations, cents: platform.amount.cents - platformBefore.amount.cents },
      };
    };

    await refund(1500);
    expect(await figures()).toEqual({ month: { donations: 1, cents: 2500, day21: 2500 }, gift: [[1, 2500]], platform: { donations: 0, cents: -1500 } });
    await refund();
    expect(await figures()).toEqual({ month: { donations: 0, cents: 0, day21: 0 }, gift: [], platform: { donations: -1, cents: -4000 } });
  });

  it('two part refunds completing at the same moment: the later reads again, and the donation leaves the counts once none is left', async () => {
    const charity = await aCharity();
    const donation = await aDonation(charity, 4000, '2026-11-20T23:00:00.000Z', { gift: chick });
    await countDonation({ ledger }, donation);
    const deps = { payments, refunds, clock: fixedClock('2026-11-21T09:00:00Z'), vouchers, memberships };
    const steps = await Promise.all(
      [1500, 2500].map(async (amount) => {
        const { refund } = await requestRefund(deps, donation.trackingNumber, { amount, reason: 'Gave twice' }, `key-${newId()}`, 'Alex Morgan');
        return { refundId: refund.refundId, donationId: donation.donationId };
      }),
    );
    // Both workflows record at once: each has worked out "some is left" from the donation before either writes.
    let arrived = 0;
    let release: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (release = resolve));
    const atOnce: typeof refunds = {
      ...refunds,
      complete: async (...args) => {
        if (++arrived === 2) release();
        await together;
        return refunds.complete(...args);
      },
    };
    const first = await Promise.allSettled(steps.map((step) => recordRefund({ ...deps, refunds: atOnce }, step)));
    expect(first.filter((result) => result.status === 'rejected')).toHaveLength(1);
    // The workflow retries the one that lost: it reads the donation again.
    for (const step of steps) await recordRefund(deps, step);
    const dashboard = await charityDonationsDashboard({ stats, charities }, charity.id, NOW);
    expect(dashboard.donations[0]!.thisMonth).toMatchObject({ donations: 0, amount: { cents: 0 } });
  });

  it('adds every charity’s donations to the platform’s day, per currency', async () => {
    const before = await platformDonationsDashboard({ stats }, NOW);
    const [first, second] = [await aCharity(), await aCharity()];
    await countDonation({ ledger }, await aDonation(first, 1500, '2026-11-10T00:00:00.000Z'));
    await countDonation({ ledger }, await aDonation(second, 2500, '2026-11-10T01:00:00.000Z'));
    const after = await platformDonationsDashboard({ stats }, NOW);
    expect(after.donations.map((line) => line.currency)).toEqual(['NZD', 'AUD']);
    const nzd = (dashboard: typeof after) => dashboard.donations[0]!.thisMonth;
    expect(nzd(after).donations - nzd(before).donations).toBe(2);
    expect(nzd(after).amount.cents - nzd(before).amount.cents).toBe(4000);
    expect(nzd(after).byDay[9]! - nzd(before).byDay[9]!).toBe(4000);
    expect(after.donations[1]).toEqual(before.donations[1]);
  });
});
