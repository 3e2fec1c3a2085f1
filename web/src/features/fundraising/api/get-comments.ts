import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { commentListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, segment } from './keys';

export type CommentList = z.infer<typeof commentListSchema>;

/** GET /api/fundraising/pages/{pageId}/comments — newest first. */
export const getComments = ({ pageId, signal }: { pageId: string; signal?: AbortSignal }): Promise<CommentList> =>
  api.get(`/fundraising/pages/${segment(pageId)}/comments`, commentListSchema, { signal });

export const commentsQueryOptions = (pageId: string) =>
  queryOptions({
    queryKey: [...publicFundraisingKey, 'page', pageId, 'comments'],
    queryFn: ({ signal }) => getComments({ pageId, signal }),
  });

export const useComments = (pageId: string) => useQuery(commentsQueryOptions(pageId));
