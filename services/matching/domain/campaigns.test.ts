import { describe, expect, it } from 'vitest';
import { campaignInputSchema, type CampaignInput } from '@giving/shared/contracts/matching';
import { statusOf, todayIn } from './campaigns';

const input: CampaignInput = {
  name: 'Kiwi match',
  description: '',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 0,
  entryCap: 0,
  campaignCap: 0,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  moduleType: 'DollarHandle',
  items: [],
  startsOn: '2026-11-01',
  endsOn: '2026-11-30',
  active: true,
};
const fieldsOf = (value: unknown) => {
  const result = campaignInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('campaign status', () => {
  it('is Active from the first to the last day inclusive while switched on', () => {
    expect(statusOf(input, '2026-10-31')).toBe('Scheduled');
    expect(statusOf(input, '2026-11-01')).toBe('Active');
    expect(statusOf(input, '2026-11-30')).toBe('Active');
    expect(statusOf(input, '2026-12-01')).toBe('Ended');
    expect(statusOf({ ...input, active: false }, '2026-11-15')).toBe('Inactive');
  });

  it('takes today in the workplace’s country', () => {
    expect(todayIn('nz', new Date('2026-11-30T12:00:00Z'))).toBe('2026-12-01');
    expect(todayIn('au', new Date('2026-11-30T12:00:00Z'))).toBe('2026-11-30');
  });
});

describe('campaign input', () => {
  it('accepts whole-percent ratios and caps in cents', () => {
    expect(fieldsOf({ ...input, matchRatio: 0.5, memberCap: 50_000 })).toEqual([]);
    expect(fieldsOf({ ...input, matchRatio: 0.555 })).toEqual(['matchRatio']);
    expect(fieldsOf({ ...input, matchRatio: 0 })).toEqual(['matchRatio']);
    expect(fieldsOf({ ...input, memberCap: 10.5 })).toEqual(['memberCap']);
    expect(fieldsOf({ ...input, campaignCap: -1 })).toEqual(['campaignCap']);
  });

  it('refuses an end before the start, an entry cap outside fundraising, and an item twice', () => {
    expect(fieldsOf({ ...input, endsOn: '2026-10-31' })).toEqual(['endsOn']);
    expect(fieldsOf({ ...input, startsOn: '2026-02-30' })).toEqual(['startsOn']);
    expect(fieldsOf({ ...input, entryCap: 100 })).toEqual(['entryCap']);
    expect(fieldsOf({ ...input, moduleType: 'Fundraising', entryCap: 100 })).toEqual([]);
    expect(fieldsOf({ ...input, items: [{ id: '01KDEM0GFT0000000000000001' }, { id: '01KDEM0GFT0000000000000001' }] })).toEqual(['items']);
  });
});
