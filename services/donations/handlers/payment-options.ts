import { donationsRoute } from '../http';
import { DomainError } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { paymentOptionsQuery } from '@giving/shared/payment-methods';
import { paymentOptionsForMember } from '../domain/memberships';
import { memberships } from '../adapters';

/** GET /donations/me/payment-options?pageType= — which payment methods the signed-in member may use on such a page (spec §6). */
export const handler = donationsRoute({ query: paymentOptionsQuery }, async ({ query, caller }) => {
  // The manifest guard has already refused anonymous callers on this signedIn route.
  if (!caller) throw new DomainError('Unauthorized');
  return ok(await paymentOptionsForMember({ memberships: memberships() }, caller.userId, query.pageType));
});
