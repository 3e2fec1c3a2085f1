import { DomainError, invalid } from '@giving/shared/errors';
import { FUNDRAISING_MESSAGES, type FundraisingRole, type MyFundraising } from '@giving/shared/contracts/fundraising';
import { isAdministrator } from '@giving/shared/permissions';
import { MANAGING_ROLES, requireManager, teamOr404 } from './access';
import type { Actor, FundraisingDeps, MailDeps, StoredEvent, StoredInvitation, StoredPage, TeamKind, TeamTarget } from './ports';
import { plainMail } from './mail';
import { eventSummary, invitationView, pageSummary } from './views';

/** GET /fundraising/roles ("get roles"): what each role of an event's or a page's team may do. */
export const FUNDRAISING_ROLE_CATALOGUE = {
  event: [
    { role: 'Owner', name: 'Owner', description: 'Created the event. Edits it, invites and removes members, and takes it offline.' },
    { role: 'Admin', name: 'Admin', description: 'Manages the event with its owner: edits it, invites and removes members, and takes it offline.' },
    { role: 'Member', name: 'Member', description: 'Fundraises in the event with a page of their own, and sees its team.' },
  ],
  page: [
    { role: 'Owner', name: 'Owner', description: 'Created the page. Edits it, invites and removes members, enters offline gifts, and takes it offline.' },
    { role: 'Admin', name: 'Admin', description: 'Manages the page with its owner: edits it, invites members, enters offline gifts, and takes it offline.' },
    { role: 'Member', name: 'Member', description: 'Fundraises on the page as part of its team, and is listed on it.' },
  ],
} as const satisfies Record<TeamKind, { role: FundraisingRole; name: string; description: string }[]>;

const targetOf = (kind: TeamKind, item: StoredEvent | StoredPage): TeamTarget => ({
  kind,
  id: item.id,
  title: item.title,
  eventUrl: item.eventUrl,
  ...(kind === 'page' ? { pageUrl: (item as StoredPage).pageUrl } : {}),
  country: item.country,
});

/** GET .../me ("get event member" / "get page member"): the caller's role, or null. */
export async function myRole(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string) {
  await teamOr404(deps, kind, id);
  const membership = await deps.store.membership({ kind, id }, actor.memberId);
  return { role: membership?.role ?? null, canManage: isAdministrator(actor.groups) || (membership !== undefined && MANAGING_ROLES.includes(membership.role)) };
}

/** GET .../members: its team sees its members (and administrators). */
export async function listMembers(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string) {
  await teamOr404(deps, kind, id);
  const members = await deps.store.members({ kind, id });
  if (!isAdministrator(actor.groups) && !members.some((member) => member.memberId === actor.memberId)) {
    throw new DomainError('Forbidden', 'Only its members can see its team.');
  }
  return { items: members.map(({ memberId, name, role, joinedOn }) => ({ memberId, name, role, joinedOn })) };
}

/** POST .../members ("add member"): the caller joins as a Member (an online multi-page event, or a page); one already on the team keeps their role. */
export async function join(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string) {
  const item = await teamOr404(deps, kind, id);
  if (!item.isOnline) throw new DomainError('Conflict', kind === 'event' ? FUNDRAISING_MESSAGES.eventOffline : FUNDRAISING_MESSAGES.pageOffline);
  if (kind === 'event' && (item as StoredEvent).kind !== 'MultiPage') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.eventNotJoinable);
  await deps.store.addMember({ memberId: actor.memberId, name: actor.name, role: 'Member', joinedOn: deps.clock.now().toISOString(), target: targetOf(kind, item) });
  const membership = await deps.store.membership({ kind, id }, actor.memberId);
  return { memberId: actor.memberId, role: membership?.role ?? 'Member' };
}

