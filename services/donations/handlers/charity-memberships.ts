import { systemClock } from '@giving/shared/clock';
import {
  charityMembershipParams,
  charityPlanParams,
  charityUrlParams,
  joinMembershipSchema,
  manualMemberSchema,
  memberExportParams,
  membersQuerySchema,
  membershipParams,
  membershipPlanInputSchema,
} from '@giving/shared/contracts/memberships';
import { DomainError } from '@giving/shared/errors';
import { MembershipPaid } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { accepted, created, csvFile, ok, type HttpRequest, type HttpResult } from '@giving/shared/lambda/http';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import * as use from '../domain/charity-memberships';
import * as membersFiles from '../domain/member-exports';
import { charities, charityMemberships, mailer, memberExportFiles, memberExports, payments, savedCards, siteUrl } from '../adapters';
import { donationsRoute } from '../http';

const deps = () => ({ store: charityMemberships(), charities: charities(), clock: systemClock });
const callerOf = ({ caller }: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>) => {
  if (!caller) throw new DomainError('Unauthorized');
  return caller;
};

/** GET /memberships/charities/{charityUrl}/plans — the charity page's plans (active ones, cheapest first). */
export const publicPlans = donationsRoute({ params: charityUrlParams }, async ({ params }) => ok(await use.publicPlans(deps(), params.charityUrl)));

/** GET /memberships/charity/{charityId}/plans — every plan of the charity (its console). */
export const plans = donationsRoute({ params: charityMembershipParams }, async ({ params }) => ok(await use.charityPlans(deps(), params.charityId)));

/** POST /memberships/charity/{charityId}/plans — a new plan (201). */
export const createPlan = donationsRoute({ params: charityMembershipParams, body: membershipPlanInputSchema }, async ({ params, body }) =>
  created(await use.createPlan(deps(), params.charityId, body)),
);

/** PUT /memberships/charity/{charityId}/plans/{planId} — changes a plan (members already paid keep what they paid). */
export const updatePlan = donationsRoute({ params: charityPlanParams, body: membershipPlanInputSchema }, async ({ params, body }) =>
  ok(await use.updatePlan(deps(), params.charityId, params.planId, body)),
);

/** GET /memberships/charity/{charityId}/members?q=&status=&cursor= — the charity's members, newest first. */
export const members = donationsRoute({ params: charityMembershipParams, query: membersQuerySchema }, async ({ params, query }) =>
  ok(await use.charityMembers(deps(), params.charityId, query)),
);

/** POST /memberships/charity/{charityId}/members (Idempotency-Key) — a member who paid elsewhere (201; a retry 200). */
export const addMember = donationsRoute({ params: charityMembershipParams, body: manualMemberSchema, idempotencyKey: 'required' }, async ({ params, body, idempotencyKey }) => {
  const result = await use.addManualMember(deps(), params.charityId, body, `${params.charityId}#${idempotencyKey as string}`);
  return result.created ? created(result.membership) : ok(result.membership);
});

/** POST /memberships/charity/{charityId}/members/exports — "Download CSV": 202 + the export a job is preparing. */
export const requestMembersExport = donationsRoute({ params: charityMembershipParams }, async ({ params }) =>
  accepted({ export: await membersFiles.requestMembersExport({ exports: memberExports(), charities: charities(), clock: systemClock }, params.charityId) }),
);

/** GET /memberships/charity/{charityId}/members/exports/{exportId} — Preparing (members so far), Ready or Failed. */
export const membersExport = donationsRoute({ params: memberExportParams }, async ({ params }) =>
  ok({ export: await membersFiles.getMembersExport({ exports: memberExports(), clock: systemClock }, params.charityId, params.exportId) }),
);

/** GET /memberships/charity/{charityId}/members/exports/{exportId}/download — the CSV, or a 303 to it when large. */
export const downloadMembersExport = donationsRoute({ params: memberExportParams }, async ({ params }): Promise<HttpResult> => {
  const file = await membersFiles.downloadMembersExport({ exports: memberExports(), files: memberExportFiles(), clock: systemClock }, params.charityId, params.exportId);
  if (file.kind === 'redirect') return { status: 303, headers: { location: file.url, 'cache-control': 'no-store' } };
  const answer = csvFile(file.fileName, file.text);
  return { ...answer, headers: { ...answer.headers, 'cache-control': 'private, no-store' } };
});

/** POST /memberships/me/join (Idempotency-Key) — 202 + the payment's tracking number; the workflow makes the membership. */
export const join = donationsRoute({ body: joinMembershipSchema, idempotencyKey: 'required' }, async (request) => {
  const caller = callerOf(request);
  const joiner = { memberId: caller.userId, email: caller.email ?? '', firstName: String(caller.claims.given_name ?? ''), lastName: String(caller.claims.family_name ?? '') };
  return accepted(
    await use.joinMembership({ ...deps(), payments: payments(), cards: savedCards() }, joiner, request.body, request.idempotencyKey as string, request.sourceIp),
  );
});

/** GET /memberships/me — the member's memberships with their status. */
export const mine = donationsRoute({}, async (request) => ok(await use.myMemberships(deps(), callerOf(request).userId)));

/** DELETE /memberships/me/{membershipId} — cancels it (no renewal; it stays theirs until its paid period ends). */
export const cancel = donationsRoute({ params: membershipParams }, async (request) =>
  ok(await use.cancelMyMembership(deps(), callerOf(request).userId, request.params.membershipId)),
);

/** MembershipPaid -> the member's welcome or renewal e-mail with the receipt, once per payment. */
export const receipt = queueConsumer(
  {
    events: [MembershipPaid],
    idempotency: { scope: 'send-membership-receipt', store: () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) }) },
  },
  async ({ data }) => use.sendMembershipReceipt({ mailer: mailer(), siteUrl: siteUrl() }, data),
);
