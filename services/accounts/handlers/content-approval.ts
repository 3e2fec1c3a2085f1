import { contentIdParams, contentQuerySchema, denyContentSchema } from '@giving/shared/contracts/accounts';
import { systemClock } from '@giving/shared/clock';
import type { Caller } from '@giving/shared/lambda/http';
import { ok } from '@giving/shared/lambda/http';
import { accountsRoute } from '../http';
import { approveContent, denyContent, listContent as listContentUseCase, type Decider } from '../domain/content-approval';
import { callerName } from '../domain/people';
import { content } from '../adapters/site';
import { members, signedInMember } from '../adapters/people';

/** The deciding administrator, named from their member record (the back office shows names, not ids). */
async function decider(caller: Caller | undefined): Promise<Decider> {
  const member = signedInMember(caller);
  return { memberId: member.memberId, name: await callerName(members(), member) };
}

/** GET /accounts/backoffice/content?status=Proposed — content by status, newest first. */
export const listContent = accountsRoute({ query: contentQuerySchema }, async ({ query }) =>
  ok(await listContentUseCase({ content: content() }, query.status)),
);

/** POST /accounts/backoffice/content/{contentId}/approve — the proposed change goes live; 409 once decided. */
export const approve = accountsRoute({ params: contentIdParams }, async ({ params, caller }) =>
  ok(await approveContent({ content: content(), clock: systemClock }, params.contentId, await decider(caller))),
);

/** POST /accounts/backoffice/content/{contentId}/deny — denies the proposed change with a reason; 409 once decided. */
export const deny = accountsRoute({ params: contentIdParams, body: denyContentSchema }, async ({ params, body, caller }) =>
  ok(await denyContent({ content: content(), clock: systemClock }, params.contentId, await decider(caller), body.reason)),
);
