import {
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  CONTENT_STATUSES,
  DATE_FILTERS,
  FEE_TYPES,
  MAX_TEAM_SIZE,
  OPPORTUNITY_TYPES,
  RECURRING_FREQUENCIES,
  RESPONSE_STATUSES,
  SCHEDULE_TYPES,
  SDGS,
  VOLUNTEER_CATEGORIES,
  VOLUNTEER_SKILLS,
  type ExternalFeedback,
  type ExternalFeedbackInput,
  type VolunteerFeed,
  type VolunteerMember,
  type VolunteeringConfiguration,
} from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { notFound } from '@giving/shared/errors';
import { ROLE_PERMISSIONS, type WorkplaceRole } from '@giving/shared/permissions';
import { DEFAULT_RADIUS_KM } from './opportunities';
import type { Actor, VolunteeringDeps } from './ports';

/** The volunteer's own data, the site's volunteering feed, charity-side summaries, and volunteering's copies of accounts' data. */

/** GET /volunteer/volunteer/configuration: the enumerations and catalogues (the same for everyone). */
export function configuration(): VolunteeringConfiguration {
  return {
    applicationStatuses: [...APPLICATION_STATUSES],
    opportunityTypes: [...OPPORTUNITY_TYPES],
    scheduleTypes: [...SCHEDULE_TYPES],
    applicationTypes: [...APPLICATION_TYPES],
    responseStatuses: [...RESPONSE_STATUSES],
    feeTypes: [...FEE_TYPES],
    contentStatuses: [...CONTENT_STATUSES],
    dateFilters: [...DATE_FILTERS],
    recurringFrequencies: [...RECURRING_FREQUENCIES],
    skills: [...VOLUNTEER_SKILLS],
    categories: [...VOLUNTEER_CATEGORIES],
    sdgs: SDGS.map((sdg) => ({ ...sdg })),
    maxTeamSize: MAX_TEAM_SIZE,
    defaultRadiusKm: DEFAULT_RADIUS_KM,
  };
}

const COUNTED = new Set(['Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven']);
const round2 = (n: number) => Math.round(n * 100) / 100;

const grants = (roles: readonly string[], permission: 'Workplace_Volunteering' | 'Workplace_TeamVolunteering') =>
  roles.some((role) => (ROLE_PERMISSIONS[role as WorkplaceRole] ?? []).includes(permission));

/** GET /volunteer/member/me */
export async function memberMe(deps: Pick<VolunteeringDeps, 'applications' | 'opportunities' | 'roles' | 'reference'>, actor: Actor): Promise<VolunteerMember> {
  const [applications, workplaces, external] = await Promise.all([
    deps.applications.listByMember(actor.memberId),
    deps.roles.workplacesOf(actor.memberId),
    deps.reference.listExternalFeedback(actor.memberId),
  ]);
  const completed = applications.filter((a) => COUNTED.has(a.status));
  const opportunities = await Promise.all([...new Set(applications.map((a) => a.opportunityId))].map((id) => deps.opportunities.get(id)));
  const skillCounts = new Map<string, number>();
  for (const opportunity of opportunities) for (const skill of opportunity?.skills ?? []) skillCounts.set(skill, (skillCounts.get(skill) ?? 0) + 1);
  return {
    memberId: actor.memberId,
    ...(actor.email ? { email: actor.email } : {}),
    firstName: actor.firstName,
    lastName: actor.lastName,
    workplaces: workplaces.map((w) => ({
      workplaceId: w.workplaceId,
      workplaceName: w.workplaceName,
      canVolunteer: grants(w.roles, 'Workplace_Volunteering'),
      canTeamVolunteer: grants(w.roles, 'Workplace_TeamVolunteering'),
    })),
    applications: applications.length,
    completedApplications: completed.length,
    hoursVolunteered: round2(completed.reduce((sum, a) => sum + (a.hours?.hoursPerPerson ?? 0), 0)),
    externalHours: round2(external.reduce((sum, f) => sum + f.hours, 0)),
    skills: [...skillCounts.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([skill]) => skill),
  };
}

export const FEED_LIMIT = 20;

/** GET /volunteer/GetVolunteerFeed: the newest volunteering sign-ups in a country (no names). */
export async function volunteerFeed(deps: Pick<VolunteeringDeps, 'applications'>, country: CountryCode): Promise<VolunteerFeed> {
  const items = await deps.applications.listFeed(country, FEED_LIMIT);
  return { items: items.map(({ country: _country, ...item }) => item) };
}

/** GET /volunteer/workplace/byCharity/{charityId}: workplaces whose members applied to the charity's opportunities. */
export async function workplacesByCharity(deps: Pick<VolunteeringDeps, 'applications'>, charityId: string) {
  const byWorkplace = new Map<string, { workplaceId: string; workplaceName: string; members: Set<string>; applications: number; hoursVolunteered: number }>();
  for (const application of await deps.applications.listByCharity(charityId)) {
    for (const workplace of application.applicantWorkplaces) {
      const entry = byWorkplace.get(workplace.workplaceId) ?? { ...workplace, members: new Set<string>(), applications: 0, hoursVolunteered: 0 };
      // A volunteer who deleted their account is no longer known: each of their applications counts as one volunteer.
      entry.members.add(application.applicant.memberId || `erased:${application.id}`);
      entry.applications++;
      if (COUNTED.has(application.status)) entry.hoursVolunteered += application.hours?.totalHours ?? 0;
      byWorkplace.set(workplace.workplaceId, entry);
    }
  }
  return {
    items: [...byWorkplace.values()]
      .map(({ members, hoursVolunteered, ...entry }) => ({ ...entry, volunteers: members.size, hoursVolunteered: round2(hoursVolunteered) }))
      .sort((a, b) => b.volunteers - a.volunteers || a.workplaceName.localeCompare(b.workplaceName)),
  };
}

/** POST /volunteer/volunteer/me/externalFeedback (201). */
export async function recordExternalFeedback(deps: Pick<VolunteeringDeps, 'reference' | 'clock' | 'newId'>, actor: Actor, input: ExternalFeedbackInput): Promise<ExternalFeedback> {
  const feedback: ExternalFeedback = { ...input, id: deps.newId(), memberId: actor.memberId, createdAt: deps.clock.now().toISOString() };
  await deps.reference.putExternalFeedback(feedback);
  return feedback;
}

/** GET /volunteer/volunteer/me/externalFeedback/{externalFeedbackId}: only the member's own (another's is 404). */
export async function getExternalFeedback(deps: Pick<VolunteeringDeps, 'reference'>, actor: Actor, id: string): Promise<ExternalFeedback> {
  const feedback = await deps.reference.getExternalFeedback(id);
  if (!feedback || feedback.memberId !== actor.memberId) throw notFound('External feedback');
  return feedback;
}

/* Volunteering's copies of accounts' data: shared/copies.ts records them, as every service that keeps them does. */
export { recordCharityMembership, recordCharityProfile, recordMemberNames, recordWorkplaceMembership } from '@giving/shared/copies';
