import { backOfficePaymentParams, backOfficePaymentsQuerySchema } from '@giving/shared/contracts/back-office-payments';
import { ok } from '@giving/shared/lambda/http';
import { paymentDetail, searchPayments } from '../domain/back-office-payments';
import { paymentHistory, paymentSearch } from '../adapters';
import { donationsRoute } from '../http';

/** GET /donations/backoffice/payments?q=&status=&charityId=&cursor= */
export const search = donationsRoute({ query: backOfficePaymentsQuerySchema }, async ({ query }) => ok(await searchPayments({ payments: paymentSearch() }, query)));

/** GET /donations/backoffice/payments/{trackingNumber} */
export const detail = donationsRoute({ params: backOfficePaymentParams }, async ({ params }) =>
  ok(await paymentDetail({ payments: paymentSearch(), workflow: paymentHistory() }, params.trackingNumber)),
);
