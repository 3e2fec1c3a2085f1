import { MATCHING_EMPLOYMENT_TYPES, type CampaignRestrictions, type MemberType, type ModuleType } from '@giving/shared/contracts/matching';

/**
 * How the workplace console describes a campaign's module and who it matches. Apart from campaign-text.ts, which the
 * gift page's banners import: this file imports the console's contract (its schemas), which the gift page must not carry.
 */

/** What a campaign's items are, as the console names them. */
export const MODULE_WORDS: Record<ModuleType, string> = { DollarHandle: 'Gifts', Fundraising: 'Fundraising' };

const EMPLOYMENT_WORDS: Record<(typeof MATCHING_EMPLOYMENT_TYPES)[number], string> = { Permanent: 'permanent', Contractor: 'contract', Casual: 'casual' };

/** 'a', 'a and b', 'a, b and c'. */
export const listText = (words: readonly string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

/**
 * Who a campaign matches, from its member type and restrictions: 'Everyone', 'Permanent staff in Engineering',
 * 'Permanent and casual staff', 'Everyone in Engineering and Sales'. A staff campaign matches permanent employees
 * only, whatever its restrictions say (matching-rules.ts). Business units are named when their names are known
 * (`unitNames`), else counted.
 */
export function whoText(campaign: { memberType: MemberType; restrictions: CampaignRestrictions }, unitNames?: ReadonlyMap<string, string>): string {
  const chosen = MATCHING_EMPLOYMENT_TYPES.filter((type) => campaign.restrictions.employmentTypes.includes(type));
  if (campaign.memberType === 'Employee' && chosen.length > 0 && !chosen.includes('Permanent')) return 'No one: a staff campaign matches permanent employees only';
  const types = campaign.memberType === 'Employee' ? (['Permanent'] as const) : chosen;
  const people = types.length === 0 ? 'Everyone' : `${listText(types.map((type) => EMPLOYMENT_WORDS[type]))} staff`;
  const units = campaign.restrictions.businessUnitIds;
  const where =
    units.length === 0
      ? ''
      : unitNames
        ? listText(units.map((id) => unitNames.get(id) ?? 'a removed business unit'))
        : units.length === 1
          ? 'one business unit'
          : `${units.length} business units`;
  const text = where ? `${people} in ${where}` : people;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
