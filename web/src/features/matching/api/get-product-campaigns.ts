import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/**
 * GET /api/matching/campaigns/product/{productId} — the gift's active matching campaigns, as a donor sees them.
 * This call is on the gift page's first paint: it checks only the list's envelope here, and the banners
 * (matching-banners.tsx, drawn with the gift) check each campaign against the contract (publicCampaignSchema).
 */
const productCampaignsEnvelope = z.object({ items: z.array(z.unknown()) });
export type ProductCampaignsEnvelope = z.infer<typeof productCampaignsEnvelope>;

export const getProductCampaigns = ({ productId, signal }: { productId: string; signal?: AbortSignal }): Promise<ProductCampaignsEnvelope> =>
  api.get(`/matching/campaigns/product/${encodeURIComponent(productId)}`, productCampaignsEnvelope, { signal });

export const productCampaignsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['matching', 'product', productId],
    queryFn: ({ signal }) => getProductCampaigns({ productId, signal }),
    staleTime: 60_000,
  });

/** Waits for the gift (no id yet: nothing is asked). */
export const useProductCampaigns = (productId: string | undefined) => useQuery({ ...productCampaignsQueryOptions(productId ?? ''), enabled: productId !== undefined });

/** GET /api/matching/campaigns/page/{pageId}?eventId= — a fundraising page's active campaigns (its own and its event's). */
export const getPageCampaigns = ({ pageId, eventId, signal }: { pageId: string; eventId?: string; signal?: AbortSignal }): Promise<ProductCampaignsEnvelope> =>
  api.get(`/matching/campaigns/page/${encodeURIComponent(pageId)}${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`, productCampaignsEnvelope, { signal });

/** Asked once the page takes donations (no id: nothing is asked). */
export const usePageCampaigns = (pageId: string | undefined, eventId: string | undefined) =>
  useQuery({
    queryKey: ['matching', 'page', pageId ?? '', eventId ?? ''],
    queryFn: ({ signal }) => getPageCampaigns({ pageId: pageId ?? '', eventId, signal }),
    enabled: pageId !== undefined,
    staleTime: 60_000,
  });
