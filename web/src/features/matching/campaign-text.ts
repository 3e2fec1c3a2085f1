import type { GivingType, MemberType, PublicCampaign, RecurrenceType } from '@giving/shared/contracts/matching';
import { COUNTRIES } from '@giving/shared/countries';
import { formatMoney, type Currency } from '@giving/shared/money';

/** How the banners and the console describe a campaign's rules (spec 2 §6, §9). */

/** Spec 2 §6: the Employee member type is described to donors as 'staff'. */
export const MEMBER_WORDS: Record<MemberType, string> = { Employee: 'staff', Any: '' };
const GIVING_WORDS: Record<GivingType, string> = { Any: '', CreditCard: 'card', PayrollGiving: 'payroll', ExternalDonation: 'external' };
const RECURRENCE_WORDS: Record<RecurrenceType, string> = { Any: '', OnceOff: 'one-off', Recurring: 'regular' };

/** Spec 2 §9: the ratio as ratio times 100 percent (1 -> 100%, 0.5 -> 50%). */
export const ratioPercent = (matchRatio: number) => `${Math.round(matchRatio * 100)}%`;

const localeOf = (currency: Currency) => Object.values(COUNTRIES).find((country) => country.currency === currency)?.locale ?? 'en-NZ';

/** Spec 2 §9: caps as currency with thousand separators and up to 2 decimals ($1,500.00). */
export const capText = (cents: number, currency: Currency) => formatMoney({ cents, currency }, localeOf(currency));

/** 'Tasman Engineering matches staff donations 100%, up to $500.00 per person.' */
export function describeCampaign(campaign: Pick<PublicCampaign, 'workplaceName' | 'memberType' | 'givingType' | 'recurrenceType' | 'matchRatio' | 'memberCap' | 'entryCap' | 'campaignCap' | 'currency'>): string {
  const kinds = [MEMBER_WORDS[campaign.memberType], RECURRENCE_WORDS[campaign.recurrenceType], GIVING_WORDS[campaign.givingType]].filter(Boolean).join(' ');
  const caps = [
    campaign.memberCap > 0 ? `up to ${capText(campaign.memberCap, campaign.currency)} per person` : '',
    campaign.entryCap > 0 ? `up to ${capText(campaign.entryCap, campaign.currency)} per fundraiser` : '',
    campaign.campaignCap > 0 ? `up to ${capText(campaign.campaignCap, campaign.currency)} in total` : '',
  ].filter(Boolean);
  const who = campaign.workplaceName || 'A workplace';
  return `${who} matches ${kinds ? `${kinds} ` : ''}donations ${ratioPercent(campaign.matchRatio)}${caps.length ? `, ${caps.join(', ')}` : ''}.`;
}
