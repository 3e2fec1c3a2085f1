import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { createPaymentRequestSchema } from '@giving/shared/contracts/donations';
import { accepted } from '@giving/shared/lambda/http';
import { createPayment } from '../domain/payments';
import { charities, payments } from '../adapters';

/** POST /donations/payments — accepts a card payment for a gift or a charity (202 + tracking number); the table stream starts its workflow. */
export const handler = donationsRoute(
  { body: createPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, idempotencyKey }) =>
    accepted(
      await createPayment({ payments: payments(), charities: charities(), clock: systemClock }, body, idempotencyKey as string),
    ),
);
