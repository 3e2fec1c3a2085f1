import { donationsRoute } from '../http';
import { charityGiftsParams, charityGiftsQuery } from '@giving/shared/contracts/donations';
import { ok } from '@giving/shared/lambda/http';
import { gifts } from '../adapters';

/** GET /donations/charities/{charityUrl}/gifts — the "More Donations" grid (up to 24 cards). */
export const handler = donationsRoute({ params: charityGiftsParams, query: charityGiftsQuery }, async ({ params, query }) => {
  const limit = Math.min(Number(query.limit ?? 24) || 24, 24);
  const items = await gifts().listByCharity(params.charityUrl, limit);
  return ok({ items }, { 'cache-control': 'public, max-age=30' });
});
