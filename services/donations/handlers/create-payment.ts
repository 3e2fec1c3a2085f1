import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { createPaymentRequestSchema, memberPaymentRequestSchema } from '@giving/shared/contracts/donations';
import { DomainError } from '@giving/shared/errors';
import { accepted } from '@giving/shared/lambda/http';
import { requirePaymentMethod } from '../domain/memberships';
import { createMemberPayment, createPayment } from '../domain/payments';
import { cardTesting, charities, gatewaySettings, memberships, payments, recentGiftCatalog, savedCards, voucherCodes, vouchers } from '../adapters';

// voucherCodes hashes a gift voucher payment's code (only the hash is stored); vouchers reads its balance, and
// gatewaySettings the country's fee rates, to check the transaction fee the donor was shown; recentGiftCatalog the
// gift's price (a priced gift is sold at its price).
const deps = () => ({
  payments: payments(),
  charities: charities(),
  gifts: recentGiftCatalog(),
  cardTesting: cardTesting(),
  clock: systemClock,
  gatewaySettings: gatewaySettings(),
  codes: voucherCodes(),
  vouchers: vouchers(),
});

/** POST /donations/payments — accepts a guest's card payment for a gift or a charity (202 + tracking number); the table stream starts its workflow. */
export const handler = donationsRoute(
  { body: createPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, idempotencyKey, sourceIp }) => accepted(await createPayment(deps(), body, idempotencyKey as string, sourceIp)),
);

/**
 * POST /donations/me/payments — the same for a signed-in member, whose e-mail and names come from the verified ID
 * token, never from the body. A separate route because HTTP API's JWT authorizer is set per route.
 */
export const member = donationsRoute(
  { body: memberPaymentRequestSchema, idempotencyKey: 'required' },
  async ({ body, caller, idempotencyKey, sourceIp }) => {
    // The manifest guard has already refused anonymous callers on this signedIn route.
    if (!caller) throw new DomainError('Unauthorized');
    const signedIn = { memberId: caller.userId, email: caller.email, givenName: caller.claims.given_name, familyName: caller.claims.family_name };
    // Spec §6: a workplace member pays only by the methods their workplace roles allow (403 saying why, nothing stored).
    await requirePaymentMethod({ memberships: memberships() }, caller.userId, body.pageType, body.paymentType);
    return accepted(await createMemberPayment({ ...deps(), cards: savedCards() }, body, signedIn, idempotencyKey as string, sourceIp));
  },
);
