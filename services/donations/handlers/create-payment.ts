import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { createPaymentRequestSchema } from '@giving/shared/contracts/donations';
import { accepted } from '@giving/shared/lambda/http';
import { createPayment } from '../domain/payments';
import { payments } from '../adapters';

/** POST /donations/payments — accepts a card payment (202 + tracking number); the table stream starts its workflow. */
export const handler = donationsRoute(
  { body: createPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, idempotencyKey }) =>
    accepted(
      await createPayment({ payments: payments(), clock: systemClock }, body, idempotencyKey as string),
    ),
);
