import { describe, expect, it } from 'vitest';
import { matchBonusCents } from './match-bonus';

const base = { amountCents: 5_000, quantity: 1, matchRatio: 1, memberCapCents: 0, entryCapCents: 0, campaignCapCents: 0 };

describe('match bonus rule (spec 2 §5)', () => {
  it('matches amount x quantity x ratio when no cap applies (caps of 0 are unlimited)', () => {
    expect(matchBonusCents(base)).toBe(5_000);
    expect(matchBonusCents({ ...base, quantity: 3 })).toBe(15_000);
    expect(matchBonusCents({ ...base, matchRatio: 0.5 })).toBe(2_500);
    expect(matchBonusCents({ ...base, matchRatio: 2 })).toBe(10_000);
  });

  it('never lets the bonus exceed any cap: each cap is divided by the ratio before the min', () => {
    // 1:1, member cap $30: min(50, 30) x 1 = 30.
    expect(matchBonusCents({ ...base, memberCapCents: 3_000 })).toBe(3_000);
    // 2:1, member cap $30: min(50, 30 / 2 = 15) x 2 = 30 (not 60).
    expect(matchBonusCents({ ...base, matchRatio: 2, memberCapCents: 3_000 })).toBe(3_000);
    // 50%, member cap $30: min(50, 60) x 0.5 = 25 (the cap is not reached).
    expect(matchBonusCents({ ...base, matchRatio: 0.5, memberCapCents: 3_000 })).toBe(2_500);
  });

  it('takes the smallest of the member, entry and campaign caps', () => {
    expect(matchBonusCents({ ...base, quantity: 4, memberCapCents: 15_000, entryCapCents: 12_000, campaignCapCents: 9_000 })).toBe(9_000);
    expect(matchBonusCents({ ...base, quantity: 4, memberCapCents: 7_000, entryCapCents: 0, campaignCapCents: 9_000 })).toBe(7_000);
    expect(matchBonusCents({ ...base, quantity: 4, memberCapCents: 0, entryCapCents: 1_000, campaignCapCents: 0 })).toBe(1_000);
  });

  it('rounds down to whole cents and keeps whole-percent ratios exact', () => {
    expect(matchBonusCents({ ...base, amountCents: 333, matchRatio: 0.5 })).toBe(166);
    expect(matchBonusCents({ ...base, amountCents: 100, matchRatio: 0.29 })).toBe(29);
    expect(matchBonusCents({ ...base, amountCents: 1_000, matchRatio: 1.15 })).toBe(1_150);
    // A cap that divides unevenly: 1_000 / 3 x 3 is 1_000 (at most the cap), never 1_001.
    expect(matchBonusCents({ ...base, matchRatio: 3, memberCapCents: 1_000 })).toBe(1_000);
  });

  it('matches nothing for nothing', () => {
    expect(matchBonusCents({ ...base, amountCents: 0 })).toBe(0);
    expect(matchBonusCents({ ...base, quantity: 0 })).toBe(0);
    expect(matchBonusCents({ ...base, matchRatio: 0 })).toBe(0);
  });
});
