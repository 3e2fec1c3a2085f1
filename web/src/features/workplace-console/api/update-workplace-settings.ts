import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { updateWorkplaceSettingsSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { workplaceQueryOptions } from './get-workplace';
import { workplaceMembersQueryOptions } from './get-workplace-members';

export type UpdateWorkplaceSettings = z.output<typeof updateWorkplaceSettingsSchema>;

/** PUT /api/accounts/workplace/{workplaceId}/settings — renames the workplace and edits its business units (units without an id are new). */
export const updateWorkplaceSettings = ({ workplaceId, settings }: { workplaceId: string; settings: UpdateWorkplaceSettings }): Promise<unknown> =>
  api.put(`/accounts/workplace/${encodeURIComponent(workplaceId)}/settings`, settings, z.unknown());

export function useUpdateWorkplaceSettings(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdateWorkplaceSettings) => updateWorkplaceSettings({ workplaceId, settings }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workplaceQueryOptions(workplaceId).queryKey }),
        // A removed business unit leaves its members without one.
        queryClient.invalidateQueries({ queryKey: workplaceMembersQueryOptions(workplaceId).queryKey }),
      ]),
  });
}
