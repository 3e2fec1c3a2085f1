import type { CharityVolunteeringDashboard } from '@giving/shared/contracts/dashboards';
import { COUNTRY_TIME_ZONES, localMonth, previousMonth } from '@giving/shared/local-time';
import type { StoredApplication, VolunteeringDeps } from './ports';

/** Completed volunteering: the statuses after completion, whatever feedback has been given since. */
const COMPLETED = new Set<StoredApplication['status']>(['Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven']);
/** Completed, and the charity's feedback still to give. */
const FEEDBACK_OWED = new Set<StoredApplication['status']>(['Completed', 'UserFeedbackGiven']);

/**
 * GET /volunteering/charity/{charityId}/dashboard (issue 17 item 6): volunteers and hours completed this month and
 * last (the charity's calendar; each application in its month of completion), and what waits for the charity:
 * applications to accept or decline, feedback to give. One read of the charity's applications (its index), as its
 * applications screen does.
 */
export async function charityVolunteeringDashboard(
  deps: Pick<VolunteeringDeps, 'applications' | 'charities'>,
  charityId: string,
  now: Date,
): Promise<CharityVolunteeringDashboard> {
  const [charity, applications] = await Promise.all([deps.charities.getById(charityId), deps.applications.listByCharity(charityId)]);
  const zone = COUNTRY_TIME_ZONES[charity?.country ?? 'nz'];
  const month = localMonth(now, zone);
  const months = { [month]: { month, volunteers: 0, hours: 0 }, [previousMonth(month)]: { month: previousMonth(month), volunteers: 0, hours: 0 } };
  let applicationsToReview = 0;
  let feedbackToGive = 0;
  for (const application of applications) {
    if (application.status === 'Applied') applicationsToReview += 1;
    if (FEEDBACK_OWED.has(application.status)) feedbackToGive += 1;
    if (!COMPLETED.has(application.status) || !application.hours) continue;
    const figures = months[localMonth(application.completedAt ?? application.updatedAt, zone)];
    if (!figures) continue;
    figures.volunteers += application.hours.volunteers;
    figures.hours += application.hours.totalHours;
  }
  const rounded = (figures: { month: string; volunteers: number; hours: number }) => ({ ...figures, hours: Math.round(figures.hours * 10) / 10 });
  return { thisMonth: rounded(months[month]!), lastMonth: rounded(months[previousMonth(month)]!), applicationsToReview, feedbackToGive };
}
