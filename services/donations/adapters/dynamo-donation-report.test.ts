import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { CSV_TOO_LONG_MESSAGE, GENERAL_DONATION } from '@giving/shared/contracts/charity-reports';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { CSV_HEADER, donationReportCsv, donationReportPage } from '../domain/charity-reports';
import type { CharityProjection, Donation, NewPayment } from '../domain/ports';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoDonationReport } from './dynamo-donation-report';
import { dynamoPaymentRepository } from './dynamo-payments';

let reports: ReturnType<typeof dynamoDonationReport>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let payments: ReturnType<typeof dynamoPaymentRepository>;
const clock = fixedClock('2026-11-21T09:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([donations]);
  reports = dynamoDonationReport(tables.client, tables.tableName('donations'));
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
});

async function aCharity(): Promise<CharityProjection> {
  const id = newId();
  const charity: CharityProjection = { id, name: 'Kiwi Coast Rescue', charityUrl: `kiwi-${id.toLowerCase()}`, country: 'nz', logoImageUrl: '', isActive: true, version: '1' };
  await charities.save(charity);
  return charity;
}

interface DonationSpec {
  completedAt: string;
  amountCents: number;
  quantity?: number;
  gift?: { id: string; title: string; productUrl: string };
  isAnonymous?: boolean;
  donorName?: string;
  receiptName?: string;
  memberId?: string;
}

/** Stores a completed donation the way the payment workflow does: a payment, priced, then completed. */
async function give(charity: CharityProjection, spec: DonationSpec): Promise<Donation> {
  const [firstName = 'Jane', lastName = 'Donor'] = (spec.donorName ?? 'Jane Donor').split(' ');
  const payment = {
    idempotencyKey: `key-${newId()}`,
    ...(spec.gift ? { pageType: 'GIFT', giftId: spec.gift.id } : { pageType: 'CHARITY', charityId: charity.id }),
    country: 'nz',
    donationAmountCents: spec.amountCents / (spec.quantity ?? 1),
    quantity: spec.quantity ?? 1,
    supportingAmountCents: 200,
    isAnonymous: spec.isAnonymous ?? false,
    receiptName: spec.receiptName ?? 'Jane Donor',
    donor: { firstName, lastName, email: 'jane@example.com' },
    card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
    createdAt: spec.completedAt,
  } as NewPayment;
  const priced = {
    amount: { cents: spec.amountCents, currency: 'NZD' as const },
    tip: { cents: 200, currency: 'NZD' as const },
    total: { cents: spec.amountCents + 200, currency: 'NZD' as const },
    charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' },
    ...(spec.gift ? { gift: spec.gift } : {}),
  };
  const { trackingNumber } = await payments.createOnce(payment, 'fp');
  await payments.markProcessing(trackingNumber, priced, new Date(spec.completedAt));
  const donation: Donation = {
    donationId: trackingNumber,
    trackingNumber,
    pageType: spec.gift ? 'GIFT' : 'CHARITY',
    country: 'nz',
    priced,
    quantity: spec.quantity ?? 1,
    isAnonymous: spec.isAnonymous ?? false,
    receiptName: payment.receiptName,
    donorEmail: 'jane@example.com',
    donorName: `${firstName} ${lastName}`,
    paymentType: 'CARD',
    card: { cardType: 'visa', last4: '4242' },
    chargeId: `ch_${trackingNumber}`,
    completedAt: spec.completedAt,
    ...(spec.memberId ? { memberId: spec.memberId } : {}),
  };
  await payments.complete(donation);
  return donation;
}

const trap = { id: newId(), title: 'Buy a predator trap', productUrl: 'buy-a-predator-trap' };
const deps = () => ({ reports, charities, clock });

