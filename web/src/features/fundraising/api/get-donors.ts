import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { donorListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, searchOf, segment } from './keys';

export type DonorList = z.infer<typeof donorListSchema>;

/** GET /api/fundraising/pages/{pageId}/donors — newest first; 'Anonymous' for anonymous gifts, no message when hidden. */
export const getDonors = ({ pageId, cursor, signal }: { pageId: string; cursor?: string; signal?: AbortSignal }): Promise<DonorList> =>
  api.get(`/fundraising/pages/${segment(pageId)}/donors${searchOf({ cursor })}`, donorListSchema, { signal });

export const donorsQueryOptions = (pageId: string) =>
  infiniteQueryOptions({
    queryKey: [...publicFundraisingKey, 'page', pageId, 'donors'],
    queryFn: ({ pageParam, signal }) => getDonors({ pageId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useDonors = (pageId: string) => useInfiniteQuery(donorsQueryOptions(pageId));
