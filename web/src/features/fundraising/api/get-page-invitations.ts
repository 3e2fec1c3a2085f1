import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { invitationListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageTeamKey, segment } from './keys';

export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/fundraising/pages/{pageId}/invitations — pending invitations to the page (its Owner and Admins). */
export const getPageInvitations = ({ pageId, signal }: { pageId: string; signal?: AbortSignal }): Promise<InvitationList> =>
  api.get(`/fundraising/pages/${segment(pageId)}/invitations`, invitationListSchema, { signal });

export const pageInvitationsQueryOptions = (pageId: string) =>
  queryOptions({ queryKey: [...pageTeamKey(pageId), 'invitations'], queryFn: ({ signal }) => getPageInvitations({ pageId, signal }) });

export const usePageInvitations = (pageId: string) => useQuery(pageInvitationsQueryOptions(pageId));
