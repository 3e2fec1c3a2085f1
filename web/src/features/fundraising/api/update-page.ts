import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { PageUpdate } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/pages/{pageId} — a page's title, story, target, end date or picture. */
export const updatePage = ({ pageId, change }: { pageId: string; change: PageUpdate }): Promise<unknown> =>
  api.patch(`/fundraising/pages/${segment(pageId)}`, change, z.unknown());

export function useUpdatePage(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PageUpdate) => updatePage({ pageId, change }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
