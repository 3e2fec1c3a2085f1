import type { ApplicationStatus, Fee, FeeType, RecurringSchedule, ResponseStatus } from '@giving/shared/contracts/volunteering';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, calendarDayText, localDateText } from '@giving/shared/local-time';
import { formatCount, formatMoney, type Money } from '@giving/shared/money';

/** In-app addresses of the volunteering screens (consoles have no country prefix). */
export const volunteeringPaths = {
  list: (country: CountryCode) => `/${country}/volunteering`,
  /** Spec 1 §2 "volunteering role page (charityUrl, vacancyUrl)"; beside the charity page, clear of the gift page's /{charityUrl}/{productUrl}. */
  role: (country: CountryCode, charityUrl: string, vacancyUrl: string) => `/${country}/charity/${charityUrl}/volunteering/${vacancyUrl}`,
  myApplications: () => '/admin/user/volunteering/application',
} as const;

/** The country whose currency this is. */
const countryOfCurrency = (currency: Money['currency']): CountryCode => COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz';

export const moneyText = (value: Money): string => formatMoney(value, COUNTRIES[countryOfCurrency(value.currency)].locale);

const FEE_UNITS: Record<FeeType, string> = { PerPerson: 'per person', PerTeam: 'per team' };
/** '$15.00 per person' / '$60.00 per team'. */
export const feeText = (fee: Fee): string => `${moneyText(fee.amount)} ${FEE_UNITS[fee.feeType]}`;

/** What an application of `seats` people owes: PerPerson times the seats, PerTeam once. */
export function feeDue(fee: Fee, seats: number): Money {
  return fee.feeType === 'PerTeam' ? fee.amount : { ...fee.amount, cents: fee.amount.cents * seats };
}

export const hoursText = (hours: number): string => `${formatCount(hours, 'en-NZ', 2)} ${hours === 1 ? 'hour' : 'hours'}`;

export const placesLeftText = (remaining: number): string => (remaining <= 0 ? 'Full' : `${remaining} ${remaining === 1 ? 'place' : 'places'} left`);

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(country: CountryCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${country}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(COUNTRIES[country].locale, { timeZone: COUNTRY_TIME_ZONES[country], ...options });
    formats.set(key, format);
  }
  return format;
}

/** A session's time in its country: 'Sat, 14 Mar 2026, 9:00 am – 1:00 pm' (the end's date too when it is another day). */
export function sessionTimeText(session: { startsAt: string; endsAt: string }, country: CountryCode): string {
  const day = formatter(country, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = formatter(country, { hour: 'numeric', minute: '2-digit' });
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  const endText = day.format(start) === day.format(end) ? time.format(end) : `${day.format(end)}, ${time.format(end)}`;
  return `${day.format(start)}, ${time.format(start)} – ${endText}`;
}

const FREQUENCY_TEXT = { Weekly: 'Every week', Fortnightly: 'Every second week', Monthly: 'Every month' } as const;

/** 'Every week on Tuesday and Thursday, 09:00–12:00' (the charity's wall clock). */
export function recurringSummary(schedule: RecurringSchedule): string {
  const days = schedule.daysOfWeek.length > 1 ? `${schedule.daysOfWeek.slice(0, -1).join(', ')} and ${schedule.daysOfWeek.at(-1)}` : (schedule.daysOfWeek[0] ?? '');
  return `${FREQUENCY_TEXT[schedule.frequency]} on ${days}, ${schedule.startTime}–${schedule.endTime}`;
}

/** 'Every week on Tuesday and Thursday, 09:00–12:00, from 3 Mar 2026 (3 hours each time)'. Its dates are calendar days. */
export function recurringText(schedule: RecurringSchedule, country: CountryCode): string {
  const until = schedule.endDate ? ` until ${calendarDayText(schedule.endDate, country)}` : '';
  return `${recurringSummary(schedule)}, from ${calendarDayText(schedule.startDate, country)}${until} (${hoursText(schedule.hoursPerSession)} each time)`;
}

/**
 * What an application is for: its session's time; a recurring role's, the meeting it starts from and then the
 * schedule ('Sat, 28 Nov 2026, 8:00 am – 11:00 am, then every week on Saturday, 08:00–11:00').
 */
export function applicationSessionText(session: { startsAt: string; endsAt: string; recurringSchedule?: RecurringSchedule }, country: CountryCode): string {
  const first = sessionTimeText(session, country);
  if (!session.recurringSchedule) return first;
  const then = recurringSummary(session.recurringSchedule);
  return `${first}, then ${then.charAt(0).toLowerCase()}${then.slice(1)}`;
}

/** A day in the country: '14 Mar 2026'. */
export const dayText = (instant: string, country: CountryCode): string => localDateText(instant, country);

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  Applied: 'Applied',
  Accepted: 'Accepted',
  Completed: 'Completed',
  UserFeedbackGiven: 'Volunteer feedback given',
  CharityFeedbackGiven: 'Charity feedback given',
  BothFeedbacksGiven: 'Both feedbacks given',
  Declined: 'Declined',
  Retracted: 'Cancelled',
};

export const applicationStatusTone = (status: ApplicationStatus): 'neutral' | 'accent' | 'success' | 'danger' =>
  status === 'Declined' || status === 'Retracted' ? 'danger' : status === 'Applied' ? 'accent' : status === 'Accepted' ? 'neutral' : 'success';

export const RESPONSE_LABELS: Record<ResponseStatus, string> = { Going: 'Going', NotGoing: 'Not going', AwaitingResponse: 'Awaiting response' };
