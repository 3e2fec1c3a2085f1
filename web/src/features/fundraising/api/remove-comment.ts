import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentsQueryOptions } from './get-comments';
import { segment } from './keys';

/** DELETE /api/fundraising/pages/{pageId}/comments/{commentId} — its author, the page's managers or the charity remove it (204). */
export const removeComment = ({ pageId, commentId }: { pageId: string; commentId: string }): Promise<void> =>
  api.delete(`/fundraising/pages/${segment(pageId)}/comments/${segment(commentId)}`);

export function useRemoveComment(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => removeComment({ pageId, commentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(pageId).queryKey }),
  });
}