/** PATCH .../members/{memberId}: its managers change a role; the Owner's stays theirs, and nobody else becomes Owner. */
export async function updateMember(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string, memberId: string, role: FundraisingRole) {
  await teamOr404(deps, kind, id);
  await requireManager(deps, kind, id, actor);
  const member = await deps.store.membership({ kind, id }, memberId);
  if (!member) throw new DomainError('NotFound', 'That member was not found.');
  if (member.role === 'Owner' || role === 'Owner') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.lastOwner, [{ field: 'body.role', message: FUNDRAISING_MESSAGES.lastOwner }]);
  if ((await deps.store.setMemberRole({ kind, id }, memberId, role)) === 'missing') throw new DomainError('NotFound', 'That member was not found.');
  return { memberId, role };
}

/** DELETE .../members/{memberId}: its managers remove a member, or a member leaves; never the Owner. */
export async function removeMember(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string, memberId: string): Promise<void> {
  await teamOr404(deps, kind, id);
  if (memberId !== actor.memberId) await requireManager(deps, kind, id, actor);
  const member = await deps.store.membership({ kind, id }, memberId);
  if (!member) throw new DomainError('NotFound', 'That member was not found.');
  if (member.role === 'Owner') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.lastOwner);
  await deps.store.removeMember({ kind, id }, memberId);
}

export async function listInvitations(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string) {
  await teamOr404(deps, kind, id);
  await requireManager(deps, kind, id, actor);
  return { items: (await deps.store.invitations({ kind, id })).map(invitationView) };
}

function invitationMail(mail: MailDeps, invitation: StoredInvitation, message: string | undefined) {
  const where = invitation.target.kind === 'event' ? 'fundraising event' : 'fundraising page';
  const link = `${mail.siteUrl}/admin/user/fundraising`;
  const lines = [
    `Kia ora,`,
    ``,
    `${invitation.invitedBy.name} has invited you to join the ${where} "${invitation.target.title}" on Koha as ${invitation.role === 'Admin' ? 'an admin' : 'a member'}.`,
    ...(message ? [``, `Their message: ${message}`] : []),
    ``,
    `Sign in (or create your free account) with this e-mail address to accept or decline: ${link}`,
    ``,
    `If you were not expecting this, you can ignore this e-mail.`,
  ];
  return plainMail(invitation.email, `${invitation.invitedBy.name} invited you to "${invitation.target.title}" on Koha`, lines);
}

/**
 * POST .../invitations: its managers invite people by e-mail (Admin or Member). Anyone already on the team or already
 * invited makes it a 409 naming them, and nobody is invited; the rest are e-mailed once stored.
 */
export async function invite(
  deps: FundraisingDeps & { mail: MailDeps },
  actor: Actor,
  kind: TeamKind,
  id: string,
  input: { invitees: { email: string; role: 'Admin' | 'Member' }[]; message?: string },
) {
  const item = await teamOr404(deps, kind, id);
  await requireManager(deps, kind, id, actor);
  const emails = input.invitees.map((invitee) => invitee.email);
  const duplicate = emails.findIndex((email, index) => emails.indexOf(email) !== index);
  if (duplicate >= 0) throw invalid([{ field: `body.invitees.${duplicate}.email`, message: 'This e-mail address is listed twice.' }]);
  const members = await deps.store.members({ kind, id });
  // Members are known by member id; their e-mail is the actor's own only (we keep no one else's): refuse self-invites.
  const selfIndex = actor.email ? emails.indexOf(actor.email.toLowerCase()) : -1;
  if (selfIndex >= 0 && members.some((member) => member.memberId === actor.memberId)) {
    throw new DomainError('Conflict', FUNDRAISING_MESSAGES.alreadyMember, [{ field: `body.invitees.${selfIndex}.email`, message: FUNDRAISING_MESSAGES.alreadyMember }]);
  }
  const now = deps.clock.now().toISOString();
  const invitations: StoredInvitation[] = input.invitees.map((invitee) => ({
    id: deps.newId(),
    email: invitee.email,
    role: invitee.role,
    invitedBy: { memberId: actor.memberId, name: actor.name },
    invitedOn: now,
    lastSentOn: now,
    target: targetOf(kind, item),
  }));
  const outcome = await deps.store.addInvitations(invitations);
  if (!outcome.ok) {
    throw new DomainError(
      'Conflict',
      FUNDRAISING_MESSAGES.alreadyInvited,
      outcome.alreadyInvited.map((email) => ({ field: `body.invitees.${emails.indexOf(email)}.email`, message: FUNDRAISING_MESSAGES.alreadyInvited })),
    );
  }
  for (const invitation of invitations) await deps.mail.mailer.send(invitationMail(deps.mail, invitation, input.message));
  return { items: invitations.map(invitationView) };
}