describe('the donation report (DynamoDB Local)', () => {
  it('lists a charity’s donations newest first with totals of the amounts (never the tip), and no other charity’s', async () => {
    const charity = await aCharity();
    const other = await aCharity();
    await give(charity, { completedAt: '2026-11-01T01:00:00.000Z', amountCents: 12_000, quantity: 2, gift: trap });
    await give(charity, { completedAt: '2026-11-10T01:00:00.000Z', amountCents: 5000 });
    await give(other, { completedAt: '2026-11-11T01:00:00.000Z', amountCents: 999 });

    const page = await donationReportPage(deps(), charity.id, {});
    expect(page.items.map((row) => [row.amount.cents, row.quantity, row.gift?.title])).toEqual([
      [5000, 1, undefined],
      [12_000, 2, 'Buy a predator trap'],
    ]);
    expect(page.totals).toEqual({ count: 2, amount: { cents: 17_000, currency: 'NZD' } });
    expect(page.nextCursor).toBeUndefined();
  });

  it('reads back each donation as it was completed: none of the item’s keys (a member’s history keys included)', async () => {
    const charity = await aCharity();
    const donation = await give(charity, { completedAt: '2026-11-12T01:00:00.000Z', amountCents: 2500, memberId: newId() });
    expect((await reports.page(charity.id, {}, 10)).items).toEqual([donation]);
    expect(await reports.all(charity.id, {}, 10)).toEqual([donation]);
  });

  it('shows “Anonymous” for the donor and receipt name of an anonymous donation', async () => {
    const charity = await aCharity();
    await give(charity, { completedAt: '2026-11-05T01:00:00.000Z', amountCents: 2500, isAnonymous: true, donorName: 'Secret Person', receiptName: 'S. Person' });
    const [row] = (await donationReportPage(deps(), charity.id, {})).items;
    expect(row).toMatchObject({ donorName: 'Anonymous', receiptName: 'Anonymous', isAnonymous: true });
    expect(JSON.stringify(row)).not.toContain('Secret');
  });

  it('filters by local dates (inclusive), gift or general donation, and payment type', async () => {
    const charity = await aCharity();
    // 31 Oct 23:30 Auckland time is 31 Oct 10:30 UTC; 1 Nov 00:30 Auckland is 31 Oct 11:30 UTC.
    await give(charity, { completedAt: '2026-10-31T10:30:00.000Z', amountCents: 1000 });
    await give(charity, { completedAt: '2026-10-31T11:30:00.000Z', amountCents: 2000, gift: trap });
    await give(charity, { completedAt: '2026-11-30T10:59:00.000Z', amountCents: 3000 }); // 30 Nov 23:59 in Auckland
    await give(charity, { completedAt: '2026-11-30T11:00:00.000Z', amountCents: 4000 }); // 1 Dec 00:00 in Auckland

    const november = await donationReportPage(deps(), charity.id, { from: '2026-11-01', to: '2026-11-30' });
    expect(november.items.map((row) => row.amount.cents)).toEqual([3000, 2000]);
    expect(november.totals).toEqual({ count: 2, amount: { cents: 5000, currency: 'NZD' } });
    expect((await donationReportPage(deps(), charity.id, { giftId: trap.id })).items.map((r) => r.amount.cents)).toEqual([2000]);
    expect((await donationReportPage(deps(), charity.id, { giftId: GENERAL_DONATION })).totals?.count).toBe(3);
    expect((await donationReportPage(deps(), charity.id, { paymentType: 'PAYROLL' })).totals?.count).toBe(0);
    expect((await donationReportPage(deps(), charity.id, { paymentType: 'CARD', from: '2026-12-01' })).items.map((r) => r.amount.cents)).toEqual([4000]);
  });

  it('pages with a cursor (totals on the first page only) and refuses another charity’s cursor', async () => {
    const charity = await aCharity();
    for (let day = 1; day <= 53; day++) {
      await give(charity, { completedAt: new Date(Date.UTC(2026, 6, 1) + day * 3_600_000).toISOString(), amountCents: 100 * day });
    }
    const first = await donationReportPage(deps(), charity.id, {});
    expect(first.items).toHaveLength(50);
    expect(first.totals?.count).toBe(53);
    expect(first.nextCursor).toBeDefined();
    const second = await donationReportPage(deps(), charity.id, { cursor: first.nextCursor });
    expect(second.items.map((row) => row.amount.cents)).toEqual([300, 200, 100]);
    expect(second.totals).toBeUndefined();
    expect(second.nextCursor).toBeUndefined();

    const other = await aCharity();
    const error = await donationReportPage(deps(), other.id, { cursor: first.nextCursor }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).fieldErrors[0]?.field).toBe('query.cursor');
    // 53 donations, each counted in the charity's ledger in a transaction: past 30 s once in a full run's load.
  }, 90_000);

  it('writes the CSV file: a header row, local times, amounts in dollars, quotes around commas, quotes and line breaks, no formulas', async () => {
    const charity = await aCharity();
    await give(charity, { completedAt: '2026-11-20T20:15:00.000Z', amountCents: 2550, donorName: 'Aroha Ngata', receiptName: 'Ngata, "Aroha"', gift: trap });
    await give(charity, { completedAt: '2026-11-19T01:00:00.000Z', amountCents: 1000, isAnonymous: true });
    await give(charity, { completedAt: '2026-11-18T01:00:00.000Z', amountCents: 500, receiptName: '=HYPERLINK("http://x")\nHi' });
    const file = await donationReportCsv(deps(), charity.id, { from: '2026-11-01' });
    expect(file.filename).toBe(`${charity.charityUrl}-donations-2026-11-01-to-2026-11-21.csv`);
    expect(file.text.endsWith('\r\n')).toBe(true);
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[1]).toMatch(/^2026-11-21 09:15,Aroha Ngata,"Ngata, ""Aroha""",Buy a predator trap,1,25\.50,NZD,CARD,[0-9A-Z]{26}$/);
    expect(lines[2]).toMatch(/^2026-11-19 14:00,Anonymous,Anonymous,General donation,1,10\.00,NZD,CARD,/);
    // The line break stays inside its quoted field; a spreadsheet would run the formula without the apostrophe.
    expect(lines[3]).toMatch(/^2026-11-18 14:00,Jane Donor,"'=HYPERLINK\(""http:\/\/x""\)\nHi",General donation,1,5\.00,NZD,CARD,/);
    expect(lines).toHaveLength(4);
  });

  it('refuses a CSV of more donations than one file holds, naming query.from', async () => {
    const charity = await aCharity();
    for (let i = 0; i < 3; i++) await give(charity, { completedAt: `2026-11-0${i + 1}T00:00:00.000Z`, amountCents: 100 });
    expect(await reports.all(charity.id, {}, 2)).toBe('too-many');
    expect(await reports.all(charity.id, {}, 3)).toHaveLength(3);
    expect(CSV_TOO_LONG_MESSAGE).toContain('choose a shorter date range');
  });
});
