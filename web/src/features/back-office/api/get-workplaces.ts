import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { workplaceSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { listSearch } from './list-query';

export const workplacePageSchema = z.object({ items: z.array(workplaceSchema), nextCursor: z.optional(z.string()) });
export type WorkplacePage = z.infer<typeof workplacePageSchema>;

/** GET /api/accounts/backoffice/workplaces — every workplace, a page at a time. */
export const getWorkplaces = ({ cursor, signal }: { cursor?: string; signal?: AbortSignal }): Promise<WorkplacePage> =>
  api.get(`/accounts/backoffice/workplaces${listSearch({ cursor })}`, workplacePageSchema, { signal });

export const workplacesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'workplaces'],
    queryFn: ({ pageParam, signal }) => getWorkplaces({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useWorkplaces = () => useInfiniteQuery(workplacesQueryOptions());
