import { describe, expect, it } from 'vitest';
import { APPEAL_NIGHT, appealRate, arrivalTimes, curveSeconds, phaseAt } from './appeal-curve';
import { itemSizeBytes, writeUnits } from './item-size';

describe('the appeal night curve', () => {
  const peak = 10;

  it('builds from the base, climbs to the peak when the presenter asks, holds it, then tails off to the base', () => {
    expect(appealRate(APPEAL_NIGHT, peak, 0)).toBeCloseTo(1); // 10% of the peak
    expect(appealRate(APPEAL_NIGHT, peak, 29.9)).toBeCloseTo(4, 1); // the ramp reaches 40%
    expect(appealRate(APPEAL_NIGHT, peak, 35)).toBeCloseTo(7); // half way up the ask
    expect(appealRate(APPEAL_NIGHT, peak, 40)).toBe(10);
    expect(appealRate(APPEAL_NIGHT, peak, 69.9)).toBe(10);
    expect(appealRate(APPEAL_NIGHT, peak, 82)).toBeCloseTo(5); // one half-life into the tail
    expect(appealRate(APPEAL_NIGHT, peak, 119)).toBeCloseTo(1); // the floor
    expect(appealRate(APPEAL_NIGHT, peak, 120)).toBe(0);
    expect(appealRate(APPEAL_NIGHT, peak, -1)).toBe(0);
    expect([0, 30, 40, 70, 119, 120].map((t) => phaseAt(APPEAL_NIGHT, t))).toEqual(['ramp', 'ask', 'peak', 'tail', 'tail', undefined]);
  });

  it('sends as many donations as the rate adds up to, in order, most of them at the peak', () => {
    const times = arrivalTimes(APPEAL_NIGHT, peak);
    // 7.5 peak-seconds of ramp, 7 of the ask, 30 at the peak, about 16 of tail.
    expect(times.length).toBeGreaterThan(590);
    expect(times.length).toBeLessThan(625);
    expect(times.every((t, i) => t >= 0 && t < curveSeconds(APPEAL_NIGHT) && (i === 0 || t >= (times[i - 1] as number)))).toBe(true);
    const perTenSeconds = Array.from({ length: 12 }, (_, slice) => times.filter((t) => t >= slice * 10 && t < slice * 10 + 10).length);
    expect(Math.max(...perTenSeconds)).toBe(perTenSeconds[5]);
    expect(perTenSeconds[5]).toBe(100);
    expect(perTenSeconds[0]).toBeLessThan(perTenSeconds[2] as number);
    expect(perTenSeconds[11]).toBeLessThan(perTenSeconds[8] as number);
  });

  it('scales with the peak', () => {
    expect(arrivalTimes(APPEAL_NIGHT, 35).length / arrivalTimes(APPEAL_NIGHT, 10).length).toBeCloseTo(3.5, 1);
  });
});

describe('item sizes and write units', () => {
  it('counts names and values as DynamoDB does', () => {
    expect(itemSizeBytes({ pk: 'SITE#nz', sk: 'STATS' })).toBe(2 + 7 + 2 + 5);
    expect(itemSizeBytes({ n: 12345 })).toBe(1 + 3 + 1); // 5 significant digits: 3 bytes + 1
    expect(itemSizeBytes({ ok: true, none: null })).toBe(2 + 1 + 4 + 1);
    expect(itemSizeBytes({ tags: ['a', 'bc'] })).toBe(4 + 3 + (1 + 1) + (1 + 2));
    expect(itemSizeBytes({ m: { a: 'x' } })).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemSizeBytes({ name: 'Ngā' })).toBe(4 + 4); // ā is two bytes in UTF-8
  });

  it('bills a unit per started KB, twice in a transaction', () => {
    expect(writeUnits(10)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(writeUnits(1025, { transactional: true })).toBe(4);
  });
});
