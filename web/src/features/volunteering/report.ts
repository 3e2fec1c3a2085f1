import type { Application, ApplicationStatus } from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';

/** Statuses whose places are (or were) used: everything but Declined and Retracted. */
const ACTIVE: ReadonlySet<ApplicationStatus> = new Set(['Applied', 'Accepted', 'Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven']);
const COMPLETED: ReadonlySet<ApplicationStatus> = new Set(['Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven']);

export interface ReportTotals {
  applications: number;
  /** People in active applications: each application's places (a team's leader and members still going). */
  volunteers: number;
  completed: number;
  hours: number;
}

export interface RoleLine extends ReportTotals {
  opportunityId: string;
  title: string;
}

export interface CharityLine extends ReportTotals {
  charityId: string;
  name: string;
  charityUrl: string;
}

const emptyTotals = (): ReportTotals => ({ applications: 0, volunteers: 0, completed: 0, hours: 0 });
const mostHoursFirst = <Line extends ReportTotals>(byName: (line: Line) => string) => (a: Line, b: Line) =>
  b.hours - a.hours || b.applications - a.applications || byName(a).localeCompare(byName(b));

function add(totals: ReportTotals, application: Application) {
  totals.applications += 1;
  if (ACTIVE.has(application.status)) totals.volunteers += application.seats;
  if (COMPLETED.has(application.status)) totals.completed += 1;
  totals.hours += application.hours?.totalHours ?? 0;
}

/**
 * A volunteering report (the charity's, a workplace's, the platform's): totals, one line per role and per charity
 * (most hours first), hours per month of the sessions.
 */
export function volunteeringReport(applications: readonly Application[]) {
  const totals = emptyTotals();
  const roles = new Map<string, RoleLine>();
  const charities = new Map<string, CharityLine>();
  const months = new Map<string, number>();
  for (const application of applications) {
    add(totals, application);
    const role = roles.get(application.opportunity.id) ?? { opportunityId: application.opportunity.id, title: application.opportunity.title, ...emptyTotals() };
    add(role, application);
    roles.set(role.opportunityId, role);
    const { id: charityId, name, charityUrl } = application.charity;
    const charity = charities.get(charityId) ?? { charityId, name, charityUrl, ...emptyTotals() };
    add(charity, application);
    charities.set(charityId, charity);
    if (application.hours) {
      // Each application's month is its charity's (a platform-wide report spans countries).
      const month = localMonth(application.session.startsAt, COUNTRY_TIME_ZONES[application.country]);
      months.set(month, (months.get(month) ?? 0) + application.hours.totalHours);
    }
  }
  return {
    totals,
    roles: [...roles.values()].sort(mostHoursFirst((role) => role.title)),
    charities: [...charities.values()].sort(mostHoursFirst((charity) => charity.name)),
    hoursByMonth: monthSeries(months),
  };
}

/** Every month from the first with hours to the last, gaps as 0, at most the last 12. */
function monthSeries(months: Map<string, number>): { month: string; hours: number }[] {
  const keys = [...months.keys()].sort();
  const first = keys[0];
  const last = keys.at(-1);
  if (!first || !last) return [];
  const series: { month: string; hours: number }[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; ) {
    series.push({ month: key, hours: months.get(key) ?? 0 });
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return series.slice(-12);
}
