import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { SecuritySettings } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { securitySettingsQueryOptions } from './get-security-settings';

export type UpdateSecuritySettings = Omit<SecuritySettings, 'updatedAt'>;

/** PUT /api/accounts/backoffice/security — changes the security settings. */
export const updateSecuritySettings = (settings: UpdateSecuritySettings): Promise<unknown> => api.put('/accounts/backoffice/security', settings, z.unknown());

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securitySettingsQueryOptions().queryKey }),
  });
}
