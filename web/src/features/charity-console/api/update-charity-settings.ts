import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { UpdateCharitySettings } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { charitySettingsQueryOptions } from '../../../lib/charity-settings';

/** PUT /api/accounts/charity/{charityId}/settings — proposes profile changes; they go live when the back office approves them. */
export const updateCharitySettings = ({ charityId, settings }: { charityId: string; settings: UpdateCharitySettings }): Promise<unknown> =>
  api.put(`/accounts/charity/${encodeURIComponent(charityId)}/settings`, settings, z.unknown());

export function useUpdateCharitySettings(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdateCharitySettings) => updateCharitySettings({ charityId, settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charitySettingsQueryOptions(charityId).queryKey }),
  });
}
