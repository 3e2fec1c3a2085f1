import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { membershipListSchema, membershipSchema, type ManualMember, type MembersQuery, type Membership } from '@giving/shared/contracts/memberships';
import { api } from '../../../lib/api-client';
import { charityMembershipKey } from './keys';

const membersPath = (charityId: string) => `/memberships/charity/${encodeURIComponent(charityId)}/members`;

/** '?q=&status=&cursor=' with the blank ones left out. */
export function membersSearch({ q, status, cursor }: MembersQuery): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export type MembersFilter = Omit<MembersQuery, 'cursor'>;

/** GET /api/memberships/charity/{charityId}/members?q=&status=&cursor= — a page of the charity's members. */
export const getCharityMembers = ({ charityId, filter, cursor, signal }: { charityId: string; filter: MembersFilter; cursor?: string; signal?: AbortSignal }) =>
  api.get(`${membersPath(charityId)}${membersSearch({ ...filter, cursor })}`, membershipListSchema, { signal });

export const charityMembersQueryOptions = (charityId: string, filter: MembersFilter) =>
  infiniteQueryOptions({
    queryKey: [...charityMembershipKey(charityId), 'members', filter],
    queryFn: ({ pageParam, signal }) => getCharityMembers({ charityId, filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useCharityMembers = (charityId: string, filter: MembersFilter) => useInfiniteQuery(charityMembersQueryOptions(charityId, filter));

/** POST /api/memberships/charity/{charityId}/members — a member who paid elsewhere; the key makes a resubmit add them once. */
export const addManualMember = ({ charityId, member, idempotencyKey }: { charityId: string; member: ManualMember; idempotencyKey: string }): Promise<Membership> =>
  api.post(membersPath(charityId), member, membershipSchema, { headers: { 'idempotency-key': idempotencyKey } });

export function useAddManualMember(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { member: ManualMember; idempotencyKey: string }) => addManualMember({ charityId, ...variables }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityMembershipKey(charityId) }),
  });
}
