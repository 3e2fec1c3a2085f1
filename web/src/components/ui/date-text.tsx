import { createContext, useContext, type ReactNode } from 'react';
import type { CountryCode } from '@giving/shared/countries';
import { calendarDayText, localDateText } from '@giving/shared/local-time';

/**
 * Every date on every screen follows one rule (shared/local-time.ts): it reads in the country its data belongs to,
 * in that country's time zone and locale, never in the viewer's. A console tells its screens its tenant's country
 * (the charity's or workplace's); data of its own country (a voucher, a pledge, a donation) says so explicitly; what
 * belongs to no country (the platform's members, administrators, settings) reads in the platform's home, New Zealand.
 */
export const PLATFORM_COUNTRY: CountryCode = 'nz';

const DataCountry = createContext<CountryCode | undefined>(undefined);

/** The country the dates inside belong to (a console's charity or workplace). */
export function DataCountryProvider({ country, children }: { country: CountryCode; children: ReactNode }) {
  return <DataCountry.Provider value={country}>{children}</DataCountry.Provider>;
}

/** The country dates are read in here: the one given, else the console's, else the platform's. */
export function useDataCountry(country?: CountryCode): CountryCode {
  const inherited = useContext(DataCountry);
  return country ?? inherited ?? PLATFORM_COUNTRY;
}

/** An instant as a readable, machine-readable <time> ('21 Nov 2025', or with the time); blank or invalid shows a dash. */
export function DateText({ value, withTime = false, country }: { value: string | undefined; withTime?: boolean; country?: CountryCode }) {
  const zoneCountry = useDataCountry(country);
  const date = value ? new Date(value) : undefined;
  if (!value || !date || Number.isNaN(date.getTime())) return <>—</>;
  return <time dateTime={value}>{localDateText(date, zoneCountry, withTime ? 'dayTime' : 'day')}</time>;
}

/** A calendar day ('2026-03-01': a payout's day, a monthly gift's next charge) as itself, in the country's words. */
export function CalendarDayText({ date, country }: { date: string; country?: CountryCode }) {
  const zoneCountry = useDataCountry(country);
  return <time dateTime={date}>{calendarDayText(date, zoneCountry)}</time>;
}
