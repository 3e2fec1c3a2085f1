import { systemClock } from '@giving/shared/clock';
import { backOfficePaymentParams, backOfficePaymentsQuerySchema, refundRequestSchema } from '@giving/shared/contracts/back-office-payments';
import { accepted, callerName, ok } from '@giving/shared/lambda/http';
import { paymentDetail, searchPayments } from '../domain/back-office-payments';
import { requestRefund } from '../domain/refunds';
import { charityMemberships, paymentHistory, payments, paymentSearch, refundHistory, refunds, vouchers } from '../adapters';
import { donationsRoute } from '../http';

/** GET /donations/backoffice/payments?q=&status=&charityId=&cursor= */
export const search = donationsRoute({ query: backOfficePaymentsQuerySchema }, async ({ query }) => ok(await searchPayments({ payments: paymentSearch() }, query)));

/** GET /donations/backoffice/payments/{trackingNumber} */
export const detail = donationsRoute({ params: backOfficePaymentParams }, async ({ params }) =>
  ok(
    await paymentDetail(
      { payments: paymentSearch(), workflow: paymentHistory(), donations: payments(), refunds: refunds(), refundWorkflow: refundHistory(), vouchers: vouchers() },
      params.trackingNumber,
    ),
  ),
);

/**
 * POST /donations/backoffice/payments/{trackingNumber}/refunds (Idempotency-Key): 202 and the refund, which its
 * workflow now carries out; a retry with the same key answers the same refund (200).
 */
export const refund = donationsRoute({ params: backOfficePaymentParams, body: refundRequestSchema, idempotencyKey: 'required' }, async ({ params, body, idempotencyKey, caller }) => {
  const result = await requestRefund(
    { payments: payments(), refunds: refunds(), clock: systemClock, vouchers: vouchers(), memberships: charityMemberships() },
    params.trackingNumber,
    body,
    idempotencyKey as string,
    callerName(caller),
  );
  return result.created ? accepted({ refund: result.refund }) : ok({ refund: result.refund });
});
