import type { ReactNode } from 'react';
import { usePageCampaigns, useProductCampaigns } from '../api/get-product-campaigns';
import { MatchingBanners } from './matching-banners';

/**
 * Spec 1 §2 "Gift page": campaigns for the gift, if any, listed above it. `ready` once the call has answered: the gift
 * page shows nothing of the gift before then, so the banners never push the gift down after it has been drawn
 * (issue 12: no layout shifts). The banners' code comes with the gift page's, not after the answer, for the same
 * reason. A failed call shows no banners: they are extra information, never in the way of giving.
 */
export function useProductCampaignBanners(productId: string | undefined): { ready: boolean; banners: ReactNode } {
  const campaigns = useProductCampaigns(productId);
  if (campaigns.isError) return { ready: true, banners: null };
  if (!campaigns.isSuccess) return { ready: false, banners: null };
  const items = campaigns.data.items;
  return { ready: true, banners: items.length > 0 ? <MatchingBanners items={items} /> : null };
}

/**
 * Spec 2 §7 "get for page": a fundraising page's campaigns, shown above its checkout. The page shows the checkout
 * only once this has answered too, so the banners come with it rather than pushing it down afterwards.
 */
export function usePageCampaignBanners(pageId: string | undefined, eventId: string | undefined): { ready: boolean; banners: ReactNode } {
  const campaigns = usePageCampaigns(pageId, eventId);
  if (campaigns.isError) return { ready: true, banners: null };
  if (!campaigns.isSuccess) return { ready: false, banners: null };
  const items = campaigns.data.items;
  return { ready: true, banners: items.length > 0 ? <MatchingBanners items={items} /> : null };
}
