import { systemClock } from '@giving/shared/clock';
import { DonationCompleted } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { sendDonationReceipt } from '../domain/receipts';
import { charities, mailer, payments, receipts, siteUrl } from '../adapters';

/**
 * DonationCompleted -> issues the donation's receipt (once: its PDF link's token and the charity as it stands now)
 * and e-mails it to the donor, once per donation even when the event is delivered twice.
 */
export const handler = queueConsumer(
  {
    events: [DonationCompleted],
    idempotency: {
      scope: 'send-donation-receipt',
      store: () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    },
  },
  async (envelope) =>
    sendDonationReceipt({ payments: payments(), receipts: receipts(), charities: charities(), clock: systemClock, mailer: mailer(), siteUrl: siteUrl() }, envelope.data),
);
