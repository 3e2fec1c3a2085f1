import { auditActor } from './caller-id';
import { accountsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { tenantParams, updateWorkplaceMemberSchema, updateWorkplaceSettingsSchema } from '@giving/shared/contracts/accounts';
import { noContent, ok } from '@giving/shared/lambda/http';
import * as use from '../domain/workplace-console';
import { memberships, tenants, workplaces } from '../adapters/people';

/** GET /accounts/workplace/{workplaceId}/settings — the workplace and its business units. */
export const getSettings = accountsRoute({ params: tenantParams.workplace }, async ({ params }) =>
  ok(await use.getSettings({ workplaces: workplaces() }, params.workplaceId)),
);

/** PUT /accounts/workplace/{workplaceId}/settings — the name and business units. */
export const updateSettings = accountsRoute({ params: tenantParams.workplace, body: updateWorkplaceSettingsSchema }, async ({ params, body }) =>
  ok(await use.updateSettings({ workplaces: workplaces(), clock: systemClock }, params.workplaceId, body)),
);

/** GET /accounts/workplace/{workplaceId}/members */
export const listMembers = accountsRoute({ params: tenantParams.workplace }, async ({ params }) =>
  ok(await use.listMembers({ memberships: memberships() }, params.workplaceId)),
);

/** PATCH /accounts/workplace/{workplaceId}/members/{memberId} — roles, employment type, business unit. */
export const updateMember = accountsRoute({ params: tenantParams.workplaceMember, body: updateWorkplaceMemberSchema }, async ({ params, body, caller }) =>
  ok(await use.updateMember({ memberships: memberships(), workplaces: workplaces() }, params.workplaceId, params.memberId, body, auditActor(caller))),
);

/** DELETE /accounts/workplace/{workplaceId}/members/{memberId} — never the last administrator. */
export const removeMember = accountsRoute({ params: tenantParams.workplaceMember }, async ({ params, caller }) => {
  await use.removeMember({ memberships: memberships() }, params.workplaceId, params.memberId, auditActor(caller));
  return noContent();
});

/** GET /accounts/workplace/{workplaceId}/charities */
export const listCharities = accountsRoute({ params: tenantParams.workplace }, async ({ params }) =>
  ok(await use.listCharities({ workplaces: workplaces() }, params.workplaceId)),
);

/** PUT /accounts/workplace/{workplaceId}/charities/{charityId} — idempotent. */
export const addCharity = accountsRoute({ params: tenantParams.workplaceCharity }, async ({ params }) =>
  ok(await use.addCharity({ workplaces: workplaces(), tenants: tenants(), clock: systemClock }, params.workplaceId, params.charityId)),
);

/** DELETE /accounts/workplace/{workplaceId}/charities/{charityId} — 204 even when it was not there. */
export const removeCharity = accountsRoute({ params: tenantParams.workplaceCharity }, async ({ params }) => {
  await use.removeCharity({ workplaces: workplaces() }, params.workplaceId, params.charityId);
  return noContent();
});
