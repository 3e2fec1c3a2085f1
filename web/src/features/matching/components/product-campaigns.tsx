import { lazyPart } from '../../../lib/lazy-part';
import { useProductCampaigns } from '../api/get-product-campaigns';

/** The banners' chunk loads only when the gift has campaigns: most gifts have none, and the page stays small. */
const banners = lazyPart(() => import('./matching-banners'));

/**
 * Spec 1 §2 "Gift page": campaigns for the gift, if any, listed above it. Shows nothing while loading or when the
 * call fails: the banners are extra information, never in the way of giving.
 */
export function ProductCampaigns({ productId }: { productId: string }) {
  const campaigns = useProductCampaigns(productId);
  const items = campaigns.data?.items ?? [];
  const part = banners.usePart(items.length > 0);
  if (!part || items.length === 0) return null;
  return <part.MatchingBanners items={items} />;
}
