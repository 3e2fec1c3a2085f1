import type { CountryCode } from './countries';
import type { EventData } from './events';
import type { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from './events/accounts';
import type { PermissionSource } from './permissions';

/**
 * Copies one service keeps of another's data, filled from accounts' events (CharityProfilePublished,
 * CharityMembershipChanged, WorkplaceMembershipChanged): services never read accounts' table. Every copy keeps the
 * `version` (accounts' zero-padded stream sequence number) it came from and is only ever replaced by a newer one.
 * The DynamoDB implementations are in dynamo-copies.ts.
 */

/** A charity's public profile, as other services show it and check it (CharityProfilePublished). */
export interface CharityProjection {
  id: string;
  name: string;
  charityUrl: string;
  country: CountryCode;
  logoImageUrl: string;
  isActive: boolean;
  /** What a donation receipt states about the charity (absent: not known, and receipts make no tax claim). */
  registrationNumber?: string;
  taxApproved?: boolean;
  version: string;
}

export interface CharityCopy {
  getById(charityId: string): Promise<CharityProjection | undefined>;
  getByUrl(charityUrl: string): Promise<CharityProjection | undefined>;
  /** Keeps this version unless a newer (or the same) one is already kept: 'stale' then, and nothing changes. */
  save(charity: CharityProjection): Promise<'saved' | 'stale'>;
}

/** A member's roles in a charity (CharityMembershipChanged); a removal keeps no roles. */
export interface CharityMembership {
  memberId: string;
  charityId: string;
  roles: string[];
  version: string;
}

/** A member's place in a workplace (WorkplaceMembershipChanged); a removal keeps no roles and an empty name. */
export interface WorkplaceMembership {
  memberId: string;
  workplaceId: string;
  workplaceName: string;
  roles: string[];
  version: string;
}

/** A member's names, as accounts' member record holds them (MemberNamesChanged). */
export interface MemberNames {
  memberId: string;
  firstName: string;
  lastName: string;
  version: string;
}

export interface MemberNameCopy {
  namesOf(memberId: string): Promise<MemberNames | undefined>;
  save(names: MemberNames): Promise<'saved' | 'stale'>;
}

export interface TenantRoleCopy {
  /** The member's roles in one charity or workplace (none when not a member). */
  rolesOf(memberId: string, tenant: { kind: 'charity' | 'workplace'; id: string }): Promise<string[]>;
  /** The workplaces the member still holds roles in. */
  workplacesOf(memberId: string): Promise<WorkplaceMembership[]>;
  saveCharityMembership(membership: CharityMembership): Promise<'saved' | 'stale'>;
  saveWorkplaceMembership(membership: WorkplaceMembership): Promise<'saved' | 'stale'>;
}

/**
 * The permissions routine's source for a service that checks tenant routes against its own copy of the roles: it
 * has no site features of its own and no CMS routes, so those parts are empty; the back office comes from the
 * token's groups.
 */
export function copiedRolesPermissionSource(roles: Pick<TenantRoleCopy, 'rolesOf'>): PermissionSource {
  return {
    siteFeatures: async () => [],
    tenantRoles: (memberId, tenant) => roles.rolesOf(memberId, tenant),
    corporateRoles: async () => [],
  };
}

/*
 * Recording accounts' events into a service's copies (newest version wins, so redelivery and reordering are
 * harmless): one definition for every service that keeps the shared copies.
 */

/** CharityProfilePublished -> the copy's projection (a profile without isActive is active). */
export const charityProjectionOf = (profile: EventData<typeof CharityProfilePublished>): CharityProjection => ({
  id: profile.id,
  name: profile.name,
  charityUrl: profile.charityUrl,
  country: profile.country,
  logoImageUrl: profile.logoImageUrl,
  isActive: profile.isActive ?? true,
  version: profile.version,
});

export const recordCharityProfile = (deps: { charities: Pick<CharityCopy, 'save'> }, profile: EventData<typeof CharityProfilePublished>) =>
  deps.charities.save(charityProjectionOf(profile));

export const recordCharityMembership = (deps: { roles: Pick<TenantRoleCopy, 'saveCharityMembership'> }, change: EventData<typeof CharityMembershipChanged>) =>
  deps.roles.saveCharityMembership({ memberId: change.memberId, charityId: change.charityId, roles: change.roles, version: change.version });

export const recordWorkplaceMembership = (deps: { roles: Pick<TenantRoleCopy, 'saveWorkplaceMembership'> }, change: EventData<typeof WorkplaceMembershipChanged>) =>
  deps.roles.saveWorkplaceMembership({ memberId: change.memberId, workplaceId: change.workplaceId, workplaceName: change.workplaceName, roles: change.roles, version: change.version });

/** MemberNamesChanged -> how the service names people (accounts' member record). */
export const recordMemberNames = (deps: { memberNames: Pick<MemberNameCopy, 'save'> }, change: EventData<typeof MemberNamesChanged>) =>
  deps.memberNames.save({ memberId: change.memberId, firstName: change.firstName, lastName: change.lastName, version: change.version });
