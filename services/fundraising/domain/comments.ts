import { DomainError } from '@giving/shared/errors';
import { isAdministrator } from '@giving/shared/permissions';
import { MANAGING_ROLES, isCharityFundraisingStaff, pageOr404 } from './access';
import type { Actor, FundraisingDeps, StoredComment } from './ports';

const view = ({ id, pageId, author, text, createdOn }: StoredComment) => ({ id, pageId, author, text, createdOn });

/** GET /fundraising/pages/{pageId}/comments: newest first. */
export async function listComments(deps: FundraisingDeps, pageId: string) {
  await pageOr404(deps, pageId);
  return { items: (await deps.store.comments(pageId)).map(view) };
}

/** POST /fundraising/pages/{pageId}/comments: any signed-in member, on a page that is not offline (201). */
export async function addComment(deps: FundraisingDeps, actor: Actor, pageId: string, text: string) {
  const page = await pageOr404(deps, pageId);
  if (!page.isOnline || !page.eventOnline) throw new DomainError('Conflict', 'This fundraising page is offline and is not taking comments.');
  const comment: StoredComment = { id: deps.newId(), pageId, author: { memberId: actor.memberId, name: actor.name }, text, createdOn: deps.clock.now().toISOString() };
  await deps.store.addComment(comment);
  return view(comment);
}

/** DELETE .../comments/{commentId}: its author, the page's Owner and Admins, its charity's fundraising staff, or an administrator. */
export async function removeComment(deps: FundraisingDeps, actor: Actor, pageId: string, commentId: string): Promise<void> {
  const page = await pageOr404(deps, pageId);
  const comment = await deps.store.getComment(pageId, commentId);
  if (!comment) throw new DomainError('NotFound', 'That comment was not found.');
  const allowed =
    comment.author.memberId === actor.memberId ||
    isAdministrator(actor.groups) ||
    MANAGING_ROLES.includes((await deps.store.membership({ kind: 'page', id: pageId }, actor.memberId))?.role ?? 'Member') ||
    (await isCharityFundraisingStaff(deps, page.charity.id, actor));
  if (!allowed) throw new DomainError('Forbidden', "Only the comment's author, the page's owner or admins, or its charity can remove it.");
  await deps.store.removeComment(pageId, commentId);
}
