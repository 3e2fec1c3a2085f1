import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { badgesQueryOptions } from './get-badges';

/** DELETE /api/accounts/backoffice/badges/{badgeId} — retires a badge definition (badges already awarded stay). */
export const deleteBadge = ({ badgeId }: { badgeId: string }): Promise<void> => api.delete(`/accounts/backoffice/badges/${encodeURIComponent(badgeId)}`);

export function useDeleteBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (badgeId: string) => deleteBadge({ badgeId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgesQueryOptions().queryKey }),
  });
}
