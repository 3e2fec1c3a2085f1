import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { calendarDayText, localDateText } from '@giving/shared/local-time';
import { PLATFORM_COUNTRY } from '../../../components/ui/date-text';

/** Texts the donation screens share: dates as the donor's country writes them, what a donation gives. */

export const localeOf = (country: string) => (isCountryCode(country) ? COUNTRIES[country].locale : 'en-NZ');

const countryOf = (country: string) => (isCountryCode(country) ? country : PLATFORM_COUNTRY);

/** A calendar date ('2026-12-21') as '21 Dec 2026', the same wherever the browser is (it is a day, not an instant). */
export const dayText = (date: string, country: string) => calendarDayText(date, countryOf(country));

/** The day an instant fell on in the donor's country (a donation at 9 am on 1 March in Auckland is 1 March). */
export const dayInCountry = (instant: string, country: string) => localDateText(instant, countryOf(country));

/** What a donation gives: the gift (with its quantity), or a general donation to the charity. */
export const givingText = (giving: { gift?: { title: string }; quantity: number; charity: { name: string } }) =>
  giving.gift ? `${giving.gift.title}${giving.quantity > 1 ? ` × ${giving.quantity}` : ''}` : `General donation to ${giving.charity.name}`;