async function teamInvitation(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string, invitationId: string): Promise<StoredInvitation> {
  await teamOr404(deps, kind, id);
  await requireManager(deps, kind, id, actor);
  const invitation = await deps.store.getInvitation(invitationId);
  if (!invitation || invitation.target.kind !== kind || invitation.target.id !== id) throw new DomainError('NotFound', 'That invitation was not found.');
  return invitation;
}

export async function removeInvitation(deps: FundraisingDeps, actor: Actor, kind: TeamKind, id: string, invitationId: string): Promise<void> {
  const invitation = await teamInvitation(deps, actor, kind, id, invitationId);
  await deps.store.removeInvitation(invitation);
}

export async function resendInvitation(deps: FundraisingDeps & { mail: MailDeps }, actor: Actor, kind: TeamKind, id: string, invitationId: string): Promise<void> {
  const invitation = await teamInvitation(deps, actor, kind, id, invitationId);
  await deps.mail.mailer.send(invitationMail(deps.mail, invitation, undefined));
  await deps.store.markInvitationSent(invitation, deps.clock.now().toISOString());
}

/** GET /fundraising/me/invitations: those sent to the caller's e-mail. */
export async function myInvitations(deps: FundraisingDeps, actor: Actor) {
  if (!actor.email) return { items: [] };
  return { items: (await deps.store.invitationsFor(actor.email.toLowerCase())).map(invitationView) };
}

/** PATCH /fundraising/me/invitations/{invitationId}: Accept joins with its role (one already on the team keeps theirs); Decline drops it. */
export async function answerInvitation(deps: FundraisingDeps, actor: Actor, invitationId: string, answer: 'Accept' | 'Decline') {
  const invitation = await deps.store.getInvitation(invitationId);
  if (!invitation) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.invitationAnswered);
  if (!actor.email || invitation.email !== actor.email.toLowerCase()) throw new DomainError('Forbidden', FUNDRAISING_MESSAGES.invitationNotForYou);
  if (answer === 'Decline') {
    await deps.store.removeInvitation(invitation);
    return { answer, target: invitation.target };
  }
  const existing = await deps.store.membership(invitation.target, actor.memberId);
  const role = existing && (existing.role === 'Owner' || (existing.role === 'Admin' && invitation.role === 'Member')) ? existing.role : invitation.role;
  const outcome = await deps.store.acceptInvitation(invitation, {
    memberId: actor.memberId,
    name: actor.name,
    role,
    joinedOn: existing?.joinedOn ?? deps.clock.now().toISOString(),
    target: invitation.target,
  });
  if (outcome === 'answered') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.invitationAnswered);
  return { answer, role, target: invitation.target };
}

/** GET /fundraising/me: the caller's events and pages (any role), as they are now, and their pending invitations. */
export async function mine(deps: FundraisingDeps, actor: Actor): Promise<MyFundraising> {
  const memberships = await deps.store.membershipsOf(actor.memberId);
  const now = deps.clock.now();
  const events = await Promise.all(memberships.filter((m) => m.target.kind === 'event').map(async (m) => ({ m, item: await deps.store.getEvent(m.target.id) })));
  const pages = await Promise.all(memberships.filter((m) => m.target.kind === 'page').map(async (m) => ({ m, item: await deps.store.getPage(m.target.id) })));
  return {
    events: events.flatMap(({ m, item }) => (item ? [{ ...eventSummary(item, now), role: m.role }] : [])).sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
    pages: pages.flatMap(({ m, item }) => (item ? [{ ...pageSummary(item, now), role: m.role }] : [])).sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
    invitations: (await myInvitations(deps, actor)).items,
  };
}
