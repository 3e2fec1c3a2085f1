import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES } from '@giving/shared/local-time';

/** Texts the donation screens share: dates as the donor's country writes them, what a donation gives. */

export const localeOf = (country: string) => (isCountryCode(country) ? COUNTRIES[country].locale : 'en-NZ');

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (locale: string, timeZone: string) => {
  const key = `${locale}|${timeZone}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
    dayFormats.set(key, format);
  }
  return format;
};

/** A calendar date ('2026-12-21') as '21 Dec 2026', the same wherever the browser is (it is a day, not an instant). */
export const dayText = (date: string, locale: string) => dayFormat(locale, 'UTC').format(new Date(`${date}T00:00:00Z`));

/** The day an instant fell on in the donor's country (a donation at 9 am on 1 March in Auckland is 1 March). */
export const dayInCountry = (instant: string, country: string) =>
  dayFormat(localeOf(country), isCountryCode(country) ? COUNTRY_TIME_ZONES[country] : 'UTC').format(new Date(instant));

/** What a donation gives: the gift (with its quantity), or a general donation to the charity. */
export const givingText = (giving: { gift?: { title: string }; quantity: number; charity: { name: string } }) =>
  giving.gift ? `${giving.gift.title}${giving.quantity > 1 ? ` × ${giving.quantity}` : ''}` : `General donation to ${giving.charity.name}`;
