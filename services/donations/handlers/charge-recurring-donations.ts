import { fixedClock } from '@giving/shared/clock';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { scheduledJob } from '@giving/shared/lambda/schedule';
import { ENV } from '@giving/shared/manifest';
import { chargeRecurringDonations } from '../domain/recurring-donations';
import { renewMemberships } from '../domain/charity-memberships';
import { cardGateway, charityMemberships, gatewaySettings, mailer, payments, recurringDonations, savedCards, siteUrl } from '../adapters';

/**
 * Every hour: charges each due monthly donation once for its period, settles the ones that ended and e-mails donors
 * whose monthly donation stopped; then renews due charity memberships the same way, and reminds members whose paid
 * period ends within 14 days. Its "now" is the run's scheduled time (EventBridge Scheduler's input), so a run
 * repeated for the same hour does the same thing, and a test can run the job for next month.
 */
export const handler = scheduledJob('charge-recurring-donations', async ({ scheduledTime, log }) => {
  const counts = await chargeRecurringDonations({
    payments: payments(),
    cards: savedCards(),
    schedules: recurringDonations(),
    gateway: cardGateway(),
    gatewaySettings: gatewaySettings(),
    mailer: mailer(),
    notices: dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    clock: fixedClock(scheduledTime),
    siteUrl: siteUrl(),
  });
  log.info('charged recurring donations', { ...counts });
  const renewals = await renewMemberships({
    store: charityMemberships(),
    payments: payments(),
    cards: savedCards(),
    gateway: cardGateway(),
    mailer: mailer(),
    notices: dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    clock: fixedClock(scheduledTime),
    siteUrl: siteUrl(),
  });
  log.info('renewed memberships', { ...renewals });
});
