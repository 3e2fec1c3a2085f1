import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { membershipListSchema, membershipSchema, type Membership } from '@giving/shared/contracts/memberships';
import { API_BASE, api, fetchJson } from '../../../lib/api-client';
import { MEMBERSHIPS_KEY, myMembershipsKey } from './keys';

/** GET /api/memberships/me — the signed-in member's memberships, with their status. */
export const getMyMemberships = ({ signal }: { signal?: AbortSignal } = {}) => api.get('/memberships/me', membershipListSchema, { signal });

export const myMembershipsQueryOptions = () => queryOptions({ queryKey: myMembershipsKey, queryFn: ({ signal }) => getMyMemberships({ signal }) });

export const useMyMemberships = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...myMembershipsQueryOptions(), enabled });

/**
 * DELETE /api/memberships/me/{membershipId} — no renewal; it lasts until its paid period ends. The answer is the
 * cancelled membership, or nothing (204): either will do, the list is read again.
 */
export const cancelMembership = (membershipId: string): Promise<Membership | undefined> =>
  fetchJson(`${API_BASE}/memberships/me/${encodeURIComponent(membershipId)}`, { method: 'DELETE', schema: z.optional(membershipSchema) });

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) => cancelMembership(membershipId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_KEY }),
  });
}
