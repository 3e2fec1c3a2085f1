import type { EventPublisher } from '@giving/shared/events';
import { VolunteerApplied } from '@giving/shared/events/volunteering';
import type { StoredApplication } from './ports';

/**
 * A new application, as the table stream delivers it -> VolunteerApplied (the ticker's volunteering sign-up), with a
 * stable event id per application; accounts keys the ticker item by the application, so a redelivery changes nothing.
 */
export async function publishSignUp(events: EventPublisher, application: StoredApplication | undefined): Promise<'published' | 'skipped'> {
  if (!application?.id || !application.charity) return 'skipped';
  await events.publish(
    VolunteerApplied,
    {
      applicationId: application.id,
      opportunityId: application.opportunityId,
      charityId: application.charity.id,
      charityName: application.charity.name,
      charityUrl: application.charity.charityUrl,
      country: application.country,
      createdOn: application.createdAt,
    },
    { id: `applied-${application.id}` },
  );
  return 'published';
}
