import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { Invitation } from '@giving/shared/contracts/accounts';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { keys } from '../adapters/keys';
import { aCaller, aCharity, aMember, aWorkplace, peopleStores, recordingMailer, silentLog, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import { accept, INVITATION_MESSAGES, invite, listForTenant, listMine, revoke, type InviteDeps } from './invitations';
import type { SignedInMember } from './people';

let stores: PeopleStores;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

const DAY = 24 * 60 * 60 * 1000;

function deps(overrides: Omit<Partial<InviteDeps>, 'mailer'> = {}, mailer = recordingMailer()) {
  const clock = fixedClock('2026-05-01T09:00:00.000Z');
  return { ...stores, clock, siteUrl: 'https://koha.example/', log: silentLog, ...overrides, mailer } satisfies InviteDeps;
}

async function charityWithAdmin() {
  const charity = await aCharity(stores);
  const admin = aCaller({ firstName: 'Sam', lastName: 'Tane' });
  const member = await aMember(stores, admin);
  await stores.memberships.join({ ...charity, kind: 'charity' }, { member, role: 'Charity.Admin' }, new Date());
  return { charity, admin, tenant: { kind: 'charity' as const, id: charity.id } };
}

const guard = async (invitation: Invitation) =>
  (
    await stores.client.send(
      new GetCommand({ TableName: stores.tableName, Key: keys.pendingInvitationGuard(invitation.tenant.kind, invitation.tenant.id, invitation.email), ConsistentRead: true }),
    )
  ).Item;

describe('invite', () => {
  it('stores a Pending invitation for 14 days and e-mails the invitee a link to their dashboard', async () => {
    const { charity, admin, tenant } = await charityWithAdmin();
    const d = deps();
    const invitation = await invite(d, tenant, { email: ' New.Person@Example.org ', role: 'Charity.Member' }, admin);
    expect(invitation).toMatchObject({
      tenant: { kind: 'charity', id: charity.id, name: charity.name },
      email: 'new.person@example.org',
      role: 'Charity.Member',
      status: 'Pending',
      invitedBy: admin.email,
      createdAt: '2026-05-01T09:00:00.000Z',
      expiresAt: '2026-05-15T09:00:00.000Z',
    });
    expect(d.mailer.sent).toHaveLength(1);
    const mail = d.mailer.sent[0]!;
    expect(mail.to).toBe('new.person@example.org');
    expect(mail.subject).toBe(`You are invited to join ${charity.name} on Koha`);
    expect(mail.text).toContain('Sam Tane has invited you to join');
    expect(mail.text).toContain('https://koha.example/admin/user/dashboard');
    expect(mail.text).toContain('15 May 2026');
    expect((await listForTenant(d, tenant)).items.map((i) => i.id)).toEqual([invitation.id]);
    expect((await listMine(d, { email: 'new.person@example.org' })).items.map((i) => i.id)).toEqual([invitation.id]);
  });

  it('names the inviter from their member record when the ID token carries no names (cognito-local’s never do)', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const d = deps();
    await invite(d, tenant, { email: 'named@example.org', role: 'Charity.Member' }, { ...admin, firstName: '', lastName: '' });
    expect(d.mailer.sent[0]!.text).toContain('Sam Tane has invited you to join');
    expect(d.mailer.sent[0]!.text).not.toContain(admin.email);
  });

  it('refuses a second pending invitation for the same address, even when two are sent at once', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const d = deps();
    const results = await Promise.allSettled([
      invite(d, tenant, { email: 'twice@example.org', role: 'Charity.Member' }, admin),
      invite(d, tenant, { email: 'twice@example.org', role: 'Charity.Admin' }, admin),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'Conflict', message: INVITATION_MESSAGES.alreadyPending });
    expect(d.mailer.sent).toHaveLength(1);
    // Another charity may invite the same person.
    const other = await charityWithAdmin();
    await expect(invite(d, other.tenant, { email: 'twice@example.org', role: 'Charity.Member' }, other.admin)).resolves.toMatchObject({ status: 'Pending' });
  });

  it('refuses to invite someone who already holds the role, but may invite them to another role', async () => {
    const { admin, tenant } = await charityWithAdmin();
    await expect(invite(deps(), tenant, { email: admin.email, role: 'Charity.Admin' }, admin)).rejects.toMatchObject({
      code: 'Conflict',
      message: INVITATION_MESSAGES.alreadyMember,
    });
    await expect(invite(deps(), tenant, { email: admin.email, role: 'Charity.Member' }, admin)).resolves.toMatchObject({ status: 'Pending' });
  });

  it('uses the template the back office saved', async () => {
    const { admin, tenant } = await charityWithAdmin();
    await stores.templates.put({ id: 'member-invitation', subject: 'Join {{tenantName}}', body: 'Hi! {{acceptUrl}}', updatedAt: '2026-01-01T00:00:00.000Z' });
    const d = deps();
    await invite(d, tenant, { email: 'templated@example.org', role: 'Charity.Member' }, admin);
    expect(d.mailer.sent[0]?.text).toBe('Hi! https://koha.example/admin/user/dashboard');
  });

  it('keeps no invitation when the e-mail cannot be sent, so the admin can simply try again', async () => {
    const { admin, tenant } = await charityWithAdmin();
    await expect(invite(deps({}, recordingMailer({ fail: true })), tenant, { email: 'unlucky@example.org', role: 'Charity.Member' }, admin)).rejects.toMatchObject({
      code: 'Unavailable',
    });
    expect((await listForTenant(deps(), tenant)).items).toEqual([]);
    await expect(invite(deps(), tenant, { email: 'unlucky@example.org', role: 'Charity.Member' }, admin)).resolves.toMatchObject({ status: 'Pending' });
  });

  it('answers 404 for a charity or workplace that does not exist', async () => {
    const admin = aCaller();
    await expect(invite(deps(), { kind: 'charity', id: 'no-such-charity' }, { email: 'a@example.org', role: 'Charity.Member' }, admin)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(invite(deps(), { kind: 'workplace', id: 'no-such-workplace' }, { email: 'a@example.org', role: 'WorkplaceGiver.Employee' }, admin)).rejects.toMatchObject({
      code: 'NotFound',
    });
  });
});

