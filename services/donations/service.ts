import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { DonationCompleted } from '@giving/shared/events/donations';
import { patternFor } from '@giving/shared/events';
import { defineService } from '@giving/shared/manifest';

/**
 * donations: gifts ("dollar handles"), checkout and card payments (gifts and general donations to a charity), the
 * payment workflow, receipts, and a copy of each charity's public profile (from accounts' CharityProfilePublished).
 * Table: see adapters/dynamo-payments.ts, adapters/dynamo-gifts.ts and adapters/dynamo-charities.ts for the item layout.
 */
export default defineService({
  service: 'donations',
  table: { indexes: ['gsi1'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  routes: [
    {
      method: 'GET',
      path: '/donations/charities/{charityUrl}/gifts',
      handler: 'handlers/get-charity-gifts',
      auth: { kind: 'public' },
      summary: "A charity's gifts for its page (up to 24).",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/gifts/{charityUrl}/{productUrl}',
      handler: 'handlers/get-gift',
      auth: { kind: 'public' },
      summary: 'One gift for the gift page.',
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/donations/payments',
      handler: 'handlers/create-payment',
      auth: { kind: 'public' },
      summary: 'Accept a card payment for a gift or a general donation to a charity (guest checkout); idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'POST',
      path: '/donations/me/payments',
      handler: 'handlers/create-payment#member',
      auth: { kind: 'signedIn' },
      summary:
        'The same payment by a signed-in member: no donor in the body, the e-mail and names come from the ID token and the payment keeps the member id; idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/payments/{trackingNumber}/status',
      handler: 'handlers/get-payment-status',
      auth: { kind: 'public' },
      summary: 'Payment processing status and messages, polled by the checkout.',
      access: { table: 'read' },
    },
  ],
  workflows: [
    {
      name: 'payment',
      definition: 'workflows/payment.asl.json',
      tasks: {
        ValidatePayment: { handler: 'handlers/payment-tasks#validate', access: { table: 'readWrite' } },
        ChargeCard: { handler: 'handlers/payment-tasks#charge', access: { table: 'read', cardGateway: true }, timeoutSeconds: 15 },
        ReconcileCharge: { handler: 'handlers/payment-tasks#reconcile', access: { cardGateway: true }, timeoutSeconds: 15 },
        RecordDonation: { handler: 'handlers/payment-tasks#record', access: { table: 'readWrite' } },
        EmitDonationCompleted: {
          handler: 'handlers/payment-tasks#emit',
          access: { table: 'read', publishes: [DonationCompleted] },
        },
        FailPayment: { handler: 'handlers/payment-tasks#fail', access: { table: 'readWrite' } },
      },
    },
  ],
  streams: [
    {
      name: 'start-payment-workflow',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: ['PAYMENT'] } } } },
      handler: 'handlers/start-payment-workflow',
      batchSize: 100,
      access: { startsWorkflows: ['payment'] },
    },
  ],
  subscriptions: [
    {
      name: 'record-charity-profile',
      pattern: patternFor(CharityProfilePublished),
      handler: 'handlers/record-charity-profile',
      access: { table: 'readWrite' },
    },
    {
      name: 'send-donation-receipt',
      pattern: patternFor(DonationCompleted),
      handler: 'handlers/send-donation-receipt',
      access: { table: 'readWrite', sendsMail: true },
    },
  ],
  schedules: [
    {
      name: 'reconcile-stuck-payments',
      expression: 'rate(5 minutes)',
      description: 'Restart payments whose workflow never started; settle those that ended without the gateway answering.',
      handler: 'handlers/reconcile-stuck-payments',
      access: { table: 'readWrite', cardGateway: true, startsWorkflows: ['payment'], publishes: [DonationCompleted] },
      timeoutSeconds: 120,
    },
  ],
});
