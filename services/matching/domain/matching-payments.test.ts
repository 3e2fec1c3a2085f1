import { describe, expect, it } from 'vitest';
import type { MatchingPeriod } from '@giving/shared/contracts/matching-payments';
import { documentLines } from '@giving/shared/printing/printable';
import type { MatchEntry } from './ledger';
import { invoiceCsv, invoiceDocument, invoiceNumber } from './matching-payments';
import type { StoredCampaign } from './ports';

const campaign: StoredCampaign = {
  id: '01KCAMPAIGN000000000000001',
  workplace: { id: 'W', name: 'Tasman Engineering' },
  name: 'Kiwi chick match',
  description: '',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 50_000,
  entryCap: 0,
  campaignCap: 1_000_000,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  moduleType: 'DollarHandle',
  items: [],
  startsOn: '2026-10-28',
  endsOn: '2027-11-27',
  active: true,
  restrictions: { employmentTypes: [], businessUnitIds: [] },
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  version: 1,
  country: 'nz',
};
const entry = (i: number, overrides: Partial<MatchEntry> = {}): MatchEntry => ({
  campaignId: campaign.id,
  workplaceId: 'W',
  donationId: `01KDONATION00000000000000${i}`,
  memberId: 'm',
  amount: 2500 * i,
  currency: 'NZD',
  donationAmount: 2500 * i,
  givingType: 'CreditCard',
  matchType: 'Donation',
  charityName: 'Kiwi Coast Rescue',
  matchedAt: `2026-11-2${i}T01:00:00.000Z`,
  period: '2026-11',
  ...overrides,
});
const november: MatchingPeriod = {
  workplace: { id: 'W', name: 'Tasman Engineering' },
  campaignId: campaign.id,
  campaignName: campaign.name,
  period: '2026-11',
  currency: 'NZD',
  matchedAmount: 15_000,
  donationsMatched: 3,
  paidAmount: 5_000,
  owedAmount: 10_000,
  byMatchType: { Donation: 7_500, Voucher: 7_500 },
  payments: [{ paymentId: 'p', amount: 5_000, currency: 'NZD', receivedOn: '2026-11-24', reference: 'TASMAN-NOV', recordedAt: '2026-11-24T20:00:00.000Z', recordedBy: 'Alex Morgan' }],
};
// 11:30 pm on 30 November in UTC is 1 December in New Zealand: December's, not on November's invoice.
const december = entry(4, { amount: 1_234, donationAmount: 1_234, matchedAt: '2026-11-30T23:30:00.000Z', period: '2026-12' });
const deps = {
  campaigns: { get: async () => campaign, listByWorkplace: async () => [campaign] },
  ledger: { entries: async () => [entry(1), entry(2, { givingType: 'PayrollGiving', charityName: 'Forest & Bird' }), entry(3, { matchType: 'Voucher', charityName: 'Forest & Bird' }), december] },
  book: { periodsOf: async () => [november], allPeriods: async () => [november], period: async () => november, recordPayment: async () => ({ outcome: 'no-period' as const }) },
  clock: { now: () => new Date('2026-11-26T02:00:00.000Z') },
};

describe('the matching invoice', () => {
  it('lists the month’s matches only, where they go, the payments on the days they arrived, and what is due', async () => {
    const document = await invoiceDocument(deps, 'W', campaign.id, '2026-11');
    const text = documentLines(document.blocks).join('\n');
    expect(document.title).toBe('Matching invoice');
    expect(document.fileName).toBe('matching-invoice-kiwi-chick-match-2026-11.pdf');
    expect(text).toContain(`Invoice number: ${invoiceNumber(campaign.id, '2026-11')}`);
    expect(text).not.toContain('$12.34');
    expect(text).toContain('Gift vouchers issued to your people');
    // A calendar day stays the day it is (read in no time zone).
    expect(text).toContain('24 Nov 2026');
    expect(text).not.toContain('25 Nov 2026');
    expect(text).toContain('Amount due: $100.00');
    expect(text).toContain('Please pay $100.00 by bank transfer to Koha');
  });

  it('without a month: the campaign so far, from its first day, named in words', async () => {
    const document = await invoiceDocument(deps, 'W', campaign.id);
    expect(document.title).toBe('Matching campaign report');
    expect(document.subtitle).toBe('Tasman Engineering · Kiwi chick match · 28 October 2026 to 26 November 2026');
  });

  it('as CSV: a row per match of the month, in dollars', async () => {
    const { fileName, text } = await invoiceCsv(deps, 'W', campaign.id, '2026-11');
    expect(fileName).toBe('matching-invoice-kiwi-chick-match-2026-11.csv');
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(`${invoiceNumber(campaign.id, '2026-11')},2026-11,2026-11-22,Kiwi chick match,01KDONATION000000000000002,Forest & Bird,Payroll giving,To the charity,50.00,50.00,NZD`);
  });
});