describe('accept', () => {
  const invitee = (email: string): SignedInMember => aCaller({ email, firstName: 'Dana', lastName: 'Whitfield' });

  it('lets only the invitee accept; adds the membership with their names once, and accepting again answers the same', async () => {
    const { charity, admin, tenant } = await charityWithAdmin();
    const d = deps();
    const invitation = await invite(d, tenant, { email: 'dana@example.org', role: 'Charity.Member' }, admin);

    await expect(accept(d, invitation.id, aCaller({ email: 'someone.else@example.org' }))).rejects.toMatchObject({ code: 'Forbidden' });

    const dana = invitee('DANA@example.org');
    const first = await accept(d, invitation.id, dana);
    expect(first).toEqual({ ...invitation, status: 'Accepted' });
    expect(await accept(d, invitation.id, dana)).toEqual(first);
    expect(await stores.memberships.listCharityMembers(charity.id)).toContainEqual({
      memberId: dana.memberId,
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@example.org',
      roles: ['Charity.Member'],
      joinedAt: '2026-05-01T09:00:00.000Z',
    });
    expect(await stores.memberships.ofMember(dana.memberId)).toEqual([
      { kind: 'charity', tenantId: charity.id, tenantName: charity.name, tenantLogo: charity.logoImageUrl, roles: ['Charity.Member'] },
    ]);
    expect(await guard(invitation)).toBeUndefined();
    expect((await listMine(d, dana)).items).toEqual([]);
    // The address is free again: a new invitation (to another role) may be sent.
    await expect(invite(d, tenant, { email: 'dana@example.org', role: 'Charity.Admin' }, admin)).resolves.toMatchObject({ status: 'Pending' });
  });

  it('accepts once when the invitee accepts twice at the same time', async () => {
    const workplace = await aWorkplace(stores);
    const admin = aCaller();
    const tenant = { kind: 'workplace' as const, id: workplace.id };
    const invitation = await invite(deps(), tenant, { email: 'twice.accept@example.org', role: 'WorkplaceGiver.Employee' }, admin);
    const person = invitee('twice.accept@example.org');
    const results = await Promise.all([accept(deps(), invitation.id, person), accept(deps(), invitation.id, person)]);
    expect(results.map((r) => r.status)).toEqual(['Accepted', 'Accepted']);
    expect(await stores.memberships.listWorkplaceMembers(workplace.id)).toEqual([
      expect.objectContaining({ memberId: person.memberId, roles: ['WorkplaceGiver.Employee'], employmentType: 'Permanent' }),
    ]);
    expect((await stores.workplaces.get(workplace.id))?.memberCount).toBe(1);
  });

  it('adds the role to an existing membership', async () => {
    const workplace = await aWorkplace(stores);
    const person = invitee('promoted@example.org');
    const member = await aMember(stores, person);
    const tenant = { kind: 'workplace' as const, id: workplace.id };
    await stores.memberships.join({ ...workplace, kind: 'workplace' }, { member, role: 'WorkplaceGiver.Employee', employmentType: 'Casual' }, new Date());
    const invitation = await invite(deps(), tenant, { email: person.email, role: 'WorkplaceGiver.Admin' }, aCaller());
    await accept(deps(), invitation.id, person);
    expect(await stores.memberships.listWorkplaceMembers(workplace.id)).toEqual([
      expect.objectContaining({ roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'], employmentType: 'Casual' }),
    ]);
    expect(await stores.workplaces.get(workplace.id)).toMatchObject({ memberCount: 1 });
  });

  it('refuses an expired invitation, which then no longer blocks a new one', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const clock = fixedClock('2026-05-01T09:00:00.000Z');
    const d = deps({ clock });
    const invitation = await invite(d, tenant, { email: 'late@example.org', role: 'Charity.Member' }, admin);
    clock.advance(14 * DAY);
    await expect(accept(d, invitation.id, invitee('late@example.org'))).rejects.toMatchObject({ code: 'Conflict', message: INVITATION_MESSAGES.expired });
    expect((await listForTenant(d, tenant)).items).toEqual([]);
    const again = await invite(d, tenant, { email: 'late@example.org', role: 'Charity.Member' }, admin);
    expect(again.id).not.toBe(invitation.id);
    expect((await guard(again))?.invitationId).toBe(again.id);
    // The old invitation's revoke must not free the new one's address.
    await revoke(d, tenant, invitation.id);
    expect((await guard(again))?.invitationId).toBe(again.id);
  });

  it('checks expiry in the write itself, not only before it', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const invitation = await invite(deps(), tenant, { email: 'racing@example.org', role: 'Charity.Member' }, admin);
    const person = invitee('racing@example.org');
    const member = await aMember(stores, person);
    const charity = await stores.tenants.charity(tenant.id);
    const late = new Date(Date.parse(invitation.expiresAt) + 1000);
    expect(await stores.invitations.accept(invitation, { member, role: invitation.role }, { ...charity!, kind: 'charity' }, late)).toBe('expired');
  });
});

