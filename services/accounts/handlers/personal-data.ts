import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { systemClock } from '@giving/shared/clock';
import { accountDeletionRequestSchema } from '@giving/shared/contracts/personal-data';
import { PATH_PARAMETERS } from '@giving/shared/contracts/path-parameters';
import { ALL_PERSONAL_DATA_ERASED, ALL_PERSONAL_DATA_GATHERED } from '@giving/shared/events/privacy';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { accepted, ok, type HttpResult } from '@giving/shared/lambda/http';
import { personalDataEraser, personalDataGatherer, personalDataStore } from '@giving/shared/lambda/personal-data';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { newId } from '@giving/shared/ids';
import * as z from 'zod/mini';
import { accountsRoute } from '../http';
import { accountsTable, events } from '../adapters';
import { cognitoUserDirectory } from '../adapters/cognito-users';
import { dynamoPersonalDataStore } from '../adapters/dynamo-personal-data';
import { mailer, mailTemplates, members, memberships, signedInMember, siteUrl } from '../adapters/people';
import { profileFromToken } from '../domain/people';
import * as use from '../domain/personal-data';

/** A member's own data (issue 17 item 7): the routes, and accounts' subscriptions for the export and the erasure. */

let store: ReturnType<typeof dynamoPersonalDataStore> | undefined;
const privacy = () => (store ??= dynamoPersonalDataStore(documentClient(), accountsTable()));
let users: ReturnType<typeof cognitoUserDirectory> | undefined;
const userDirectory = () => (users ??= cognitoUserDirectory(new CognitoIdentityProviderClient({}), requireEnv(ENV.userPoolId)));

/** POST /accounts/me/data-exports */
export const requestExport = accountsRoute({}, async ({ caller }) =>
  accepted({ export: await use.requestExport({ store: privacy(), members: members(), events: events(), clock: systemClock, newId: () => newId() }, signedInMember(caller), profileFromToken) }),
);

/** GET /accounts/me/data-exports */
export const listExports = accountsRoute({}, async ({ caller }) => ok(await use.listExports({ store: privacy(), clock: systemClock }, signedInMember(caller).memberId)));

/** GET /accounts/me/data-exports/{exportId}/download: the .zip itself, or (over 4 MB) a 303 to a 5-minute signed address. */
export const downloadExport = accountsRoute({ params: z.object({ exportId: PATH_PARAMETERS.exportId }) }, async ({ caller, params }): Promise<HttpResult> => {
  const file = await use.downloadExport({ store: privacy(), files: personalDataStore(), clock: systemClock }, signedInMember(caller).memberId, params.exportId);
  if (file.kind === 'redirect') return { status: 303, headers: { location: file.url, 'cache-control': 'no-store' } };
  return {
    status: 200,
    bytes: file.bytes,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${file.fileName}"`, 'cache-control': 'private, no-store' },
  };
});

/** POST /accounts/me/deletion {email} */
export const requestDeletion = accountsRoute({ body: accountDeletionRequestSchema }, async ({ caller, body, log }) => {
  const member = signedInMember(caller);
  const { deletion } = await use.requestDeletion(
    { store: privacy(), members: members(), events: events(), users: userDirectory(), mailer: mailer(), templates: mailTemplates(), clock: systemClock, newId: () => newId(), log },
    { ...member, username: caller?.claims['cognito:username'] ?? member.memberId },
    body,
    profileFromToken,
  );
  return accepted({ deletion });
});

/** GET /accounts/backoffice/members/{memberId}/audit[?cursor=] */
export const auditTrail = accountsRoute(
  { params: z.object({ memberId: PATH_PARAMETERS.memberId }), query: z.object({ cursor: z.optional(z.string().check(z.maxLength(500))) }) },
  async ({ params, query }) => ok(await use.auditTrail({ store: privacy() }, params.memberId, query.cursor)),
);

/** PersonalDataExportRequested -> accounts' own part. */
export const gather = personalDataGatherer('accounts', (member) => privacy().collectOwn(member.memberId, member.email));

/** MemberErasureRequested -> accounts' own erasure: memberships, invitations, badges, exports; the profile becomes a tombstone. */
export const erase = personalDataEraser('accounts', (member) =>
  privacy().eraseOwn(member.memberId, member.email, systemClock.now().toISOString(), (tenant, memberId) =>
    tenant.kind === 'charity' ? memberships().removeCharityMember(tenant.id, memberId) : memberships().removeWorkplaceMember(tenant.id, memberId),
  ),
);

/** PersonalDataGathered (every service) -> counted; the last part puts the archive together and e-mails the member. */
export const assemble = queueConsumer({ events: ALL_PERSONAL_DATA_GATHERED }, async ({ data }, { log }) => {
  const outcome = await use.recordExportPart(
    { store: privacy(), files: personalDataStore(), mailer: mailer(), templates: mailTemplates(), members: members(), clock: systemClock, siteUrl: siteUrl(), log },
    data,
  );
  log.info('data export part recorded', { exportId: data.exportId, service: data.service, outcome });
});

/** PersonalDataErased (every service) -> recorded; the last one marks the account deleted. */
export const recordErased = queueConsumer({ events: ALL_PERSONAL_DATA_ERASED }, async ({ data }, { log }) => {
  const outcome = await use.recordErasedPart({ store: privacy(), clock: systemClock }, data);
  log.info('erasure part recorded', { memberId: data.memberId, service: data.service, outcome });
});
