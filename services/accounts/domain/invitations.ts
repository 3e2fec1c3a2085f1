import type { Invitation } from '@giving/shared/contracts/accounts';
import type { Clock } from '@giving/shared/clock';
import { localDateText } from '@giving/shared/local-time';
import { DomainError, conflict, notFound } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import type { Mailer } from '@giving/shared/mail';
import type { TenantRef } from '@giving/shared/permissions';
import { DEFAULT_EMAIL_TEMPLATES, renderTemplate } from './email-templates';
import {
  callerName,
  profileFromToken,
  type InvitationStore,
  type Log,
  type MailTemplateSource,
  type MemberDirectory,
  type MembershipStore,
  type SignedInMember,
  type TenantDirectory,
  type TenantSummary,
} from './people';

/** How long an invitation stays open. */
export const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  alreadyPending: 'An invitation is already pending for this e-mail address.',
  alreadyMember: 'This person is already a member with that role.',
  expired: 'This invitation has expired.',
  notOpen: 'This invitation is no longer open.',
  wrongInvitee: 'This invitation was sent to a different e-mail address.',
  mailFailed: 'We could not send the invitation e-mail, so it was not kept. Please try again.',
} as const;

const ROLE_LABELS: Readonly<Record<string, string>> = {
  'Charity.Admin': 'an administrator',
  'Charity.Member': 'a member',
  'WorkplaceGiver.Employee': 'an employee',
  'WorkplaceGiver.Admin': 'an administrator',
  'WorkplaceGiver.ContentAdmin': 'a content administrator',
};

const isOpen = (invitation: Invitation, now: Date) => invitation.status === 'Pending' && invitation.expiresAt > now.toISOString();

/** The tenant the path names, or 404. */
export async function tenantSummary(deps: { tenants: TenantDirectory }, tenant: TenantRef): Promise<TenantSummary> {
  if (tenant.kind === 'charity') {
    const charity = await deps.tenants.charity(tenant.id);
    if (!charity) throw notFound('Charity');
    return { kind: 'charity', id: charity.id, name: charity.name, logo: charity.logoImageUrl, country: charity.country };
  }
  const workplace = await deps.tenants.workplace(tenant.id);
  if (!workplace) throw notFound('Workplace');
  return { kind: 'workplace', id: workplace.id, name: workplace.name, ...(workplace.logo ? { logo: workplace.logo } : {}), country: workplace.country };
}

export interface InviteDeps {
  invitations: InvitationStore;
  tenants: TenantDirectory;
  members: MemberDirectory;
  memberships: MembershipStore;
  templates: MailTemplateSource;
  mailer: Mailer;
  clock: Clock;
  /** The site's address, for the link in the e-mail. */
  siteUrl: string;
  log: Log;
}

/**
 * POST /accounts/{charity|workplace}/{id}/invitations: invite a person by e-mail to a role.
 * Main course: refuse someone who already holds the role; store the Pending invitation (the store refuses a second
 * pending one for the same address); e-mail the invitee from the 'member-invitation' template. If the e-mail
 * cannot be sent the invitation is revoked again, so the admin can simply retry.
 */
