import type { Application, BackOfficeVolunteeringReportQuery, WorkplaceVolunteeringReportQuery } from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, nextDay, startOfLocalDay } from '@giving/shared/local-time';
import { toApplication } from './applications';
import type { StoredApplication, VolunteeringDeps } from './ports';

/**
 * The volunteering reports beyond the charity's: the applications they count (the SPA sums them as it does the
 * charity's report). A report's reader looks, it never acts, so no application carries actions.
 */

type Deps = Pick<VolunteeringDeps, 'applications'>;
type Range = { from?: string; to?: string };

const READER = { applicant: false, charityView: false, charityManage: false };

/** The session starts within the range's local days (inclusive), in the application's country. */
export function startsWithin(application: Pick<StoredApplication, 'country' | 'session'>, range: Range): boolean {
  const zone = COUNTRY_TIME_ZONES[application.country];
  const startsAt = Date.parse(application.session.startsAt);
  if (range.from && startsAt < startOfLocalDay(range.from, zone).getTime()) return false;
  if (range.to && startsAt >= startOfLocalDay(nextDay(range.to), zone).getTime()) return false;
  return true;
}

const newestFirst = (a: StoredApplication, b: StoredApplication) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const toItems = (applications: StoredApplication[], range: Range): { items: Application[] } => ({
  items: applications
    .filter((application) => startsWithin(application, range))
    .sort(newestFirst)
    .map((application) => toApplication(application, [], READER)),
});

/**
 * GET /volunteering/workplace/{workplaceId}/report: applications made by people who were the workplace's members when
 * they applied (the application keeps their workplaces). No index holds applications by workplace (a list on the
 * item can't key one), so this reads every application; reports are read rarely, by a few admins.
 */
export async function workplaceReport(deps: Deps, workplaceId: string, range: WorkplaceVolunteeringReportQuery) {
  const { applications } = await deps.applications.listAll();
  return toItems(
    applications.filter((application) => application.applicantWorkplaces.some((workplace) => workplace.workplaceId === workplaceId)),
    range,
  );
}

/** GET /volunteering/backOffice/report: one charity's applications (its index), or the whole platform's. */
export async function backOfficeReport(deps: Deps, query: BackOfficeVolunteeringReportQuery) {
  const applications = query.charityId ? await deps.applications.listByCharity(query.charityId) : (await deps.applications.listAll()).applications;
  return toItems(applications, query);
}
