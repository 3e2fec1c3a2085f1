import {
  VOLUNTEERING_MESSAGES,
  isRealDate,
  opportunityInputSchema,
  type OpportunityEdit,
  type OpportunityInput,
  type OpportunityTemplate,
  type RecurringFrequency,
  type WeekDay,
} from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, localClockTime, localDay, localInstant as instantIn } from '@giving/shared/local-time';
import { firstMeeting } from '@giving/shared/recurring-schedule';
import type { CountryCode } from '@giving/shared/countries';
import { parseDollars } from '@giving/shared/money';
import { MESSAGES } from '@giving/shared/contracts/messages';

/**
 * The charity's role form as typed (text in every box), and the create/edit payload of spec 2 §3 it becomes: with
 * specific dates, sessions each with dates and sessionTotalHours; otherwise one recurring session and the schedule.
 * Days and times are the charity's country's wall clock.
 */
export interface SessionRow {
  id?: string;
  date: string;
  startTime: string;
  endTime: string;
  hours: string;
  people: string;
}

export interface OpportunityFormValues {
  title: string;
  opportunityUrl: string;
  description: string;
  opportunityType: 'Skilled' | 'UnSkilled';
  imageUrl: string;
  skills: string[];
  categories: string[];
  isRemote: boolean;
  suburb: string;
  lat: string;
  lon: string;
  schedule: 'dates' | 'recurring';
  sessions: SessionRow[];
  frequency: RecurringFrequency;
  daysOfWeek: WeekDay[];
  recurringSessionId?: string;
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  hoursPerSession: string;
  people: string;
  feeAmount: string;
  feeType: 'PerPerson' | 'PerTeam';
  allowTeams: boolean;
  maxTeamSize: string;
  contactEmail: string;
  exclusiveCorporateId: string;
  isOnline: boolean;
}

export const emptySession = (): SessionRow => ({ date: '', startTime: '09:00', endTime: '12:00', hours: '3', people: '10' });

export function emptyForm(contactEmail = ''): OpportunityFormValues {
  return {
    title: '',
    opportunityUrl: '',
    description: '',
    opportunityType: 'UnSkilled',
    imageUrl: '',
    skills: [],
    categories: [],
    isRemote: false,
    suburb: '',
    lat: '',
    lon: '',
    schedule: 'dates',
    sessions: [emptySession()],
    frequency: 'Weekly',
    daysOfWeek: [],
    startTime: '09:00',
    endTime: '12:00',
    startDate: '',
    endDate: '',
    hoursPerSession: '3',
    people: '10',
    feeAmount: '',
    feeType: 'PerPerson',
    allowTeams: false,
    maxTeamSize: '',
    contactEmail,
    exclusiveCorporateId: '',
    isOnline: true,
  };
}

