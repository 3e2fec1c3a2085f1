import { newCommentSchema, pageCommentParams, pageIdParams } from '@giving/shared/contracts/fundraising';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/comments';
import { actorOf, fundraisingRoute } from '../http';

/** GET /fundraising/pages/{pageId}/comments */
export const list = fundraisingRoute({ params: pageIdParams }, async ({ params }) => ok(await use.listComments(deps(), params.pageId)));

/** POST /fundraising/pages/{pageId}/comments (201) */
export const add = fundraisingRoute({ params: pageIdParams, body: newCommentSchema }, async (request) =>
  created(await use.addComment(deps(), await actorOf(request), request.params.pageId, request.body.text)),
);

/** DELETE /fundraising/pages/{pageId}/comments/{commentId} (204) */
export const remove = fundraisingRoute({ params: pageCommentParams }, async (request) => {
  await use.removeComment(deps(), await actorOf(request), request.params.pageId, request.params.commentId);
  return noContent();
});
