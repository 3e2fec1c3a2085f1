import { systemClock } from '@giving/shared/clock';
import { memberVoucherPurchaseRequestSchema, voucherPurchaseRequestSchema } from '@giving/shared/contracts/vouchers';
import { DomainError } from '@giving/shared/errors';
import { accepted } from '@giving/shared/lambda/http';
import { createMemberVoucherPurchase, createVoucherPurchase } from '../domain/vouchers';
import { donationsRoute } from '../http';
import { payments } from '../adapters';

const deps = () => ({ payments: payments(), clock: systemClock });

/** POST /donations/voucher-purchases — a guest buys a gift voucher by card (202 + tracking number); the payment workflow charges and creates it. */
export const handler = donationsRoute({ body: voucherPurchaseRequestSchema, idempotencyKey: 'required' }, async ({ body, idempotencyKey }) =>
  accepted(await createVoucherPurchase(deps(), body, idempotencyKey as string)),
);

/** POST /donations/me/voucher-purchases — the same for a signed-in member; the buyer comes from the verified ID token. */
export const member = donationsRoute({ body: memberVoucherPurchaseRequestSchema, idempotencyKey: 'required' }, async ({ body, caller, idempotencyKey }) => {
  // The manifest guard has already refused anonymous callers on this signedIn route.
  if (!caller) throw new DomainError('Unauthorized');
  const signedIn = { memberId: caller.userId, email: caller.email, givenName: caller.claims.given_name, familyName: caller.claims.family_name };
  return accepted(await createMemberVoucherPurchase(deps(), body, signedIn, idempotencyKey as string));
});
