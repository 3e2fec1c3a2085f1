import { DonationCompleted } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { sendDonationReceipt } from '../domain/receipts';
import { mailer, siteUrl } from '../adapters';

/** DonationCompleted -> e-mails the donor a receipt, once per donation even when the event is delivered twice. */
export const handler = queueConsumer(
  {
    events: [DonationCompleted],
    idempotency: {
      scope: 'send-donation-receipt',
      store: () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    },
  },
  async (envelope) => sendDonationReceipt({ mailer: mailer(), siteUrl: siteUrl() }, envelope.data),
);
