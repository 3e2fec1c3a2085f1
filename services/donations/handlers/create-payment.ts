import { systemClock } from '@giving/shared/clock';
import { createPaymentRequestSchema } from '@giving/shared/contracts/donations';
import { accepted, httpRoute } from '@giving/shared/lambda/http';
import { createPayment } from '../domain/payments';
import { paymentWorkflow, payments } from '../adapters';

/** POST /donations/payments — accepts a card payment and starts the payment workflow (202 + tracking number). */
export const handler = httpRoute(
  { body: createPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, idempotencyKey }) =>
    accepted(
      await createPayment({ payments: payments(), workflow: paymentWorkflow(), clock: systemClock }, body, idempotencyKey as string),
    ),
);
