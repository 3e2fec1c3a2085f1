import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { denyContentSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { backOfficeDashboardQueryOptions } from './get-back-office-dashboard';
import { CONTENT_KEY } from './get-content';

export type DenyContent = z.output<typeof denyContentSchema>;

/** POST /api/accounts/backoffice/content/{contentId}/approve — the proposed change goes live. */
export const approveContent = ({ contentId }: { contentId: string }): Promise<unknown> =>
  api.post(`/accounts/backoffice/content/${encodeURIComponent(contentId)}/approve`, undefined, z.unknown());

/** POST /api/accounts/backoffice/content/{contentId}/deny — refuses the proposed change, with a reason for the charity. */
export const denyContent = ({ contentId, reason }: { contentId: string } & DenyContent): Promise<unknown> =>
  api.post(`/accounts/backoffice/content/${encodeURIComponent(contentId)}/deny`, { reason }, z.unknown());

/** A decision moves the item between the Proposed, Live and Denied lists, so all three are refreshed. */
function useRefreshContent() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
      queryClient.invalidateQueries({ queryKey: backOfficeDashboardQueryOptions().queryKey }),
    ]);
}

export function useApproveContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: (contentId: string) => approveContent({ contentId }), onSuccess: refresh });
}

export function useDenyContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: denyContent, onSuccess: refresh });
}