describe('revoke', () => {
  it('revokes a pending invitation once; it can no longer be accepted, and the address is free again', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const d = deps();
    const invitation = await invite(d, tenant, { email: 'revoked@example.org', role: 'Charity.Member' }, admin);
    await expect(revoke(d, { kind: 'charity', id: 'another-charity' }, invitation.id)).rejects.toMatchObject({ code: 'NotFound' });
    await revoke(d, tenant, invitation.id);
    await expect(revoke(d, tenant, invitation.id)).rejects.toMatchObject({ code: 'Conflict', message: INVITATION_MESSAGES.notOpen });
    await expect(accept(d, invitation.id, aCaller({ email: 'revoked@example.org' }))).rejects.toMatchObject({ code: 'Conflict', message: INVITATION_MESSAGES.notOpen });
    expect(await guard(invitation)).toBeUndefined();
    expect((await listForTenant(d, tenant)).items).toEqual([]);
    await expect(invite(d, tenant, { email: 'revoked@example.org', role: 'Charity.Member' }, admin)).resolves.toMatchObject({ status: 'Pending' });
  });

  it('cannot revoke an accepted invitation', async () => {
    const { admin, tenant } = await charityWithAdmin();
    const d = deps();
    const invitation = await invite(d, tenant, { email: 'kept@example.org', role: 'Charity.Member' }, admin);
    await accept(d, invitation.id, aCaller({ email: 'kept@example.org' }));
    await expect(revoke(d, tenant, invitation.id)).rejects.toMatchObject({ code: 'Conflict', message: INVITATION_MESSAGES.notOpen });
  });
});
