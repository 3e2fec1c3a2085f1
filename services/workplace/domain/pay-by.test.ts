import { describe, expect, it } from 'vitest';
import { daysUntil, nzCharitiesPayBy } from './pay-by';

describe('the NZ date by which the charities must be paid', () => {
  it('is the PAYE due date (5th or 20th) nearest two months after the period end', () => {
    // 22 Nov -> 22 Jan: the 20th is nearest.
    expect(nzCharitiesPayBy('2026-11-22')).toBe('2027-01-20');
    // 30 Nov -> 30 Jan: 5 Feb (6 days) is nearer than 20 Jan (10 days).
    expect(nzCharitiesPayBy('2026-11-30')).toBe('2027-02-05');
    // 12 Dec -> 12 Feb: the 5th (7 days) beats the 20th (8 days).
    expect(nzCharitiesPayBy('2026-12-12')).toBe('2027-02-05');
    // 31 Dec -> 28 Feb (no 31st): 5 Mar.
    expect(nzCharitiesPayBy('2026-12-31')).toBe('2027-03-05');
  });

  it('gives the earlier date when two are equally near', () => {
    // 28 Nov -> 28 Jan: 20 Jan and 5 Feb are both 8 days away.
    expect(nzCharitiesPayBy('2026-11-28')).toBe('2027-01-20');
    // 27 Mar -> 27 May: 7 days to 20 May, 9 to 5 Jun.
    expect(nzCharitiesPayBy('2027-03-27')).toBe('2027-05-20');
  });

  it('counts the days left', () => {
    expect(daysUntil('2027-01-10', '2027-01-20')).toBe(10);
    expect(daysUntil('2027-01-25', '2027-01-20')).toBe(-5);
  });
});
