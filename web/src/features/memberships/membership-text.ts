import * as z from 'zod/mini';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { Membership, MembershipPeriod, MembershipStatus } from '@giving/shared/contracts/memberships';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { parseDollars, type Money } from '@giving/shared/money';
import type { TagTone } from '../../components/ui/tag';
import { moneyText } from '../../lib/money-text';

const PERIOD_SUFFIX: Record<MembershipPeriod, string> = { Yearly: 'a year', Monthly: 'a month', Life: 'once, for life' };

/** '$40.00 a year', '$5.00 a month', '$250.00 once, for life'. */
export const feeText = ({ fee, period }: { fee: Money; period: MembershipPeriod }): string => `${moneyText(fee)} ${PERIOD_SUFFIX[period]}`;

export const PERIOD_LABELS: Record<MembershipPeriod, string> = { Yearly: 'Yearly', Monthly: 'Monthly', Life: 'Life (paid once)' };

export const STATUS_TONES: Record<MembershipStatus, TagTone> = { New: 'accent', Current: 'success', InGrace: 'warning', Expired: 'neutral', Cancelled: 'danger' };

/** Dollars typed as text ('40', '40.5') -> integer cents, else 'Invalid Amount!'; then the API's rule for the cents. */
export const dollarsText = <Rule extends z.ZodMiniType<number, number>>(rule: Rule) =>
  z.pipe(
    z.string().check(z.refine((text) => parseDollars(text) !== undefined, MESSAGES.invalidAmount)),
    z.pipe(
      z.transform((text: string) => parseDollars(text) as number),
      rule,
    ),
  );

/** The benefits typed one a line: the non-blank lines, trimmed. */
export const benefitLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The charity's country, from its currency (each country has one): its dates read in its calendar. */
export const countryOfCurrency = (currency: Money['currency']): CountryCode => COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz';

/** Cancelling stops renewal; the membership stays until its paid period ends (contract: DELETE /memberships/me/{id}). */
export const canCancel = (membership: Pick<Membership, 'status'>): boolean => membership.status !== 'Cancelled' && membership.status !== 'Expired';
