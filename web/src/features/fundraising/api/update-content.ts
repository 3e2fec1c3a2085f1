import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { PageUpdate } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey, teamPath, type Team } from './keys';

/** PATCH /api/fundraising/{events|pages}/{id} — an event's or a page's title, story, target, end date or picture (the same fields). */
export const updateContent = ({ team, change }: { team: Team; change: PageUpdate }): Promise<unknown> => api.patch(teamPath(team), change, z.unknown());

export function useUpdateContent(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PageUpdate) => updateContent({ team, change }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
