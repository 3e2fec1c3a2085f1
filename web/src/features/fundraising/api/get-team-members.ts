import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { memberListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { teamKey, teamPath, type Team } from './keys';

export type MemberList = z.infer<typeof memberListSchema>;

/** GET /api/fundraising/{events|pages}/{id}/members — the event's or page's members and their roles. */
export const getTeamMembers = ({ team, signal }: { team: Team; signal?: AbortSignal }): Promise<MemberList> =>
  api.get(`${teamPath(team)}/members`, memberListSchema, { signal });

export const teamMembersQueryOptions = (team: Team) =>
  queryOptions({ queryKey: [...teamKey(team), 'members'], queryFn: ({ signal }) => getTeamMembers({ team, signal }) });

export const useTeamMembers = (team: Team) => useQuery(teamMembersQueryOptions(team));