export async function invite(deps: InviteDeps, tenantRef: TenantRef, request: { email: string; role: string }, inviter: SignedInMember): Promise<Invitation> {
  const tenant = await tenantSummary(deps, tenantRef);
  const email = request.email.trim().toLowerCase();
  const existing = await deps.members.findByEmail(email);
  if (existing && (await deps.memberships.rolesIn(tenantRef, existing.id))?.includes(request.role)) throw conflict(INVITATION_MESSAGES.alreadyMember);

  const now = deps.clock.now();
  const invitation: Invitation = {
    id: newId(now.getTime()),
    tenant: { kind: tenant.kind, id: tenant.id, name: tenant.name },
    email,
    role: request.role,
    status: 'Pending',
    invitedBy: inviter.email || inviter.memberId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
  };
  if ((await deps.invitations.create(invitation)) === 'already-pending') throw conflict(INVITATION_MESSAGES.alreadyPending);

  const template = (await deps.templates.get('member-invitation')) ?? DEFAULT_EMAIL_TEMPLATES['member-invitation'];
  const mail = renderTemplate(template, email, {
    inviterName: await callerName(deps.members, inviter),
    tenantName: tenant.name,
    role: ROLE_LABELS[request.role] ?? request.role,
    acceptUrl: `${deps.siteUrl.replace(/\/+$/, '')}/admin/user/dashboard`,
    expiresOn: localDateText(invitation.expiresAt, tenant.country, 'long'),
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error('invitation e-mail failed; revoking the invitation', { error, invitationId: invitation.id });
    await deps.invitations.revoke(invitation, deps.clock.now());
    throw new DomainError('Unavailable', INVITATION_MESSAGES.mailFailed);
  }
  return invitation;
}

/** The tenant's invitations that are still open (pending and unexpired), newest first. */
export async function listForTenant(deps: { invitations: InvitationStore; clock: Clock }, tenant: TenantRef): Promise<{ items: Invitation[] }> {
  const now = deps.clock.now();
  return { items: (await deps.invitations.listForTenant(tenant)).filter((i) => isOpen(i, now)) };
}

/** GET /accounts/me/invitations: open invitations addressed to the caller's e-mail. */
export async function listMine(deps: { invitations: InvitationStore; clock: Clock }, caller: Pick<SignedInMember, 'email'>): Promise<{ items: Invitation[] }> {
  if (!caller.email) return { items: [] };
  const now = deps.clock.now();
  return { items: (await deps.invitations.listForInvitee(caller.email)).filter((i) => isOpen(i, now)) };
}

export async function countPendingFor(deps: { invitations: InvitationStore; clock: Clock }, email: string): Promise<number> {
  return (await listMine(deps, { email })).items.length;
}

/**
 * POST /accounts/invitations/{id}/accept: only the invitee (by e-mail) may accept, once, before it expires.
 * Main course: in one transaction mark it Accepted and add the membership (or the role to an existing one).
 * Accepting an invitation already accepted by the same person answers as the first time did.
 */
export async function accept(
  deps: { invitations: InvitationStore; tenants: TenantDirectory; members: MemberDirectory; clock: Clock },
  invitationId: string,
  caller: SignedInMember,
): Promise<Invitation> {
  const invitation = await deps.invitations.get(invitationId);
  if (!invitation) throw notFound('Invitation');
  if (!caller.email || invitation.email !== caller.email.toLowerCase()) throw new DomainError('Forbidden', INVITATION_MESSAGES.wrongInvitee);
  const accepted = { ...invitation, status: 'Accepted' as const };
  if (invitation.status === 'Accepted') return accepted;
  const now = deps.clock.now();
  if (invitation.status !== 'Pending') throw conflict(INVITATION_MESSAGES.notOpen);
  if (invitation.expiresAt <= now.toISOString()) throw conflict(INVITATION_MESSAGES.expired);

  const tenant = await tenantSummary(deps, invitation.tenant);
  const member = await deps.members.signIn(profileFromToken(caller, now));
  const joiner = { member, role: invitation.role, ...(tenant.kind === 'workplace' ? { employmentType: 'Permanent' as const } : {}) };
  const outcome = await deps.invitations.accept(invitation, joiner, tenant, now);
  if (outcome === 'expired') throw conflict(INVITATION_MESSAGES.expired);
  if (outcome === 'not-pending') throw conflict(INVITATION_MESSAGES.notOpen);
  return accepted;
}

/** DELETE .../invitations/{id}: Pending -> Revoked. An invitation of another tenant is not found. */
export async function revoke(deps: { invitations: InvitationStore; clock: Clock }, tenant: TenantRef, invitationId: string): Promise<void> {
  const invitation = await deps.invitations.get(invitationId);
  if (!invitation || invitation.tenant.kind !== tenant.kind || invitation.tenant.id !== tenant.id) throw notFound('Invitation');
  if (invitation.status !== 'Pending') throw conflict(INVITATION_MESSAGES.notOpen);
  if ((await deps.invitations.revoke(invitation, deps.clock.now())) === 'not-pending') throw conflict(INVITATION_MESSAGES.notOpen);
}