/** A template's suggestions on an empty form. */
export function fromTemplate(template: OpportunityTemplate, current: OpportunityFormValues): OpportunityFormValues {
  return {
    ...current,
    title: template.title,
    description: template.description,
    opportunityType: template.opportunityType,
    skills: [...template.skills],
    categories: [...template.categories],
    schedule: template.hasSpecificDates ? 'dates' : 'recurring',
    sessions: current.sessions.map((row) => ({ ...row, hours: String(template.suggestedHours), people: String(template.suggestedPeople) })),
    hoursPerSession: String(template.suggestedHours),
    people: String(template.suggestedPeople),
  };
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' on the wall clock of the country. */
export const localTime = (instant: string, country: CountryCode): string => localClockTime(instant, country);

/** The instant a local day and time are in the country (ISO, Z); undefined when either is not a real day or time. */
export function localInstant(date: string, time: string, country: CountryCode): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = CLOCK.exec(time);
  if (!match || !clock) return undefined;
  const at = instantIn(date, time, COUNTRY_TIME_ZONES[country]);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The first meeting of the schedule the form describes, on the charity's clock (none while the form is incomplete). */
function firstMeetingOf(values: OpportunityFormValues, country: CountryCode) {
  if (!isRealDate(values.startDate) || (values.endDate.trim() && !isRealDate(values.endDate.trim())) || values.daysOfWeek.length === 0) return undefined;
  if (!CLOCK.test(values.startTime) || !CLOCK.test(values.endTime)) return undefined;
  return firstMeeting(
    { frequency: values.frequency, daysOfWeek: values.daysOfWeek, startTime: values.startTime, endTime: values.endTime, startDate: values.startDate, ...(values.endDate.trim() ? { endDate: values.endDate.trim() } : {}) },
    COUNTRY_TIME_ZONES[country],
  );
}

/** The recurring session's times: its first meeting's, or the start date's (so the form still names bad fields). */
function recurringSessionTimes(values: OpportunityFormValues, country: CountryCode, instant: (date: string, time: string, field: string) => string) {
  const first = firstMeetingOf(values, country);
  if (first) return first;
  return { startsAt: instant(values.startDate, values.startTime, 'startDate'), endsAt: instant(values.startDate, values.endTime, 'endTime') };
}

/** The payload, or the form's field errors (by form field name) from the API's own schema. */
export function toOpportunityInput(values: OpportunityFormValues, { charityId, country }: { charityId: string; country: CountryCode }): { input: OpportunityInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const dates = values.schedule === 'dates';
  const instant = (date: string, time: string, field: string) => {
    const at = localInstant(date, time, country);
    if (!at) errors[field] ??= MESSAGES.invalidDate;
    return at ?? '';
  };
  const sessions = dates
    ? values.sessions.map((row, i) => ({
        ...(row.id ? { id: row.id } : {}),
        startsAt: instant(row.date, row.startTime, `sessions.${i}.date`),
        endsAt: instant(row.date, row.endTime, `sessions.${i}.endTime`),
        sessionTotalHours: numberOrNaN(row.hours),
        requiredPeople: numberOrNaN(row.people),
      }))
    : [
        {
          ...(values.recurringSessionId ? { id: values.recurringSessionId } : {}),
          // The roster session spans the schedule from its first meeting; the server works it out the same way.
          ...recurringSessionTimes(values, country, instant),
          requiredPeople: numberOrNaN(values.people),
        },
      ];
  if (!dates && values.daysOfWeek.length > 0 && !errors.startDate && !errors.endTime && !firstMeetingOf(values, country)) {
    errors.daysOfWeek = VOLUNTEERING_MESSAGES.scheduleNeverMeets;
  }
  const feeCents = values.feeAmount.trim() ? parseDollars(values.feeAmount.trim()) : undefined;
  if (values.feeAmount.trim() && feeCents === undefined) errors.feeAmount = MESSAGES.invalidAmount;
  const candidate = {
    charityId,
    title: values.title,
    description: values.description,
    opportunityUrl: values.opportunityUrl,
    opportunityType: values.opportunityType,
    imageUrl: values.imageUrl.trim(),
    skills: values.skills,
    categories: values.categories,
    isRemote: values.isRemote,
    ...(values.suburb.trim() || values.lat.trim() || values.lon.trim() ? { location: { suburb: values.suburb, lat: numberOrNaN(values.lat), lon: numberOrNaN(values.lon) } } : {}),
    hasSpecificDates: dates,
    sessions,
    ...(dates
      ? {}
      : {
          recurringSchedule: {
            frequency: values.frequency,
            daysOfWeek: values.daysOfWeek,
            startTime: values.startTime,
            endTime: values.endTime,
            startDate: values.startDate,
            ...(values.endDate.trim() ? { endDate: values.endDate.trim() } : {}),
            hoursPerSession: numberOrNaN(values.hoursPerSession),
          },
        }),
    ...(feeCents !== undefined ? { fee: { amount: { cents: feeCents, currency: country === 'au' ? 'AUD' : 'NZD' }, feeType: values.feeType } } : {}),
    allowTeams: values.allowTeams,
    ...(values.allowTeams && values.maxTeamSize.trim() ? { maxTeamSize: numberOrNaN(values.maxTeamSize) } : {}),
    contactEmail: values.contactEmail,
    ...(values.exclusiveCorporateId.trim() ? { exclusiveCorporateId: values.exclusiveCorporateId.trim() } : {}),
    isOnline: values.isOnline,
  };
  const parsed = opportunityInputSchema.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[formFieldOf(issue.path, dates)] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors: Object.keys(errors).length ? errors : { title: MESSAGES.invalidInput } };
  return { input: parsed.data };
}

