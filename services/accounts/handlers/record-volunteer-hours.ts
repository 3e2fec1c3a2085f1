import { systemClock } from '@giving/shared/clock';
import { VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import { documentClient } from '@giving/shared/lambda/aws';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { dynamoVolunteerActivityStore } from '../adapters/dynamo-volunteer-activity';
import { accountsTable } from '../adapters/index';
import { recordVolunteerHours } from '../domain/volunteer-activity';

let store: ReturnType<typeof dynamoVolunteerActivityStore> | undefined;
const activity = () => (store ??= dynamoVolunteerActivityStore(documentClient(), accountsTable()));

/**
 * VolunteerHoursRecorded -> the country's volunteered hours in the header's stats. Idempotent on the application id
 * (VOLUNTEERHOURS#<id>/SEEN is written in the same transaction), so the queue needs no idempotency store of its own.
 */
export const handler = queueConsumer({ events: [VolunteerHoursRecorded] }, async (envelope, { log }) => {
  if ((await recordVolunteerHours({ activity: activity(), clock: systemClock }, envelope.data)) === 'duplicate') {
    log.info('volunteer hours already recorded', { applicationId: envelope.data.applicationId });
  }
});
