import { paymentGatewayQuery } from '@giving/shared/contracts/payment-gateway';
import { ok } from '@giving/shared/lambda/http';
import { paymentGatewayFor } from '../domain/payment-gateway';
import { donationsRoute } from '../http';
import { gatewaySettings } from '../adapters';

/**
 * GET /donations/payment-gateway?country= — the country's transaction fee rates and the merchant account its card
 * fields tokenise for (spec §3 "Payment gateway"). Settings change only with a deployment: cached for 5 minutes.
 */
export const handler = donationsRoute({ query: paymentGatewayQuery }, async ({ query }) =>
  ok(paymentGatewayFor(gatewaySettings(), query.country), { 'cache-control': 'public, max-age=300' }),
);
