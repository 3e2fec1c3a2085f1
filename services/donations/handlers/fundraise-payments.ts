import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { fundraisePaymentParams, fundraisePaymentRequestSchema, memberFundraisePaymentRequestSchema } from '@giving/shared/contracts/donations';
import { DomainError } from '@giving/shared/errors';
import { accepted } from '@giving/shared/lambda/http';
import { requirePaymentMethod } from '../domain/memberships';
import { createFundraisePayment, createMemberFundraisePayment } from '../domain/payments';
import { cardTesting, charities, fundraisingPages, gatewaySettings, memberships, payments, recentGiftCatalog, savedCards, voucherCodes, vouchers } from '../adapters';

const deps = () => ({
  payments: payments(),
  charities: charities(),
  gifts: recentGiftCatalog(),
  pages: fundraisingPages(),
  cardTesting: cardTesting(),
  clock: systemClock,
  gatewaySettings: gatewaySettings(),
  codes: voucherCodes(),
  vouchers: vouchers(),
});

/** POST /fundraising/pages/{pageId}/donate — a guest's donation to a fundraising page (202 + tracking number). */
export const handler = donationsRoute(
  { params: fundraisePaymentParams, body: fundraisePaymentRequestSchema, idempotencyKey: 'required' },
  async ({ params, body, idempotencyKey, sourceIp }) => accepted(await createFundraisePayment(deps(), params.pageId, body, idempotencyKey as string, sourceIp)),
);

/** POST /fundraising/me/pages/{pageId}/donate — the same for a signed-in member (the donor from the token). */
export const member = donationsRoute(
  { params: fundraisePaymentParams, body: memberFundraisePaymentRequestSchema, idempotencyKey: 'required' },
  async ({ params, body, caller, idempotencyKey, sourceIp }) => {
    if (!caller) throw new DomainError('Unauthorized');
    const signedIn = { memberId: caller.userId, email: caller.email, givenName: caller.claims.given_name, familyName: caller.claims.family_name };
    // Spec 1 §6: on a fundraise page a workplace member pays only by the Workplace_Fundraising_* methods they hold.
    await requirePaymentMethod({ memberships: memberships() }, caller.userId, 'FUNDRAISE', body.paymentType);
    return accepted(await createMemberFundraisePayment({ ...deps(), cards: savedCards() }, params.pageId, body, signedIn, idempotencyKey as string, sourceIp));
  },
);
