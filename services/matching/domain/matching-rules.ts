import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import type { Currency } from '@giving/shared/money';
import type { StoredCampaign } from './ports';

/**
 * Which donations a campaign matches (issue 16 item 1; spec 1 §3 "Campaign match", spec 2 §3): the donor is a member of
 * the campaign's workplace of its member type (Employee: a permanent employee by the workplace's employment records,
 * still employed on the day), passes its restrictions, gave within its dates while it is switched on, in its currency,
 * of its giving and recurrence type, to one of its items (none = all) in its module.
 */

/** A donation as matching sees it: a completed card, voucher, payroll or fundraising donation, or an approved external one. */
export interface MatchableDonation {
  donationId: string;
  memberId: string;
  /** What reached the charity (the gift's amount x quantity; no tip). */
  amount: { cents: number; currency: Currency };
  paymentType: 'CARD' | 'VOUCHER' | 'PAYROLL' | 'EXTERNAL';
  isRecurring: boolean;
  charity?: { id: string; name: string };
  gift?: { id: string; title: string };
  /** A fundraising page's donation: the page, and its event (a campaign may list either). */
  page?: { id: string; title: string; eventId?: string };
  /** The workplace an external donation was recorded for (it counts only there). */
  workplaceId?: string;
  completedAt: string;
}

/** The member as the workplace's records know them (matching's copy of the membership). */
export interface MemberRecord {
  workplaceId: string;
  roles: readonly string[];
  employmentType?: string;
  businessUnitId?: string;
  employmentEndDate?: string;
  workplaceName?: string;
  firstName?: string;
  email?: string;
}

export type MatchVerdict = { matches: true } | { matches: false; reason: string };
const no = (reason: string): MatchVerdict => ({ matches: false, reason });

export function qualifies(campaign: StoredCampaign, donation: MatchableDonation, member: MemberRecord): MatchVerdict {
  if (member.workplaceId !== campaign.workplace.id || member.roles.length === 0) return no('not a member of the workplace');
  if (donation.workplaceId && donation.workplaceId !== campaign.workplace.id) return no('recorded for another workplace');
  if (!campaign.active) return no('switched off');
  const day = localDay(donation.completedAt, COUNTRY_TIME_ZONES[campaign.country]);
  if (day < campaign.startsOn || day > campaign.endsOn) return no('outside its dates');
  if (donation.amount.currency !== campaign.currency) return no('another currency');
  const givingType = donation.paymentType === 'PAYROLL' ? 'PayrollGiving' : donation.paymentType === 'EXTERNAL' ? 'ExternalDonation' : 'CreditCard';
  if (campaign.givingType !== 'Any' && campaign.givingType !== givingType) return no('another giving type');
  if (campaign.recurrenceType === 'OnceOff' && donation.isRecurring) return no('recurring');
  if (campaign.recurrenceType === 'Recurring' && !donation.isRecurring) return no('once-off');
  if (campaign.memberType === 'Employee') {
    if (member.employmentType !== 'Permanent') return no('not a permanent employee');
    if (member.employmentEndDate && member.employmentEndDate < day) return no('employment had ended');
  }
  const { employmentTypes, businessUnitIds } = campaign.restrictions;
  if (employmentTypes.length > 0 && !employmentTypes.includes(member.employmentType as never)) return no('employment type restricted');
  if (businessUnitIds.length > 0 && (!member.businessUnitId || !businessUnitIds.includes(member.businessUnitId))) return no('business unit restricted');
  if (campaign.moduleType === 'Fundraising' ? !donation.page : Boolean(donation.page)) return no('another module');
  if (campaign.items.length > 0) {
    const ids = [donation.gift?.id, donation.charity?.id, donation.page?.id, donation.page?.eventId].filter(Boolean);
    if (!campaign.items.some((item) => ids.includes(item.id))) return no('not one of its items');
  }
  return { matches: true };
}
