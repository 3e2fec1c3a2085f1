import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { contentListSchema, type contentStatusSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type ContentStatus = z.infer<typeof contentStatusSchema>;
export type ContentList = z.infer<typeof contentListSchema>;

/** GET /api/accounts/backoffice/content?status= — content (charity profile changes) in one status. */
export const getContent = ({ status, signal }: { status: ContentStatus; signal?: AbortSignal }): Promise<ContentList> =>
  api.get(`/accounts/backoffice/content?status=${status}`, contentListSchema, { signal });

/** The three status lists share this prefix, so a decision refreshes them all. */
export const CONTENT_KEY = [...ACCOUNT_QUERY_KEY, 'back-office', 'content'] as const;

export const contentQueryOptions = (status: ContentStatus) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, status],
    queryFn: ({ signal }) => getContent({ status, signal }),
  });

export const useContent = (status: ContentStatus) => useQuery(contentQueryOptions(status));
