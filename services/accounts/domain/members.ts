import type { AdminMenu, MemberBadge, MemberProfile, UpdateProfile, UserDashboard } from '@giving/shared/contracts/accounts';
import type { Clock } from '@giving/shared/clock';
import { invalid } from '@giving/shared/errors';
import {
  isAdministrator,
  isContentAdmin,
  resolvePermissions,
  type PermissionSource,
  type TenantRef,
} from '@giving/shared/permissions';
import { countPendingFor } from './invitations';
import { memberName, profileFromToken, type InvitationStore, type Log, type MemberDirectory, type MembershipStore, type SignedInMember } from './people';

/**
 * GET /accounts/me: the admin menu (spec §3).
 * Main course: store the member on first sign-in (counting one active user, once) with adminRoles mirrored from
 * the token's groups; then list their charities and workplaces with their roles there.
 */
export async function getAdminMenu(
  deps: { members: MemberDirectory; memberships: MembershipStore; clock: Clock },
  caller: SignedInMember,
): Promise<AdminMenu> {
  const profile = await deps.members.signIn(profileFromToken(caller, deps.clock.now()), caller.tokenIssuedAt);
  const associations = await deps.memberships.ofMember(caller.memberId);
  const workplaces = associations.filter((a) => a.kind === 'workplace');
  const charities = associations.filter((a) => a.kind === 'charity');
  // The token's groups are the truth for this request, even if the stored mirror lagged behind.
  const adminRoles = [...caller.adminRoles];
  const corporateRoles = workplaces.flatMap((a) => a.roles);
  return {
    primaryAccount: {
      id: profile.id,
      name: memberName(profile),
      ...(profile.profileImage ? { logo: profile.profileImage } : {}),
      type: 'account',
    },
    associations: associations.map((a) =>
      a.kind === 'workplace'
        ? { type: 'corporate' as const, corporateId: a.tenantId, corporateName: a.tenantName, ...(a.tenantLogo ? { corporateLogo: a.tenantLogo } : {}) }
        : { type: 'charity' as const, charityId: a.tenantId, charityName: a.tenantName, ...(a.tenantLogo ? { charityLogo: a.tenantLogo } : {}) },
    ),
    adminRoles,
    corporateAssociations: workplaces.map((a) => ({
      corporateId: a.tenantId,
      corporateName: a.tenantName,
      ...(a.tenantLogo ? { corporateLogo: a.tenantLogo } : {}),
      corporateRoles: a.roles.map((roleName) => ({ roleName })),
    })),
    charityAssociations: charities.map((a) => ({
      charityId: a.tenantId,
      charityName: a.tenantName,
      ...(a.tenantLogo ? { charityLogo: a.tenantLogo } : {}),
      roles: a.roles,
    })),
    isAdmin: isAdministrator(adminRoles),
    isContentAdmin: isContentAdmin(adminRoles, corporateRoles),
  };
}

export const ONE_TENANT_ONLY = 'Ask for one charity or one workplace, not both.';

/** GET /accounts/me/permissions: the permissions routine for the site, or inside one charity or workplace. */
export async function getPermissions(
  deps: { permissions: PermissionSource; log: Log },
  caller: SignedInMember,
  query: { charityId?: string; workplaceId?: string },
): Promise<{ permissions: string[] }> {
  if (query.charityId !== undefined && query.workplaceId !== undefined) {
    throw invalid([{ field: 'query.workplaceId', message: ONE_TENANT_ONLY }]);
  }
  const tenant: TenantRef | undefined =
    query.charityId !== undefined
      ? { kind: 'charity', id: query.charityId }
      : query.workplaceId !== undefined
        ? { kind: 'workplace', id: query.workplaceId }
        : undefined;
  const granted = await resolvePermissions(deps.permissions, { memberId: caller.memberId, adminRoles: caller.adminRoles }, tenant, deps.log);
  return { permissions: [...granted].sort() };
}

/**
 * The member's stored profile. Read-only routes do not store anything: before the first GET /accounts/me
 * (which the SPA makes on sign-in) this is the profile the token describes.
 */
export async function getProfile(deps: { members: MemberDirectory; clock: Clock }, caller: SignedInMember): Promise<MemberProfile> {
  return (await deps.members.get(caller.memberId)) ?? profileFromToken(caller, deps.clock.now());
}

/** PUT /accounts/me/profile: the member's names (stored first if this is their first call). */
export async function updateProfile(
  deps: { members: MemberDirectory; clock: Clock },
  caller: SignedInMember,
  names: UpdateProfile,
): Promise<MemberProfile> {
  await deps.members.signIn(profileFromToken(caller, deps.clock.now()));
  return deps.members.rename(caller.memberId, { firstName: names.firstName, lastName: names.lastName });
}

const byDonationCount = (a: MemberBadge, b: MemberBadge) => a.donationCount - b.donationCount || a.awardedAt.localeCompare(b.awardedAt);

export async function getBadges(deps: { members: MemberDirectory }, caller: SignedInMember): Promise<{ items: MemberBadge[] }> {
  return { items: (await deps.members.badges(caller.memberId)).sort(byDonationCount) };
}

/** GET /accounts/me/dashboard: profile, badges, completed donations and invitations waiting for the member. */
export async function getDashboard(
  deps: { members: MemberDirectory; invitations: InvitationStore; clock: Clock },
  caller: SignedInMember,
): Promise<UserDashboard> {
  const [profile, badges, completedDonations, pendingInvitations] = await Promise.all([
    getProfile(deps, caller),
    getBadges(deps, caller),
    deps.members.completedDonations(caller.memberId),
    countPendingFor(deps, caller.email),
  ]);
  return { profile, badges: badges.items, completedDonations, pendingInvitations };
}
