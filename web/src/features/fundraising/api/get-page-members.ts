import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { memberListSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageTeamKey, segment } from './keys';

export type MemberList = z.infer<typeof memberListSchema>;

/** GET /api/fundraising/pages/{pageId}/members — the page's members and their roles. */
export const getPageMembers = ({ pageId, signal }: { pageId: string; signal?: AbortSignal }): Promise<MemberList> =>
  api.get(`/fundraising/pages/${segment(pageId)}/members`, memberListSchema, { signal });

export const pageMembersQueryOptions = (pageId: string) =>
  queryOptions({ queryKey: [...pageTeamKey(pageId), 'members'], queryFn: ({ signal }) => getPageMembers({ pageId, signal }) });

export const usePageMembers = (pageId: string) => useQuery(pageMembersQueryOptions(pageId));
