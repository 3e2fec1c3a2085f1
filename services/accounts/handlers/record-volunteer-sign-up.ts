import { systemClock } from '@giving/shared/clock';
import { VolunteerApplied } from '@giving/shared/events/volunteering';
import { documentClient } from '@giving/shared/lambda/aws';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { dynamoVolunteerActivityStore } from '../adapters/dynamo-volunteer-activity';
import { accountsTable } from '../adapters/index';
import { recordVolunteerSignUp } from '../domain/volunteer-activity';

let store: ReturnType<typeof dynamoVolunteerActivityStore> | undefined;
const activity = () => (store ??= dynamoVolunteerActivityStore(documentClient(), accountsTable()));

/** VolunteerApplied -> the country's ticker. Idempotent: the ticker item is keyed by the application. */
export const handler = queueConsumer({ events: [VolunteerApplied] }, async (envelope, { log }) => {
  if ((await recordVolunteerSignUp({ activity: activity(), clock: systemClock }, envelope.data)) === 'tooOld') {
    log.info('volunteer sign-up older than the ticker keeps', { applicationId: envelope.data.applicationId });
  }
});
