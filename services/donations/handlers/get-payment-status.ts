import { donationsRoute } from '../http';
import { trackingNumberParams } from '@giving/shared/contracts/donations';
import { ok } from '@giving/shared/lambda/http';
import { getPaymentStatus } from '../domain/payments';
import { payments } from '../adapters';

/** GET /donations/payments/{trackingNumber}/status — polled every 2 seconds by the processing modal. */
export const handler = donationsRoute({ params: trackingNumberParams }, async ({ params }) =>
  ok(await getPaymentStatus({ payments: payments() }, params.trackingNumber)),
);
