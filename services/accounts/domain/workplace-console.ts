import type { AuditActor } from './personal-data';
import type {
  BusinessUnit,
  UpdateWorkplaceMember,
  UpdateWorkplaceSettings,
  Workplace,
  WorkplaceCharity,
  WorkplaceMember,
} from '@giving/shared/contracts/accounts';
import type { Clock } from '@giving/shared/clock';
import { conflict, invalid, notFound, type FieldError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import type { MembershipStore, TenantDirectory, WorkplaceStore } from './people';

export const LAST_WORKPLACE_ADMIN = 'A workplace needs at least one administrator.';
export const UNKNOWN_BUSINESS_UNIT = "Choose one of the workplace's business units.";

async function requireWorkplace(deps: { workplaces: WorkplaceStore }, workplaceId: string): Promise<Workplace> {
  const workplace = await deps.workplaces.get(workplaceId);
  if (!workplace) throw notFound('Workplace');
  return workplace;
}

export const getSettings = (deps: { workplaces: WorkplaceStore }, workplaceId: string): Promise<Workplace> => requireWorkplace(deps, workplaceId);

/**
 * PUT /accounts/workplace/{id}/settings: the name and the business units. Units sent with an id keep it (it must be
 * one of the workplace's); units sent without one are new and get one. A unit left out is removed; members who
 * were in it keep the id (nothing else is cleared).
 */
export async function updateSettings(deps: { workplaces: WorkplaceStore; clock: Clock }, workplaceId: string, settings: UpdateWorkplaceSettings): Promise<Workplace> {
  const current = await requireWorkplace(deps, workplaceId);
  const known = new Set(current.businessUnits.map((unit) => unit.id));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  const at = deps.clock.now().getTime();
  const businessUnits: BusinessUnit[] = settings.businessUnits.map((unit, index) => {
    if (unit.id === undefined) return { id: newId(at), name: unit.name };
    if (!known.has(unit.id)) errors.push({ field: `body.businessUnits.${index}.id`, message: UNKNOWN_BUSINESS_UNIT });
    else if (seen.has(unit.id)) errors.push({ field: `body.businessUnits.${index}.id`, message: 'This business unit is listed twice.' });
    seen.add(unit.id);
    return { id: unit.id, name: unit.name };
  });
  if (errors.length > 0) throw invalid(errors);
  const updated = await deps.workplaces.updateSettings(workplaceId, { name: settings.name, businessUnits });
  if (!updated) throw notFound('Workplace');
  return updated;
}

export async function listMembers(deps: { memberships: MembershipStore }, workplaceId: string): Promise<{ items: WorkplaceMember[] }> {
  return { items: await deps.memberships.listWorkplaceMembers(workplaceId) };
}

/**
 * PATCH /accounts/workplace/{id}/members/{memberId}: roles, employment type, business unit.
 * The business unit must be one of the workplace's; taking WorkplaceGiver.Admin from the last holder is refused.
 */
export async function updateMember(
  deps: { memberships: MembershipStore; workplaces: WorkplaceStore },
  workplaceId: string,
  memberId: string,
  change: UpdateWorkplaceMember,
  actor?: AuditActor,
): Promise<WorkplaceMember> {
  if (typeof change.businessUnitId === 'string') {
    const workplace = await requireWorkplace(deps, workplaceId);
    if (!workplace.businessUnits.some((unit) => unit.id === change.businessUnitId)) {
      throw invalid([{ field: 'body.businessUnitId', message: UNKNOWN_BUSINESS_UNIT }]);
    }
  }
  const roles = change.roles ? [...new Set(change.roles)] : undefined;
  const result = await deps.memberships.updateWorkplaceMember(workplaceId, memberId, { ...change, roles }, actor);
  if (result.outcome !== 'updated') throw result.outcome === 'not-found' ? notFound('Workplace member') : conflict(LAST_WORKPLACE_ADMIN);
  return result.member;
}

export async function removeMember(deps: { memberships: MembershipStore }, workplaceId: string, memberId: string, actor?: AuditActor): Promise<void> {
  const outcome = await deps.memberships.removeWorkplaceMember(workplaceId, memberId, actor);
  if (outcome === 'not-found') throw notFound('Workplace member');
  if (outcome === 'last-admin') throw conflict(LAST_WORKPLACE_ADMIN);
}

export async function listCharities(deps: { workplaces: WorkplaceStore }, workplaceId: string): Promise<{ items: WorkplaceCharity[] }> {
  return { items: await deps.workplaces.listCharities(workplaceId) };
}

/** PUT /accounts/workplace/{id}/charities/{charityId}: idempotent; the charity must exist. */
export async function addCharity(
  deps: { workplaces: WorkplaceStore; tenants: TenantDirectory; clock: Clock },
  workplaceId: string,
  charityId: string,
): Promise<WorkplaceCharity> {
  await requireWorkplace(deps, workplaceId);
  const charity = await deps.tenants.charity(charityId);
  if (!charity) throw notFound('Charity');
  return deps.workplaces.addCharity(workplaceId, {
    charityId,
    name: charity.name,
    charityUrl: charity.charityUrl,
    logoImageUrl: charity.logoImageUrl,
    addedAt: deps.clock.now().toISOString(),
  });
}

/** DELETE: removing a charity that is not there is not an error. */
export async function removeCharity(deps: { workplaces: WorkplaceStore }, workplaceId: string, charityId: string): Promise<void> {
  await deps.workplaces.removeCharity(workplaceId, charityId);
}
