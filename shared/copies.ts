import type { CountryCode } from './countries';
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
