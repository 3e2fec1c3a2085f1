import { DomainError, notFound } from '@giving/shared/errors';
import { FUNDRAISING_MESSAGES, type FundraisingRole } from '@giving/shared/contracts/fundraising';
import { isAdministrator, tenantRolePermissions } from '@giving/shared/permissions';
import type { Actor, FundraisingDeps, StoredEvent, StoredMembership, StoredPage, TeamKind } from './ports';

export const MANAGING_ROLES: readonly FundraisingRole[] = ['Owner', 'Admin'];

/** The caller's membership of an event or a page (undefined when none). */
export const membershipOf = (deps: Pick<FundraisingDeps, 'store'>, kind: TeamKind, id: string, actor: Actor) => deps.store.membership({ kind, id }, actor.memberId);

/** An Owner or Admin of it, or a back-office administrator (support): else 403 with the reason. */
export async function requireManager(deps: Pick<FundraisingDeps, 'store'>, kind: TeamKind, id: string, actor: Actor): Promise<StoredMembership | undefined> {
  if (isAdministrator(actor.groups)) return membershipOf(deps, kind, id, actor);
  const membership = await membershipOf(deps, kind, id, actor);
  if (!membership || !MANAGING_ROLES.includes(membership.role)) throw new DomainError('Forbidden', FUNDRAISING_MESSAGES.notManager);
  return membership;
}

/** Whether the caller is its charity's fundraising staff (Charity_FundraisingManage in fundraising's copy of charity roles). */
export async function isCharityFundraisingStaff(deps: Pick<FundraisingDeps, 'roles'>, charityId: string, actor: Actor): Promise<boolean> {
  const roles = await deps.roles.rolesOf(actor.memberId, { kind: 'charity', id: charityId });
  return tenantRolePermissions('charity', roles).has('Charity_FundraisingManage');
}

export async function eventOr404(deps: Pick<FundraisingDeps, 'store'>, eventId: string): Promise<StoredEvent> {
  const event = await deps.store.getEvent(eventId);
  if (!event) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.eventNotFound);
  return event;
}

export async function pageOr404(deps: Pick<FundraisingDeps, 'store'>, pageId: string): Promise<StoredPage> {
  const page = await deps.store.getPage(pageId);
  if (!page) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.pageNotFound);
  return page;
}

export const teamOr404 = (deps: Pick<FundraisingDeps, 'store'>, kind: TeamKind, id: string) => (kind === 'event' ? eventOr404(deps, id) : pageOr404(deps, id));

export { notFound };
