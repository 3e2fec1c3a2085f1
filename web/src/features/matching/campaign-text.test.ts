import { describe, expect, it } from 'vitest';
import { capText, describeCampaign, ratioPercent } from './campaign-text';

const campaign = {
  workplaceName: 'Tasman Engineering',
  memberType: 'Employee',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 50_000,
  entryCap: 0,
  campaignCap: 0,
  currency: 'NZD',
} as const;

describe('campaign text (spec 2 §6, §9)', () => {
  it('shows the ratio as percent and the Employee member type as staff', () => {
    expect(describeCampaign(campaign)).toBe('Tasman Engineering matches staff donations 100%, up to $500.00 per person.');
    expect(ratioPercent(0.5)).toBe('50%');
    expect(ratioPercent(1.15)).toBe('115%');
  });

  it('shows caps as currency with thousand separators and 2 decimals, leaving out caps of 0', () => {
    expect(capText(1_234_567, 'NZD')).toBe('$12,345.67');
    expect(describeCampaign({ ...campaign, memberType: 'Any', givingType: 'PayrollGiving', recurrenceType: 'Recurring', matchRatio: 0.5, memberCap: 0, campaignCap: 2_500_000 })).toBe(
      'Tasman Engineering matches regular payroll donations 50%, up to $25,000.00 in total.',
    );
  });
});
