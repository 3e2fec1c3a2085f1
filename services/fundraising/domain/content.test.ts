import { describe, expect, it } from 'vitest';
import { FUNDRAISING_MESSAGES, MAX_RUN_DAYS, raisedPercentage } from '@giving/shared/contracts/fundraising';
import { DomainError } from '@giving/shared/errors';
import { RESERVED_ADDRESSES, checkEndDate, suggestAddresses } from './content';
import { pageStatus, totalsOf } from './views';

describe('raisedPercentage (spec 2 §5)', () => {
  it('is round(amount / target x 100), and 100 when the target is 0', () => {
    expect(raisedPercentage(0, 100_000)).toBe(0);
    expect(raisedPercentage(5000, 150_000)).toBe(3);
    expect(raisedPercentage(4999, 10_000)).toBe(50);
    expect(raisedPercentage(30_000, 10_000)).toBe(300);
    expect(raisedPercentage(0, 0)).toBe(100);
    expect(raisedPercentage(2500, 0)).toBe(100);
  });

  it('totals keep online, offline and matched apart and add them up', () => {
    expect(totalsOf({ currency: 'NZD', onlineAmount: 1000, offlineAmount: 500, matchedAmount: 250, donationsCount: 3, targetAmount: 3500 })).toEqual({
      currency: 'NZD',
      donatedAmount: 1750,
      targetAmount: 3500,
      donationsCount: 3,
      raisedPercentage: 50,
      onlineAmount: 1000,
      offlineAmount: 500,
      matchedAmount: 250,
    });
  });
});

describe('a page ends at the end of its end date, in its country', () => {
  const page = { isOnline: true, eventOnline: true, endDate: '2027-03-31', country: 'nz' as const };
  it('is Open through the last day in New Zealand, Ended after it', () => {
    // 31 March, 11 pm in Auckland (NZDT, +13) is still 31 March there.
    expect(pageStatus(page, new Date('2027-03-31T10:00:00Z'))).toBe('Open');
    expect(pageStatus(page, new Date('2027-03-31T11:30:00Z'))).toBe('Ended');
  });
  it('is Offline when it or its event is taken offline, whatever the date', () => {
    expect(pageStatus({ ...page, isOnline: false }, new Date('2027-01-01T00:00:00Z'))).toBe('Offline');
    expect(pageStatus({ ...page, eventOnline: false }, new Date('2027-01-01T00:00:00Z'))).toBe('Offline');
  });
});

describe('end dates', () => {
  const now = new Date('2026-11-26T02:00:00Z'); // 26 November, 3 pm in Auckland
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof DomainError ? error.fieldErrors : error;
    }
    return undefined;
  };
  it('takes today to a year ahead, written with or without leading zeros', () => {
    expect(checkEndDate('2026-11-26', 'nz', now)).toBe('2026-11-26');
    expect(checkEndDate('2027-1-5', 'nz', now)).toBe('2027-01-05');
  });
  it('refuses a past date and one beyond the longest run, naming body.endDate', () => {
    expect(refusal(() => checkEndDate('2026-11-25', 'nz', now))).toEqual([{ field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDatePast }]);
    const tooFar = new Date(now.getTime() + (MAX_RUN_DAYS + 2) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(refusal(() => checkEndDate(tooFar, 'nz', now))).toEqual([{ field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDateTooFar }]);
  });
  it('keeps an unchanged end date on an edit, even once past', () => {
    expect(checkEndDate('2026-10-01', 'nz', now, { unchangedFrom: '2026-10-01' })).toBe('2026-10-01');
  });
});

describe('address suggestions', () => {
  it('offers free addresses like the taken one (the year, then numbers), at most three, never a reserved one', async () => {
    const suggestions = await suggestAddresses('kiwi-walk', 2027, async (candidates) => new Set(candidates.filter((c) => c === 'kiwi-walk-2027' || c === 'kiwi-walk-2')));
    expect(suggestions).toEqual(['kiwi-walk-3', 'kiwi-walk-4', 'kiwi-walk-5']);
    for (const reserved of RESERVED_ADDRESSES) expect(await suggestAddresses(reserved, 2027, async () => new Set())).not.toContain(reserved);
  });
});
