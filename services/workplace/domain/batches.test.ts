import { describe, expect, it } from 'vitest';
import { deductionsFor, fileLines } from './batches';
import { columnValue, formatAmount, formatDate, nzTaxCreditCents, PRESETS, type DeductionLine } from './file-structures';
import { payrollFileText } from './payroll-text';
import type { PledgeRecord } from './ports';

const pledge = (overrides: Partial<PledgeRecord> & Pick<PledgeRecord, 'pledgeId'>): PledgeRecord => ({
  workplaceId: 'W',
  memberId: 'wiremu',
  pageType: 'CHARITY',
  country: 'nz',
  charity: { id: 'harbour', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank' },
  quantity: 1,
  total: { cents: 1000, currency: 'NZD' },
  donationFrequency: 'EveryPayCycle',
  isAnonymous: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const everyone = () => true;

describe('which pledges a batch takes', () => {
  it('takes every-pay-cycle pledges made by the cut-off and not cancelled by it', () => {
    const lines = deductionsFor(
      [
        pledge({ pledgeId: 'a' }),
        pledge({ pledgeId: 'late', memberId: 'grace', createdAt: '2026-11-24T04:00:00.001Z' }),
        pledge({ pledgeId: 'stopped', memberId: 'mere', cancelledAt: '2026-11-20T00:00:00.000Z' }),
        pledge({ pledgeId: 'stops-later', memberId: 'sam', cancelledAt: '2026-11-30T00:00:00.000Z' }),
      ],
      { asOf: '2026-11-24T04:00:00.000Z', includes: everyone },
    );
    expect([...lines.values()].map((line) => line.pledges.map((part) => part.pledgeId))).toEqual([['a'], ['stops-later']]);
  });

  it('takes a once-off pledge only in the first batch after it was made', () => {
    const once = pledge({ pledgeId: 'once', donationFrequency: 'OnceOff', createdAt: '2026-11-10T00:00:00.000Z' });
    expect(deductionsFor([once], { asOf: '2026-11-24T04:00:00.000Z', previousAsOf: '2026-11-09T04:00:00.000Z', includes: everyone }).size).toBe(1);
    expect(deductionsFor([once], { asOf: '2026-12-08T04:00:00.000Z', previousAsOf: '2026-11-24T04:00:00.000Z', includes: everyone }).size).toBe(0);
  });

  it("adds a member's pledges to the same charity and purpose into one deduction, and keeps gifts apart", () => {
    const lines = deductionsFor(
      [
        pledge({ pledgeId: 'a', total: { cents: 1000, currency: 'NZD' } }),
        pledge({ pledgeId: 'b', total: { cents: 500, currency: 'NZD' } }),
        pledge({ pledgeId: 'gift', pageType: 'GIFT', gift: { id: 'parcel', title: 'A food parcel', productUrl: 'a-food-parcel' }, total: { cents: 2500, currency: 'NZD' } }),
      ],
      { asOf: '2026-11-24T04:00:00.000Z', includes: everyone },
    );
    expect([...lines.values()].map(({ key, amountCents, pledges }) => ({ key, amountCents, pledgeIds: pledges.map((part) => part.pledgeId) }))).toEqual([
      { key: 'wiremu|harbour|general', amountCents: 1500, pledgeIds: ['a', 'b'] },
      { key: 'wiremu|harbour|parcel', amountCents: 2500, pledgeIds: ['gift'] },
    ]);
  });

  it('leaves out members the cycle does not pay', () => {
    const lines = deductionsFor([pledge({ pledgeId: 'a' }), pledge({ pledgeId: 'b', memberId: 'grace' })], { asOf: '2026-11-24T04:00:00.000Z', includes: (id) => id === 'grace' });
    expect([...lines.keys()]).toEqual(['grace|harbour|general']);
  });
});

describe('what the file lists against the previous batch', () => {
  const current = deductionsFor(
    [pledge({ pledgeId: 'same' }), pledge({ pledgeId: 'more', memberId: 'grace', total: { cents: 3000, currency: 'NZD' } }), pledge({ pledgeId: 'new', memberId: 'sam' })],
    { asOf: '2026-12-08T04:00:00.000Z', includes: everyone },
  );
  const previous = [
    { key: 'wiremu|harbour|general', memberId: 'wiremu', charityId: 'harbour', amountCents: 1000, pledges: [] },
    { key: 'grace|harbour|general', memberId: 'grace', charityId: 'harbour', amountCents: 2000, pledges: [] },
    { key: 'mere|harbour|general', memberId: 'mere', charityId: 'harbour', amountCents: 700, pledges: [] },
  ];
  const summary = (lines: ReturnType<typeof fileLines>) => lines.map(({ line, changeType }) => `${line.memberId} ${changeType} ${line.amountCents}`);

  it('lists every deduction of the period in an all-lines file, marked against the last batch', () => {
    expect(summary(fileLines(current, previous, 'ALL_LINES'))).toEqual(['wiremu UNCHANGED 1000', 'grace CHANGED 3000', 'sam NEW 1000']);
  });

  it('lists only NEW, CHANGED and CANCELLED (with the amount that stops) in a changes-only file', () => {
    expect(summary(fileLines(current, previous, 'CHANGES_ONLY'))).toEqual(['grace CHANGED 3000', 'sam NEW 1000', 'mere CANCELLED 700']);
  });
});

describe('values as payroll reads them', () => {
  it('formats dates and amounts the ways payroll systems ask', () => {
    expect(['YYYY-MM-DD', 'YYYYMMDD', 'DD/MM/YYYY', 'MM/DD/YY', 'DD-MM-YYYY'].map((f) => formatDate('2026-03-09', f as never))).toEqual([
      '2026-03-09',
      '20260309',
      '09/03/2026',
      '03/09/26',
      '09-03-2026',
    ]);
    expect([formatAmount(1250, 'DOLLARS'), formatAmount(1250, 'CENTS'), formatAmount(1250, 'DOLLARS_TRIMMED'), formatAmount(1200, 'DOLLARS_TRIMMED'), formatAmount(5, 'DOLLARS')]).toEqual([
      '12.50',
      '1250',
      '12.5',
      '12',
      '0.05',
    ]);
  });

  it('gives NZ lines a third as tax credit, and AU lines STP type W', () => {
    const nz = { country: 'nz', amountCents: 1000 } as DeductionLine;
    const au = { ...nz, country: 'au' } as DeductionLine;
    expect(nzTaxCreditCents(nz)).toBe(333);
    expect(columnValue({ field: 'nzTaxCredit' }, nz, PRESETS.GENERIC)).toBe('3.33');
    expect(columnValue({ field: 'nzTaxCredit' }, au, PRESETS.GENERIC)).toBe('');
    expect(columnValue({ field: 'auStpDeductionType' }, au, PRESETS.GENERIC)).toBe('W');
    expect(columnValue({ field: 'auStpDeductionType' }, nz, PRESETS.GENERIC)).toBe('');
  });

  it("writes PayGlobal's headerless layout and quotes everything when asked", () => {
    const line: DeductionLine = {
      batchId: 'B',
      changeType: 'NEW',
      memberId: 'm',
      employeeNumber: 'E1',
      firstName: 'Sam',
      lastName: "O'Brien, Jr",
      email: 's@example.com',
      periodStart: '2026-11-09',
      periodEnd: '2026-11-22',
      payDate: '2026-11-26',
      amountCents: 2000,
      currency: 'NZD',
      country: 'nz',
      charityName: 'Kiwi',
      charityPayrollCode: '',
      charityTaxId: '',
      paymentReference: 'R',
    };
    expect(payrollFileText(PRESETS.PAYGLOBAL, [line])).toBe('E1,GIVE,1,,,20261126,20.00,,20.00,N\r\n');
    const quoted = { ...PRESETS.GENERIC, quoting: 'ALL' as const, lineEnding: 'LF' as const, includeHeader: false, columns: [{ field: 'lastName' as const, header: 'L' }, { field: 'fixedText' as const, header: 'X', value: '' }] };
    expect(payrollFileText(quoted, [line])).toBe('"O\'Brien, Jr",""\n');
  });
});
