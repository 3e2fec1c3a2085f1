import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { auditTrailSchema } from '@giving/shared/contracts/personal-data';
import { api } from '../../../lib/api-client';
import { listSearch } from './list-query';
import { MEMBERS_KEY } from './get-members';

export type AuditTrailPage = z.infer<typeof auditTrailSchema>;

/** GET /api/accounts/backoffice/members/{memberId}/audit?cursor= — what changed in a member's records, newest first, a page at a time. */
export const getMemberAudit = ({ memberId, cursor, signal }: { memberId: string; cursor?: string; signal?: AbortSignal }): Promise<AuditTrailPage> =>
  api.get(`/accounts/backoffice/members/${encodeURIComponent(memberId)}/audit${listSearch({ cursor })}`, auditTrailSchema, { signal });

// Under the members' key: a role change made from the list (which refreshes the members) shows in the history too.
export const memberAuditQueryOptions = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: [...MEMBERS_KEY, 'audit', memberId],
    queryFn: ({ pageParam, signal }) => getMemberAudit({ memberId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMemberAudit = (memberId: string) => useInfiniteQuery(memberAuditQueryOptions(memberId));