/** Where an issue of the payload (or the API's 'body.' field error) shows in the form. */
export function formFieldOf(path: readonly PropertyKey[], dates: boolean): string {
  const [head, second, third] = path.map(String);
  if (head === 'sessions' && second !== undefined && /^\d+$/.test(second)) {
    const field = { startsAt: 'date', endsAt: 'endTime', sessionTotalHours: 'hours', requiredPeople: 'people' }[third ?? ''] ?? 'date';
    if (!dates) return { date: 'startDate', endTime: 'endTime', hours: 'hoursPerSession', people: 'people' }[field] ?? 'startDate';
    return `sessions.${second}.${field}`;
  }
  if (head === 'sessions') return dates ? 'sessions' : 'startDate';
  if (head === 'recurringSchedule') return second ?? 'startDate';
  if (head === 'location') return second === 'lat' || second === 'lon' ? second : 'suburb';
  if (head === 'fee') return second === 'feeType' ? 'feeType' : 'feeAmount';
  return head ?? 'title';
}

/** The form of an existing role. */
export function formFromOpportunity(opportunity: OpportunityEdit, country: CountryCode): OpportunityFormValues {
  const zone = COUNTRY_TIME_ZONES[country];
  const base = emptyForm(opportunity.contactEmail);
  const schedule = opportunity.recurringSchedule;
  const first = opportunity.sessions[0];
  return {
    ...base,
    title: opportunity.title,
    opportunityUrl: opportunity.opportunityUrl,
    description: opportunity.description,
    opportunityType: opportunity.opportunityType,
    imageUrl: opportunity.imageUrl,
    skills: [...opportunity.skills],
    categories: [...opportunity.categories],
    isRemote: opportunity.isRemote,
    suburb: opportunity.location?.suburb ?? '',
    lat: opportunity.location ? String(opportunity.location.lat) : '',
    lon: opportunity.location ? String(opportunity.location.lon) : '',
    schedule: opportunity.hasSpecificDates ? 'dates' : 'recurring',
    sessions: opportunity.hasSpecificDates
      ? opportunity.sessions.map((session) => ({
          id: session.id,
          date: localDay(session.startsAt, zone),
          startTime: localTime(session.startsAt, country),
          endTime: localTime(session.endsAt, country),
          hours: String(session.sessionTotalHours ?? ''),
          people: String(session.requiredPeople),
        }))
      : base.sessions,
    ...(schedule
      ? {
          frequency: schedule.frequency,
          daysOfWeek: [...schedule.daysOfWeek],
          startTime: schedule.startTime,
          endTime: schedule.endTime,
          startDate: schedule.startDate,
          endDate: schedule.endDate ?? '',
          hoursPerSession: String(schedule.hoursPerSession),
          people: String(first?.requiredPeople ?? ''),
          recurringSessionId: first?.id,
        }
      : {}),
    feeAmount: opportunity.fee ? (opportunity.fee.amount.cents / 100).toFixed(2) : '',
    feeType: opportunity.fee?.feeType ?? 'PerPerson',
    allowTeams: opportunity.allowTeams,
    maxTeamSize: opportunity.maxTeamSize ? String(opportunity.maxTeamSize) : '',
    exclusiveCorporateId: opportunity.exclusiveCorporateId ?? '',
    isOnline: opportunity.isOnline,
  };
}


