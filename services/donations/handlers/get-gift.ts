import { donationsRoute } from '../http';
import { giftParams } from '@giving/shared/contracts/donations';
import { notFound } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { gifts } from '../adapters';

/** GET /donations/gifts/{charityUrl}/{productUrl} — the gift page. */
export const handler = donationsRoute({ params: giftParams }, async ({ params }) => {
  const gift = await gifts().getByUrl(params.charityUrl, params.productUrl);
  if (!gift) throw notFound('Gift');
  return ok(gift, { 'cache-control': 'public, max-age=30' });
});
