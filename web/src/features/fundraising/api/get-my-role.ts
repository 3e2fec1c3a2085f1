import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FUNDRAISING_ROLES, type FundraisingRole } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { teamKey, teamPath, type Team } from './keys';

/**
 * The caller's place in an event or a page ("get event member" / "get page member"): `{role, canManage}`, role null
 * when not on its team. The contract names no schema for this answer, so only these are read; an answer without
 * `canManage` (a member record) manages when its role is Owner or Admin.
 */
const myRoleSchema = z.nullable(z.object({ role: z.nullable(z.enum(FUNDRAISING_ROLES)), canManage: z.optional(z.boolean()) }));

export interface MyRole {
  role: FundraisingRole | null;
  /** Owners, Admins and administrators manage it (edit, invite, take offline). */
  canManage: boolean;
}

/** Owners and Admins manage an event or a page. */
export const managesRole = (role: FundraisingRole | null | undefined): boolean => role === 'Owner' || role === 'Admin';

/** GET /api/fundraising/events/{eventId}/me or /api/fundraising/pages/{pageId}/me. */
export const getMyRole = async ({ team, signal }: { team: Team; signal?: AbortSignal }): Promise<MyRole> => {
  const answer = await api.get(`${teamPath(team)}/me`, myRoleSchema, { signal });
  const role = answer?.role ?? null;
  return { role, canManage: answer?.canManage ?? managesRole(role) };
};

export const myRoleQueryOptions = (team: Team) =>
  queryOptions({
    queryKey: [...teamKey(team), 'me'],
    queryFn: ({ signal }) => getMyRole({ team, signal }),
  });

/** The signed-in member's place in the event or page; idle (managing nothing) for visitors. */
export function useMyRole(team: Team) {
  const signedIn = useSession().status === 'signedIn';
  return useQuery({ ...myRoleQueryOptions(team), enabled: signedIn });
}
