import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pageSummarySchema, type PageInput, type PageSummary } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey } from './keys';

/** POST /api/fundraising/pages — a page within a multi-page event (201); the caller is its Owner. */
export const createPage = ({ page }: { page: PageInput }): Promise<PageSummary> => api.post('/fundraising/pages', page, pageSummarySchema);

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: PageInput) => createPage({ page }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
