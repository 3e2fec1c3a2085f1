import { systemClock } from '@giving/shared/clock';
import { DonationCompleted, DonationRefunded, PaymentRefunded } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { sendPaymentRefundNotice } from '../domain/payment-refunds';
import { sendDonationReceipt, sendRefundNotice } from '../domain/receipts';
import { charities, mailer, payments, receipts, refunds, siteUrl } from '../adapters';

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

/** DonationRefunded -> the donor is e-mailed what came back and the receipt that replaces theirs, once per refund. */
export const refunded = queueConsumer(
  {
    events: [DonationRefunded],
    idempotency: {
      scope: 'send-refund-notice',
      store: () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    },
  },
  async (envelope) =>
    sendRefundNotice(
      { payments: payments(), receipts: receipts(), charities: charities(), refunds: refunds(), clock: systemClock, mailer: mailer(), siteUrl: siteUrl() },
      envelope.data,
    ),
);

/** PaymentRefunded -> the gift voucher buyer or member is e-mailed what came back, once per refund. */
export const paymentRefunded = queueConsumer(
  {
    events: [PaymentRefunded],
    idempotency: {
      scope: 'send-payment-refund-notice',
      store: () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }),
    },
  },
  async (envelope) => sendPaymentRefundNotice({ mailer: mailer() }, envelope.data),
);
