import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { JoinMembership } from '@giving/shared/contracts/memberships';
import { api } from '../../../lib/api-client';
import { MEMBERSHIPS_KEY } from './keys';

/** 202: the payment was accepted; its status is polled by tracking number like a donation's. */
const joinAcceptedSchema = z.object({ trackingNumber: z.string() });

/** POST /api/memberships/me/join {planId, card} — the same key resends the same join (a lost answer pays once). */
export const joinMembership = ({ join, idempotencyKey }: { join: JoinMembership; idempotencyKey: string }) =>
  api.post('/memberships/me/join', join, joinAcceptedSchema, { headers: { 'idempotency-key': idempotencyKey } });

export function useJoinMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinMembership,
    // The member's list changes once the payment completes; reading it again then is enough (see JoinMembershipDialog).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...MEMBERSHIPS_KEY, 'me'] }),
  });
}
