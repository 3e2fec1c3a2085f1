import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema, type FundraisingComment } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { commentsQueryOptions } from './get-comments';
import { segment } from './keys';

/** POST /api/fundraising/pages/{pageId}/comments — adds the member's comment (201). */
export const addComment = ({ pageId, text }: { pageId: string; text: string }): Promise<FundraisingComment> =>
  api.post(`/fundraising/pages/${segment(pageId)}/comments`, { text }, commentSchema);

export function useAddComment(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment({ pageId, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(pageId).queryKey }),
  });
}
