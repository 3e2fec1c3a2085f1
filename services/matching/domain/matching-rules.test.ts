import { describe, expect, it } from 'vitest';
import { NO_RESTRICTIONS } from '@giving/shared/contracts/matching';
import { qualifies, type MatchableDonation, type MemberRecord } from './matching-rules';
import type { StoredCampaign } from './ports';

const campaign = (overrides: Partial<StoredCampaign> = {}): StoredCampaign => ({
  id: 'C',
  workplace: { id: 'W', name: 'Tasman Engineering' },
  name: 'Match',
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
  restrictions: { ...NO_RESTRICTIONS },
  country: 'nz',
  createdAt: '',
  updatedAt: '',
  version: 1,
  ...overrides,
});
const donation = (overrides: Partial<MatchableDonation> = {}): MatchableDonation => ({
  donationId: 'D',
  memberId: 'M',
  amount: { cents: 5000, currency: 'NZD' },
  paymentType: 'CARD',
  isRecurring: false,
  charity: { id: 'CH', name: 'Kiwi Coast Rescue' },
  gift: { id: 'G', title: 'Feed a kiwi chick' },
  completedAt: '2026-11-15T01:00:00.000Z',
  ...overrides,
});
const member = (overrides: Partial<MemberRecord> = {}): MemberRecord => ({ workplaceId: 'W', roles: ['WorkplaceGiver.Employee'], employmentType: 'Permanent', businessUnitId: 'WLG', ...overrides });
const reason = (c: StoredCampaign, d: MatchableDonation, m: MemberRecord) => {
  const verdict = qualifies(c, d, m);
  return verdict.matches ? 'matches' : verdict.reason;
};

describe('which donations a campaign matches', () => {
  it("matches a permanent employee's donation within its dates, in the workplace's own days", () => {
    expect(reason(campaign(), donation(), member())).toBe('matches');
    // 30 November 11:30 UTC is already 1 December in Auckland; 31 October 11:30 UTC is 1 November there.
    expect(reason(campaign(), donation({ completedAt: '2026-11-30T11:30:00.000Z' }), member())).toBe('outside its dates');
    expect(reason(campaign(), donation({ completedAt: '2026-10-31T11:30:00.000Z' }), member())).toBe('matches');
  });

  it('needs the workplace, a switched-on campaign, its currency', () => {
    expect(reason(campaign(), donation(), member({ workplaceId: 'OTHER' }))).toBe('not a member of the workplace');
    expect(reason(campaign(), donation(), member({ roles: [] }))).toBe('not a member of the workplace');
    expect(reason(campaign({ active: false }), donation(), member())).toBe('switched off');
    expect(reason(campaign(), donation({ amount: { cents: 5000, currency: 'AUD' } }), member())).toBe('another currency');
    expect(reason(campaign(), donation({ workplaceId: 'OTHER' }), member())).toBe('recorded for another workplace');
  });

  it('follows the giving type: card (and voucher), payroll, external', () => {
    expect(reason(campaign({ givingType: 'CreditCard' }), donation({ paymentType: 'VOUCHER' }), member())).toBe('matches');
    expect(reason(campaign({ givingType: 'CreditCard' }), donation({ paymentType: 'PAYROLL' }), member())).toBe('another giving type');
    expect(reason(campaign({ givingType: 'PayrollGiving' }), donation({ paymentType: 'PAYROLL' }), member())).toBe('matches');
    expect(reason(campaign({ givingType: 'ExternalDonation' }), donation({ paymentType: 'CARD' }), member())).toBe('another giving type');
    expect(reason(campaign({ givingType: 'ExternalDonation' }), donation({ paymentType: 'EXTERNAL', gift: undefined }), member())).toBe('matches');
  });

  it('follows the recurrence type', () => {
    expect(reason(campaign({ recurrenceType: 'OnceOff' }), donation({ isRecurring: true }), member())).toBe('recurring');
    expect(reason(campaign({ recurrenceType: 'Recurring' }), donation(), member())).toBe('once-off');
    expect(reason(campaign({ recurrenceType: 'Recurring' }), donation({ isRecurring: true }), member())).toBe('matches');
  });

  it('matches only permanent employees still employed on the day when the member type is Employee; anyone when Any', () => {
    expect(reason(campaign(), donation(), member({ employmentType: 'Contractor' }))).toBe('not a permanent employee');
    expect(reason(campaign(), donation(), member({ employmentType: undefined }))).toBe('not a permanent employee');
    expect(reason(campaign(), donation(), member({ employmentEndDate: '2026-11-14' }))).toBe('employment had ended');
    expect(reason(campaign(), donation(), member({ employmentEndDate: '2026-11-15' }))).toBe('matches');
    expect(reason(campaign({ memberType: 'Any' }), donation(), member({ employmentType: 'Casual' }))).toBe('matches');
  });

  it('follows its restrictions: employment types and business units', () => {
    const restricted = campaign({ memberType: 'Any', restrictions: { employmentTypes: ['Permanent', 'Contractor'], businessUnitIds: ['AKL'] } });
    expect(reason(restricted, donation(), member())).toBe('business unit restricted');
    expect(reason(restricted, donation(), member({ businessUnitId: 'AKL', employmentType: 'Casual' }))).toBe('employment type restricted');
    expect(reason(restricted, donation(), member({ businessUnitId: 'AKL', employmentType: 'Contractor' }))).toBe('matches');
    expect(reason(restricted, donation(), member({ businessUnitId: undefined }))).toBe('business unit restricted');
  });

  it('matches its items (gifts, charities or pages; none = all) in its module', () => {
    expect(reason(campaign({ items: [{ id: 'G' }] }), donation(), member())).toBe('matches');
    expect(reason(campaign({ items: [{ id: 'CH' }] }), donation({ gift: undefined }), member())).toBe('matches');
    expect(reason(campaign({ items: [{ id: 'OTHER' }] }), donation(), member())).toBe('not one of its items');
    const page = { id: 'P', title: 'Run for kiwi' };
    expect(reason(campaign(), donation({ page }), member())).toBe('another module');
    expect(reason(campaign({ moduleType: 'Fundraising' }), donation(), member())).toBe('another module');
    expect(reason(campaign({ moduleType: 'Fundraising', items: [{ id: 'P' }] }), donation({ page, gift: undefined }), member())).toBe('matches');
    // A whole event: every page of it, those started after the campaign too.
    const eventPage = { id: 'P2', title: 'Walk for kiwi', eventId: 'E' };
    expect(reason(campaign({ moduleType: 'Fundraising', items: [{ id: 'E' }] }), donation({ page: eventPage, gift: undefined }), member())).toBe('matches');
    expect(reason(campaign({ moduleType: 'Fundraising', items: [{ id: 'E' }] }), donation({ page, gift: undefined }), member())).toBe('not one of its items');
  });
});
