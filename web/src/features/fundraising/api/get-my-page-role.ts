import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FUNDRAISING_ROLES, type FundraisingRole } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { pageTeamKey, segment } from './keys';

/**
 * The caller's membership ("get page member"): null when none. The contract names no schema for this answer, so
 * only the role is read (a member record, or anything carrying `role`, fits).
 */
const myRoleSchema = z.nullable(z.object({ role: z.enum(FUNDRAISING_ROLES) }));

/** GET /api/fundraising/pages/{pageId}/me — the caller's role in the page, or null. */
export const getMyPageRole = async ({ pageId, signal }: { pageId: string; signal?: AbortSignal }): Promise<FundraisingRole | null> => {
  const answer = await api.get(`/fundraising/pages/${segment(pageId)}/me`, myRoleSchema, { signal });
  return answer?.role ?? null;
};

export const myPageRoleQueryOptions = (pageId: string) =>
  queryOptions({
    queryKey: [...pageTeamKey(pageId), 'me'],
    queryFn: ({ signal }) => getMyPageRole({ pageId, signal }),
  });

/** The signed-in member's role in the page; idle (no role) for visitors. */
export function useMyPageRole(pageId: string) {
  const signedIn = useSession().status === 'signedIn';
  return useQuery({ ...myPageRoleQueryOptions(pageId), enabled: signedIn });
}

/** Owners and Admins manage a page (edit, invite, take offline, enter offline gifts). */
export const managesPage = (role: FundraisingRole | null | undefined): boolean => role === 'Owner' || role === 'Admin';
