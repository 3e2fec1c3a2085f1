import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { createPaymentRequestSchema, memberPaymentRequestSchema } from '@giving/shared/contracts/donations';
import { DomainError } from '@giving/shared/errors';
import { accepted } from '@giving/shared/lambda/http';
import { createMemberPayment, createPayment } from '../domain/payments';
import { charities, payments } from '../adapters';

const deps = () => ({ payments: payments(), charities: charities(), clock: systemClock });

/** POST /donations/payments — accepts a guest's card payment for a gift or a charity (202 + tracking number); the table stream starts its workflow. */
export const handler = donationsRoute(
  { body: createPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, idempotencyKey }) => accepted(await createPayment(deps(), body, idempotencyKey as string)),
);

/**
 * POST /donations/me/payments — the same for a signed-in member, whose e-mail and names come from the verified ID
 * token, never from the body. A separate route because HTTP API's JWT authorizer is set per route.
 */
export const member = donationsRoute(
  { body: memberPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, caller, idempotencyKey }) => {
    // The manifest guard has already refused anonymous callers on this signedIn route.
    if (!caller) throw new DomainError('Unauthorized');
    const signedIn = { memberId: caller.userId, email: caller.email, givenName: caller.claims.given_name, familyName: caller.claims.family_name };
    return accepted(await createMemberPayment(deps(), body, signedIn, idempotencyKey as string));
  },
);
