import { systemClock } from '@giving/shared/clock';
import { workplaceVoucherListQuerySchema, workplaceVoucherPurchaseRequestSchema } from '@giving/shared/contracts/vouchers';
import { pathParameters } from '@giving/shared/contracts/path-parameters';
import { DomainError } from '@giving/shared/errors';
import { accepted, ok } from '@giving/shared/lambda/http';
import { createWorkplaceVoucherOrder, listWorkplaceVouchers } from '../domain/workplace-vouchers';
import { donationsRoute } from '../http';
import { memberships, payments, vouchers } from '../adapters';

const params = pathParameters('workplaceId');

/** POST /donations/workplace/{workplaceId}/voucher-purchases — a voucher for each of up to 99 people, one card payment (202 + tracking number). */
export const order = donationsRoute(
  { params, body: workplaceVoucherPurchaseRequestSchema, idempotencyKey: 'required' },
  async ({ params: { workplaceId }, body, caller, idempotencyKey }) => {
    if (!caller) throw new DomainError('Unauthorized');
    const buyer = { memberId: caller.userId, email: caller.email, givenName: caller.claims.given_name, familyName: caller.claims.family_name };
    return accepted(await createWorkplaceVoucherOrder({ payments: payments(), memberships: memberships(), clock: systemClock }, workplaceId, body, buyer, idempotencyKey as string));
  },
);

/** GET /donations/workplace/{workplaceId}/vouchers?cursor= — the workplace's vouchers with their balances, and totals. */
export const list = donationsRoute({ params, query: workplaceVoucherListQuerySchema }, async ({ params: { workplaceId }, query }) =>
  ok(await listWorkplaceVouchers({ vouchers: vouchers(), clock: systemClock }, workplaceId, query)),
);
