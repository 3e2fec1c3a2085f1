import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { invitationListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { teamKey, teamPath, type Team } from './keys';

export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/fundraising/{events|pages}/{id}/invitations — pending invitations (its Owner and Admins). */
export const getTeamInvitations = ({ team, signal }: { team: Team; signal?: AbortSignal }): Promise<InvitationList> =>
  api.get(`${teamPath(team)}/invitations`, invitationListSchema, { signal });

export const teamInvitationsQueryOptions = (team: Team) =>
  queryOptions({ queryKey: [...teamKey(team), 'invitations'], queryFn: ({ signal }) => getTeamInvitations({ team, signal }) });

export const useTeamInvitations = (team: Team) => useQuery(teamInvitationsQueryOptions(team));
