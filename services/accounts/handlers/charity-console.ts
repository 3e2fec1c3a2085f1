import { auditActor } from './caller-id';
import { accountsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { tenantParams, updateCharitySettingsSchema } from '@giving/shared/contracts/accounts';
import { noContent, ok } from '@giving/shared/lambda/http';
import * as use from '../domain/charity-console';
import { charitySettings, members, memberships, signedInMember, tenants } from '../adapters/people';

/** GET /accounts/charity/{charityId}/members */
export const listMembers = accountsRoute({ params: tenantParams.charity }, async ({ params }) =>
  ok(await use.listMembers({ memberships: memberships() }, params.charityId)),
);

/** DELETE /accounts/charity/{charityId}/members/{memberId} — never the last administrator. */
export const removeMember = accountsRoute({ params: tenantParams.charityMember }, async ({ params, caller }) => {
  await use.removeMember({ memberships: memberships() }, params.charityId, params.memberId, auditActor(caller));
  return noContent();
});

/** GET /accounts/charity/{charityId}/settings — the profile and any change waiting for approval. */
export const getSettings = accountsRoute({ params: tenantParams.charity }, async ({ params }) =>
  ok(await use.getSettings({ tenants: tenants(), settings: charitySettings() }, params.charityId)),
);

/** PUT /accounts/charity/{charityId}/settings — proposes changes for the back office to approve. */
export const updateSettings = accountsRoute({ params: tenantParams.charity, body: updateCharitySettingsSchema }, async ({ params, body, caller }) =>
  ok(await use.updateSettings({ tenants: tenants(), settings: charitySettings(), members: members(), clock: systemClock }, params.charityId, body, signedInMember(caller))),
);
