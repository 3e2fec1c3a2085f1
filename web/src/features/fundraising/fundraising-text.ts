import { FUNDRAISING_MESSAGES, type EventKind, type PageStatus, type Totals } from '@giving/shared/contracts/fundraising';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { type Currency, formatCount, formatMoney } from '@giving/shared/money';

/** In-app addresses of the fundraising screens (spec 1 §2; consoles have no country prefix). */
export const fundraisingPaths = {
  list: (country: CountryCode) => `/${country}/fundraising`,
  /** The create flow; `charityId` and `eventUrl` preselect the charity and the event to join. */
  create: (country: CountryCode, preselect: { charityId?: string; eventUrl?: string } = {}) => {
    const search = new URLSearchParams();
    if (preselect.charityId) search.set('charityId', preselect.charityId);
    if (preselect.eventUrl) search.set('eventUrl', preselect.eventUrl);
    const text = search.toString();
    return `/${country}/fundraising/create${text ? `?${text}` : ''}`;
  },
  /** An event (a single-page event's address shows its one page). */
  event: (country: CountryCode, eventUrl: string) => `/${country}/fundraising/${encodeURIComponent(eventUrl)}`,
  page: (country: CountryCode, eventUrl: string, pageUrl: string) => `/${country}/fundraising/${encodeURIComponent(eventUrl)}/${encodeURIComponent(pageUrl)}`,
  myFundraising: () => '/admin/user/fundraising',
} as const;

/** The id of an event's or a page's managing tools, for links that take its managers there (`#manage`). */
export const MANAGE_ANCHOR = 'manage';

/** Where a page lives: a single-page event's page at its event's address, any other at /{eventUrl}/{pageUrl}. */
export const pagePath = (country: CountryCode, page: { eventUrl: string; pageUrl: string; eventKind?: EventKind }) =>
  page.eventKind === 'SinglePage' ? fundraisingPaths.event(country, page.eventUrl) : fundraisingPaths.page(country, page.eventUrl, page.pageUrl);

const countryOfCurrency = (currency: Currency): CountryCode => COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz';

/** '$1,250' or '$12.50': whole dollars drop their cents. */
export const amountText = (cents: number, currency: Currency): string =>
  formatMoney({ cents, currency }, COUNTRIES[countryOfCurrency(currency)].locale, { dropZeroCents: true });

export const donationsCountText = (count: number): string => (count === 1 ? '1 donation' : `${formatCount(count, 'en-NZ')} donations`);

/** '$450 raised of $1,000' (or '$450 raised' with no target). */
export const raisedText = (totals: Pick<Totals, 'donatedAmount' | 'targetAmount' | 'currency'>): string =>
  totals.targetAmount > 0
    ? `${amountText(totals.donatedAmount, totals.currency)} raised of ${amountText(totals.targetAmount, totals.currency)}`
    : `${amountText(totals.donatedAmount, totals.currency)} raised`;

export const STATUS_LABELS: Record<PageStatus, string> = { Open: 'Open', Ended: 'Ended', Offline: 'Offline' };

/** What a page or event that takes no donations says instead of the checkout (spec 1 style, as the gift page's). */
export const closedMessage = (status: PageStatus): string | undefined =>
  status === 'Ended' ? FUNDRAISING_MESSAGES.pageEnded : status === 'Offline' ? FUNDRAISING_MESSAGES.pageOffline : undefined;

/** What an event that takes no new pages says. */
export const eventClosedMessage = (status: PageStatus): string | undefined =>
  status === 'Ended' ? 'This fundraising event has ended and is not taking new pages.' : status === 'Offline' ? FUNDRAISING_MESSAGES.eventOffline : undefined;

export const ROLE_LABELS = { Owner: 'Owner', Admin: 'Admin', Member: 'Member' } as const;
