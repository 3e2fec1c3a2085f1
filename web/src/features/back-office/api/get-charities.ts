import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { charityProfileSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { listSearch } from './list-query';

export const charityPageSchema = z.object({ items: z.array(charityProfileSchema), nextCursor: z.optional(z.string()) });
export type CharityPage = z.infer<typeof charityPageSchema>;

/** GET /api/accounts/backoffice/charities?q=&cursor= — every charity, searchable by name, a page at a time. */
export const getCharities = ({ q, cursor, signal }: { q?: string; cursor?: string; signal?: AbortSignal }): Promise<CharityPage> =>
  api.get(`/accounts/backoffice/charities${listSearch({ q, cursor })}`, charityPageSchema, { signal });

/** Every search's pages share this prefix, so a new charity refreshes them all. */
export const CHARITIES_KEY = [...ACCOUNT_QUERY_KEY, 'back-office', 'charities'] as const;

export const charitiesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...CHARITIES_KEY, q],
    queryFn: ({ pageParam, signal }) => getCharities({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useCharities = (q: string) => useInfiniteQuery(charitiesQueryOptions(q));
