import { accountsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { inviteCharityMemberSchema, invitationParams, inviteWorkplaceMemberSchema, tenantParams } from '@giving/shared/contracts/accounts';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import type { TenantRef } from '@giving/shared/permissions';
import * as use from '../domain/invitations';
import { invitations, mailer, mailTemplates, members, memberships, signedInMember, siteUrl, tenants } from '../adapters/people';

const stores = () => ({ invitations: invitations(), clock: systemClock });
const inviteDeps = (log: use.InviteDeps['log']): use.InviteDeps => ({
  ...stores(),
  tenants: tenants(),
  members: members(),
  memberships: memberships(),
  templates: mailTemplates(),
  mailer: mailer(),
  siteUrl: siteUrl(),
  log,
});
const charity = (id: string): TenantRef => ({ kind: 'charity', id });
const workplace = (id: string): TenantRef => ({ kind: 'workplace', id });

/** GET /accounts/me/invitations — open invitations addressed to the caller's e-mail. */
export const listMine = accountsRoute({}, async ({ caller }) => ok(await use.listMine(stores(), signedInMember(caller))));

/** POST /accounts/invitations/{invitationId}/accept — only the invitee; idempotent. */
export const accept = accountsRoute({ params: invitationParams }, async ({ caller, params }) =>
  ok(await use.accept({ ...stores(), tenants: tenants(), members: members() }, params.invitationId, signedInMember(caller))),
);

/** GET /accounts/charity/{charityId}/invitations */
export const listForCharity = accountsRoute({ params: tenantParams.charity }, async ({ params }) => ok(await use.listForTenant(stores(), charity(params.charityId))));

/** POST /accounts/charity/{charityId}/invitations — invites and e-mails a person. */
export const inviteToCharity = accountsRoute({ params: tenantParams.charity, body: inviteCharityMemberSchema }, async ({ params, body, caller, log }) =>
  created(await use.invite(inviteDeps(log), charity(params.charityId), body, signedInMember(caller))),
);

/** DELETE /accounts/charity/{charityId}/invitations/{invitationId} */
export const revokeForCharity = accountsRoute({ params: tenantParams.charityInvitation }, async ({ params }) => {
  await use.revoke(stores(), charity(params.charityId), params.invitationId);
  return noContent();
});

/** GET /accounts/workplace/{workplaceId}/invitations */
export const listForWorkplace = accountsRoute({ params: tenantParams.workplace }, async ({ params }) =>
  ok(await use.listForTenant(stores(), workplace(params.workplaceId))),
);

/** POST /accounts/workplace/{workplaceId}/invitations — invites and e-mails a person to a corporate role. */
export const inviteToWorkplace = accountsRoute({ params: tenantParams.workplace, body: inviteWorkplaceMemberSchema }, async ({ params, body, caller, log }) =>
  created(await use.invite(inviteDeps(log), workplace(params.workplaceId), body, signedInMember(caller))),
);

/** DELETE /accounts/workplace/{workplaceId}/invitations/{invitationId} */
export const revokeForWorkplace = accountsRoute({ params: tenantParams.workplaceInvitation }, async ({ params }) => {
  await use.revoke(stores(), workplace(params.workplaceId), params.invitationId);
  return noContent();
});
