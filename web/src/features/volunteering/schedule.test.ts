import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { dateFilterChoice, needsDate } from './schedule';

describe('spec 1 §4-§5 date filter', () => {
  it('past and coming take no date', () => {
    expect(dateFilterChoice('past', 'nonsense')).toEqual({ dateFilter: 'past' });
    expect(dateFilterChoice('coming', '')).toEqual({ dateFilter: 'coming' });
    expect(needsDate('past')).toBe(false);
    expect(needsDate('on-or-after')).toBe(true);
  });

  it('no filter is no query', () => {
    expect(dateFilterChoice('', '2026-01-01')).toEqual({});
  });

  it('on-or-before / on-or-after take a year-month-day date (1 or 2 digit month and day), sent as YYYY-MM-DD', () => {
    expect(dateFilterChoice('on-or-before', '2026-3-7')).toEqual({ dateFilter: 'on-or-before', date: '2026-03-07' });
    expect(dateFilterChoice('on-or-after', ' 2026-12-31 ')).toEqual({ dateFilter: 'on-or-after', date: '2026-12-31' });
  });

  it('a date that is not year-month-day, or not a real date, is Invalid Date!', () => {
    for (const text of ['', '26-03-07', '2026/03/07', '2026-02-30', '2026-13-01', '07-03-2026']) {
      expect(dateFilterChoice('on-or-after', text)).toEqual({ error: MESSAGES.invalidDate });
    }
    expect(MESSAGES.invalidDate).toBe('Invalid Date!');
  });
});
