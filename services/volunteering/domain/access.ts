import { copiedRolesPermissionSource, type TenantRoleCopy } from '@giving/shared/copies';
import { DomainError, notFound } from '@giving/shared/errors';
import { isAdministrator, resolvePermissions, type Permission } from '@giving/shared/permissions';
import type { Actor, StoredOpportunity } from './ports';

/**
 * Object-level checks the manifest cannot make: routes whose charity is not in the path (an opportunity's or an
 * application's charity) check the caller's permissions there, from volunteering's own copy of charity roles.
 */

const quiet = { error: () => undefined };

/** The caller's permissions in a charity (administrators hold every charity's). */
export async function charityPermissions(roles: Pick<TenantRoleCopy, 'rolesOf'>, actor: Actor, charityId: string): Promise<Set<Permission>> {
  return resolvePermissions(copiedRolesPermissionSource(roles), { memberId: actor.memberId, adminRoles: actor.groups }, { kind: 'charity', id: charityId }, quiet);
}

export async function hasCharityPermission(roles: Pick<TenantRoleCopy, 'rolesOf'>, actor: Actor, charityId: string, permission: Permission): Promise<boolean> {
  return (await charityPermissions(roles, actor, charityId)).has(permission);
}

/** 403 unless the caller holds the permission in the charity. */
export async function requireCharityPermission(roles: Pick<TenantRoleCopy, 'rolesOf'>, actor: Actor, charityId: string, permission: Permission): Promise<void> {
  if (!(await hasCharityPermission(roles, actor, charityId, permission))) throw new DomainError('Forbidden');
}

/** Who is looking at an opportunity, for the visibility rule. */
export interface Viewer {
  actor?: Actor;
  /** The workplaces the member belongs to (exclusive opportunities). */
  workplaceIds: ReadonlySet<string>;
}

export async function viewerOf(roles: Pick<TenantRoleCopy, 'workplacesOf'>, actor: Actor | undefined): Promise<Viewer> {
  if (!actor) return { workplaceIds: new Set() };
  const workplaces = await roles.workplacesOf(actor.memberId);
  return { actor, workplaceIds: new Set(workplaces.map((w) => w.workplaceId)) };
}

/**
 * The public (and member) visibility rule: Live and online, and for an exclusive opportunity only members of its
 * workplace. Anonymous visitors never see exclusive ones.
 */
export function isListedFor(opportunity: Pick<StoredOpportunity, 'contentStatus' | 'isOnline' | 'exclusiveCorporateId'>, viewer: Viewer): boolean {
  if (opportunity.contentStatus !== 'Live' || !opportunity.isOnline) return false;
  return opportunity.exclusiveCorporateId === undefined || viewer.workplaceIds.has(opportunity.exclusiveCorporateId);
}

/** Listed for the viewer, or the viewer manages it (its charity's volunteering staff, administrators): else 404. */
export async function requireVisible(roles: Pick<TenantRoleCopy, 'rolesOf'>, opportunity: StoredOpportunity | undefined, viewer: Viewer): Promise<StoredOpportunity> {
  if (!opportunity) throw notFound('Opportunity');
  if (isListedFor(opportunity, viewer)) return opportunity;
  if (viewer.actor && (isAdministrator(viewer.actor.groups) || (await hasCharityPermission(roles, viewer.actor, opportunity.charity.id, 'Charity_VolunteeringView')))) {
    return opportunity;
  }
  throw notFound('Opportunity');
}

/** The opportunity, if it exists and the caller may manage it (403 for another charity's; 404 when missing). */
export async function requireManaged(
  roles: Pick<TenantRoleCopy, 'rolesOf'>,
  opportunity: StoredOpportunity | undefined,
  actor: Actor,
  permission: Permission = 'Charity_VolunteeringManage',
): Promise<StoredOpportunity> {
  if (!opportunity) throw notFound('Opportunity');
  await requireCharityPermission(roles, actor, opportunity.charity.id, permission);
  return opportunity;
}
