import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { offlineDonationListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageTeamKey, segment } from './keys';

export type OfflineDonationList = z.infer<typeof offlineDonationListSchema>;

/** GET /api/fundraising/pages/{pageId}/offline-donations — the page's offline gifts, pending and confirmed. */
export const getPageOfflineDonations = ({ pageId, signal }: { pageId: string; signal?: AbortSignal }): Promise<OfflineDonationList> =>
  api.get(`/fundraising/pages/${segment(pageId)}/offline-donations`, offlineDonationListSchema, { signal });

export const pageOfflineDonationsQueryOptions = (pageId: string) =>
  queryOptions({ queryKey: [...pageTeamKey(pageId), 'offline-donations'], queryFn: ({ signal }) => getPageOfflineDonations({ pageId, signal }) });

export const usePageOfflineDonations = (pageId: string) => useQuery(pageOfflineDonationsQueryOptions(pageId));
