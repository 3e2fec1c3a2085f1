import { describe, expect, it } from 'vitest';
import { currentPeriod, periodAt, periodEnding, upcomingPeriods, type PayCalendar } from './pay-periods';

const calendar = (overrides: Partial<PayCalendar>): PayCalendar => ({
  frequency: 'Fortnightly',
  periodEnd: '2026-11-22',
  payDate: '2026-11-26',
  cutoffDaysBeforePayDate: 2,
  cutoffTime: '17:00',
  timeZone: 'Pacific/Auckland',
  ...overrides,
});

describe('pay periods', () => {
  it('counts fortnights both ways from the given period, each starting the day after the last ended', () => {
    const cycle = calendar({});
    expect(periodAt(cycle, 0)).toEqual({ index: 0, periodStart: '2026-11-09', periodEnd: '2026-11-22', payDate: '2026-11-26', cutoffAt: '2026-11-24T04:00:00.000Z' });
    expect(periodAt(cycle, 1)).toMatchObject({ periodStart: '2026-11-23', periodEnd: '2026-12-06', payDate: '2026-12-10' });
    expect(periodAt(cycle, -1)).toMatchObject({ periodStart: '2026-10-26', periodEnd: '2026-11-08', payDate: '2026-11-12' });
  });

  it("takes the cut-off at the cycle's local time, across daylight saving (NZ: +13 in summer, +12 in winter)", () => {
    const summer = periodAt(calendar({ periodEnd: '2027-01-10', payDate: '2027-01-14' }), 0);
    expect(summer.cutoffAt).toBe('2027-01-12T04:00:00.000Z');
    const winter = periodAt(calendar({ periodEnd: '2027-06-20', payDate: '2027-06-24' }), 0);
    expect(winter.cutoffAt).toBe('2027-06-22T05:00:00.000Z');
    const sydney = periodAt(calendar({ periodEnd: '2027-06-20', payDate: '2027-06-24', timeZone: 'Australia/Perth', cutoffTime: '09:30' }), 0);
    expect(sydney.cutoffAt).toBe('2027-06-22T01:30:00.000Z');
  });

  it('keeps a monthly cycle on its day, and on the last day when it ends on one', () => {
    const on31 = calendar({ frequency: 'Monthly', periodEnd: '2027-01-31', payDate: '2027-02-03' });
    expect([1, 2, 3].map((k) => periodAt(on31, k).periodEnd)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    expect(periodAt(on31, 1).periodStart).toBe('2027-02-01');
    const on20 = calendar({ frequency: 'Monthly', periodEnd: '2026-12-20', payDate: '2026-12-24' });
    expect([-1, 1, 2].map((k) => periodAt(on20, k).periodEnd)).toEqual(['2026-11-20', '2027-01-20', '2027-02-20']);
    expect(periodAt(on20, 1)).toMatchObject({ periodStart: '2026-12-21', payDate: '2027-01-24' });
  });

  it('ends semi-monthly periods on the 15th and the last day of each month', () => {
    const cycle = calendar({ frequency: 'SemiMonthly', periodEnd: '2027-01-31', payDate: '2027-02-01' });
    expect([0, 1, 2, 3, -1].map((k) => periodAt(cycle, k).periodEnd)).toEqual(['2027-01-31', '2027-02-15', '2027-02-28', '2027-03-15', '2027-01-15']);
    expect(periodAt(cycle, 2).periodStart).toBe('2027-02-16');
  });

  it('counts weekly and four-weekly periods', () => {
    expect(periodAt(calendar({ frequency: 'Weekly' }), 2).periodEnd).toBe('2026-12-06');
    expect(periodAt(calendar({ frequency: 'FourWeekly' }), 1)).toMatchObject({ periodStart: '2026-11-23', periodEnd: '2026-12-20' });
  });

  it('calls current the first period paid today or later, in the cycle’s zone, even after its cut-off', () => {
    const cycle = calendar({});
    // 2026-11-25 23:30 in Auckland: the cut-off (24th 17:00) has passed, pay day (26th) has not.
    expect(currentPeriod(cycle, new Date('2026-11-25T10:30:00Z')).periodEnd).toBe('2026-11-22');
    // Pay day itself is still current; the day after, the next period is.
    expect(currentPeriod(cycle, new Date('2026-11-26T10:30:00Z')).periodEnd).toBe('2026-11-22');
    expect(currentPeriod(cycle, new Date('2026-11-26T11:30:00Z')).periodEnd).toBe('2026-12-06');
    // Far from the given period, both ways.
    expect(currentPeriod(cycle, new Date('2028-03-01T00:00:00Z')).payDate >= '2028-03-01').toBe(true);
    expect(currentPeriod(cycle, new Date('2025-01-01T00:00:00Z'))).toMatchObject({ periodEnd: '2025-01-05', payDate: '2025-01-09' });
  });

  it('lists the current period and the five after it, and finds a period by its end', () => {
    const cycle = calendar({ frequency: 'Monthly', periodEnd: '2026-11-30', payDate: '2026-12-05' });
    const periods = upcomingPeriods(cycle, new Date('2026-11-25T00:00:00Z'));
    expect(periods.map((p) => p.periodEnd)).toEqual(['2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(periodEnding(cycle, '2027-02-28')?.payDate).toBe('2027-03-05');
    expect(periodEnding(cycle, '2027-02-27')).toBeUndefined();
  });
});
