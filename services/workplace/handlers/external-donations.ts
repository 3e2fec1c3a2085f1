import * as z from 'zod/mini';
import { EXTERNAL_DONATION_STATUSES, externalDonationDecisionSchema, externalDonationInputSchema, externalDonationParams, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { pathParameters } from '@giving/shared/contracts/path-parameters';
import { DomainError } from '@giving/shared/errors';
import { callerName, created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/external-donations';
import { workplaceRoute } from '../http';

/** External donations: members record gifts made elsewhere; the workplace approves them for matching. */

const myExternalDonationParams = pathParameters('externalDonationId');

const memberOf = (caller: { userId: string; email?: string } | undefined) => {
  if (!caller) throw new DomainError('Unauthorized');
  return { id: caller.userId, email: caller.email ?? '' };
};

/** POST /workplace/me/external-donations (Idempotency-Key) */
export const record = workplaceRoute({ body: externalDonationInputSchema, idempotencyKey: 'required' }, async ({ body, caller, idempotencyKey }) =>
  created(await use.recordExternalDonation(deps(), memberOf(caller), body, idempotencyKey as string)),
);

/** GET /workplace/me/external-donations */
export const mine = workplaceRoute({}, async ({ caller }) => ok(await use.listMemberExternalDonations(deps(), memberOf(caller).id)));

/** GET /workplace/{workplaceId}/external-donations[?status=Pending] */
export const list = workplaceRoute({ params: workplaceParams, query: z.object({ status: z.optional(z.enum(EXTERNAL_DONATION_STATUSES, { error: 'Use Pending, Approved or Declined.' })) }) }, async ({ params, query }) =>
  ok(await use.listWorkplaceExternalDonations(deps(), params.workplaceId, query.status)),
);

/** POST /workplace/{workplaceId}/external-donations/{externalDonationId}/decision */
export const decide = workplaceRoute({ params: externalDonationParams, body: externalDonationDecisionSchema }, async ({ params, body, caller }) =>
  ok(await use.decideExternalDonation(deps(), params.workplaceId, params.externalDonationId, body, callerName(caller))),
);

const fileAnswer = (file: { fileName: string; contentType: string; bytes: Uint8Array }) => ({
  status: 200,
  bytes: file.bytes,
  headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '')}"`, 'cache-control': 'private, no-store' },
});

/** GET /workplace/{workplaceId}/external-donations/{externalDonationId}/receipt */
export const receipt = workplaceRoute({ params: externalDonationParams }, async ({ params }) =>
  fileAnswer(await use.externalDonationReceipt(deps(), params.workplaceId, params.externalDonationId)),
);

/** GET /workplace/me/external-donations/{externalDonationId}/receipt — the member's own. */
export const myReceipt = workplaceRoute({ params: myExternalDonationParams }, async ({ params, caller }) =>
  fileAnswer(await use.memberExternalDonationReceipt(deps(), memberOf(caller).id, params.externalDonationId)),
);
