import type { CountryCode } from '@giving/shared/countries';

/** Every in-app address in one place; routes are prefixed by the country code. */
export const paths = {
  home: (country: CountryCode) => `/${country}`,
  charities: (country: CountryCode) => `/${country}/charities`,
  charity: (country: CountryCode, charityUrl: string) => `/${country}/charity/${charityUrl}`,
  /** Spec 1 §2: gifts to give, filtered by cause and price. */
  donating: (country: CountryCode) => `/${country}/donating`,
  /** Spec 1 §2 /search?q= (the header's search box submits here). */
  search: (country: CountryCode, q: string) => `/${country}/search?${new URLSearchParams({ q }).toString()}`,
  gift: (country: CountryCode, charityUrl: string, productUrl: string) => `/${country}/${charityUrl}/${productUrl}`,
  thankYou: (country: CountryCode) => `/${country}/thankyou`,
  /** Spec §2: the gift voucher page; its value picker is #voucher-select. */
  giftVoucher: (country: CountryCode) => `/${country}/charity/gift-vouchers/new-voucher`,
  /** Spec §2 "Payroll confirmation": the user area's upcoming donations, under the country like every route. */
  upcomingDonations: (country: CountryCode) => `/${country}/admin/user/donations/upcoming`,
} as const;

/** Where a member lands, signed out, once they have deleted their account (issue 17 item 7); not under a country. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** Spec 1 §2: the placeholder of the site's search boxes (the header's and the search page's). */
export const SEARCH_PLACEHOLDER = 'Search for Charities, Events and Causes to support';

/** Where the charity page's general donation form is (/{country}/charity/{charityUrl}#donate). */
export const GENERAL_DONATION_ANCHOR = 'donate';
