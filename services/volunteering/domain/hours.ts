import type { EventPublisher } from '@giving/shared/events';
import { VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import type { StoredApplication } from './ports';

/**
 * A Completed application, as the table stream delivers it -> VolunteerHoursRecorded, with a stable event id per
 * application so a redelivered record is recognised downstream (accounts also counts each application once).
 */
export async function publishHours(events: EventPublisher, application: StoredApplication | undefined): Promise<'published' | 'skipped'> {
  // An application kept without its applicant (they deleted their account) was published when it was completed.
  if (!application || application.status !== 'Completed' || !application.hours || application.erasedAt) return 'skipped';
  await events.publish(
    VolunteerHoursRecorded,
    {
      applicationId: application.id,
      opportunityId: application.opportunityId,
      charityId: application.charity.id,
      charityName: application.charity.name,
      country: application.country,
      memberId: application.applicant.memberId,
      hoursPerPerson: application.hours.hoursPerPerson,
      volunteers: application.hours.volunteers,
      hours: application.hours.totalHours,
      completedAt: application.completedAt ?? application.updatedAt,
    },
    { id: `hours-${application.id}` },
  );
  return 'published';
}
