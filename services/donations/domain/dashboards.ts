import { membershipCounts, type MembershipStore } from './charity-memberships';
import type { CharityDonationsDashboard, CurrencyDonations, MonthDonations, PlatformDonationsDashboard } from '@giving/shared/contracts/dashboards';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { notFound } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, daysInMonth, localDay, previousMonth } from '@giving/shared/local-time';
import { money, type Currency } from '@giving/shared/money';
import type { CharityDirectory, GivingStats, StatsLine } from './ports';

/**
 * The dashboards' donation figures (issue 17 item 6), read from the running figures the ledger keeps
 * (adapters/dynamo-giving-stats.ts): this month beside last month, day by day, and this month's top gifts and pages.
 * Nothing here reads donations one by one.
 */

const TOP = 5;
type Day = StatsLine & { day: string };

/** A month's figures in one currency from its days' lines; `today` ends this month's days ('YYYY-MM-DD'). */
function monthOf(month: string, currency: Currency, lines: readonly Day[], today?: string): MonthDonations {
  const length = today ? Number(today.slice(8, 10)) : daysInMonth(month);
  const byDay = Array.from({ length }, () => 0);
  let donations = 0;
  let cents = 0;
  for (const line of lines) {
    if (line.currency !== currency || !line.day.startsWith(`${month}-`)) continue;
    const index = Number(line.day.slice(8, 10)) - 1;
    if (index >= length) continue;
    byDay[index] = (byDay[index] ?? 0) + line.cents;
    donations += line.donations;
    cents += line.cents;
  }
  return { month, donations, amount: money(cents, currency), byDay };
}

/** This month (to today) beside last month, in one currency and one country's calendar. */
function currencyDonations(currency: Currency, lines: readonly Day[], today: string): CurrencyDonations {
  const month = today.slice(0, 7);
  return { currency, thisMonth: monthOf(month, currency, lines, today), lastMonth: monthOf(previousMonth(month), currency, lines) };
}

/** The largest five; a gift or page whose donations were all refunded is no longer among them. */
const largestFirst = <T extends { donations: number; amount: { cents: number } }>(rows: T[]) =>
  rows
    .filter((row) => row.donations > 0)
    .sort((a, b) => b.amount.cents - a.amount.cents)
    .slice(0, TOP);

/** GET /donations/charity/{charityId}/dashboard: in the charity's calendar; its own currency always, others only when given in. */
export async function charityDonationsDashboard(
  deps: { stats: GivingStats; charities: Pick<CharityDirectory, 'getById'>; memberships?: Pick<MembershipStore, 'datesOfCharity'> },
  charityId: string,
  now: Date,
): Promise<CharityDonationsDashboard> {
  const charity = await deps.charities.getById(charityId);
  if (!charity) throw notFound('Charity');
  const today = localDay(now, COUNTRY_TIME_ZONES[charity.country]);
  const month = today.slice(0, 7);
  const [days, targets, memberships] = await Promise.all([
    deps.stats.charityDays(charityId, `${previousMonth(month)}-01`, today),
    deps.stats.charityMonthTargets(charityId, month),
    deps.memberships ? membershipCounts({ store: deps.memberships }, charityId, today) : Promise.resolve(undefined),
  ]);
  const own = COUNTRIES[charity.country].currency;
  const currencies = [own, ...new Set(days.map((line) => line.currency).filter((currency) => currency !== own))];
  return {
    donations: currencies.map((currency) => currencyDonations(currency, days, today)),
    topGifts: largestFirst(targets.gifts.map(({ giftId, title, donations, cents, currency }) => ({ giftId, title, donations, amount: money(cents, currency) }))),
    topPages: largestFirst(
      targets.pages.map(({ pageId, title, ownerName, eventUrl, pageUrl, donations, cents, currency }) => ({ pageId, title, ownerName, eventUrl, pageUrl, donations, amount: money(cents, currency) })),
    ),
    ...(memberships ? { memberships } : {}),
  };
}

/** GET /donations/backoffice/dashboard: a line per currency (NZD in New Zealand's calendar, AUD in Australia's), always both. */
export async function platformDonationsDashboard(deps: { stats: GivingStats }, now: Date): Promise<PlatformDonationsDashboard> {
  const todays = COUNTRY_CODES.map((country: CountryCode) => ({ currency: COUNTRIES[country].currency, today: localDay(now, COUNTRY_TIME_ZONES[country]) }));
  // One read across both calendars: from the earlier first of last month to the later today.
  const from = todays.map(({ today }) => `${previousMonth(today.slice(0, 7))}-01`).sort()[0]!;
  const to = todays.map(({ today }) => today).sort().at(-1)!;
  const days = await deps.stats.platformDays(from, to);
  return { donations: todays.map(({ currency, today }) => currencyDonations(currency, days, today)) };
}

