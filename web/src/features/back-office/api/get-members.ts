import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { memberListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { listSearch } from './list-query';

export type MemberPage = z.infer<typeof memberListSchema>;
export type MemberSummary = MemberPage['items'][number];

/** GET /api/accounts/backoffice/members?q=&cursor= — every member, searchable by name or e-mail, a page at a time. */
export const getMembers = ({ q, cursor, signal }: { q?: string; cursor?: string; signal?: AbortSignal }): Promise<MemberPage> =>
  api.get(`/accounts/backoffice/members${listSearch({ q, cursor })}`, memberListSchema, { signal });

/** Every search's pages share this prefix, so a role change refreshes them all. */
export const MEMBERS_KEY = [...ACCOUNT_QUERY_KEY, 'back-office', 'members'] as const;

export const membersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...MEMBERS_KEY, q],
    queryFn: ({ pageParam, signal }) => getMembers({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMembers = (q: string) => useInfiniteQuery(membersQueryOptions(q));
