import type { AuditActor } from './personal-data';
import type {
  BusinessUnit,
  CharityMember,
  CharityProfile,
  ContentItem,
  EmploymentType,
  Invitation,
  MemberBadge,
  MemberProfile,
  Workplace,
  WorkplaceCharity,
  WorkplaceMember,
} from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import type { TenantKind, TenantRef } from '@giving/shared/permissions';

/**
 * The ports of the people-and-tenants use cases (members, memberships, invitations, the charity and workplace
 * consoles). Every invariant (a member counted once, one pending invitation per address, never the last
 * administrator) is kept by the store's conditional writes, so the use cases never read-then-write for them.
 */

/** Who is calling, from the verified token: the Cognito subject, e-mail, names and groups. */
export interface SignedInMember {
  memberId: string;
  /** Lower-cased; empty when the token carries none. */
  email: string;
  firstName: string;
  lastName: string;
  /** The caller's Cognito groups (Administrator). */
  adminRoles: string[];
  /** When the token was issued (epoch seconds): a token older than the last back-office role change is stale. */
  tokenIssuedAt?: number;
}

/** The profile the token describes, for a member not stored yet. */
export const profileFromToken = (caller: SignedInMember, createdAt: Date): MemberProfile => ({
  id: caller.memberId,
  email: caller.email,
  firstName: caller.firstName,
  lastName: caller.lastName,
  adminRoles: [...caller.adminRoles],
  createdAt: createdAt.toISOString(),
});

/** How a member is named to others: the names on their member record, else their e-mail. */
export const memberName = (member: Pick<MemberProfile, 'firstName' | 'lastName' | 'email'>): string =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;

/**
 * The caller's name from accounts' own member record: ID tokens may carry no names (cognito-local's never do), and a
 * member's names are theirs to change in their settings, which the record holds.
 */
export async function callerName(members: Pick<MemberDirectory, 'get'>, caller: SignedInMember): Promise<string> {
  return memberName((await members.get(caller.memberId)) ?? caller);
}

/** A charity or workplace as the people use cases show it. */
export interface TenantSummary extends TenantRef {
  name: string;
  logo?: string;
  country: CountryCode;
}

/** A member's place in a charity or workplace, with the tenant's current name and logo. */
export interface Association {
  kind: TenantKind;
  tenantId: string;
  tenantName: string;
  tenantLogo?: string;
  roles: string[];
}

export interface MemberDirectory {
  get(memberId: string): Promise<MemberProfile | undefined>;
  /**
   * First sign-in stores the member and counts one more active user, exactly once however often (or however
   * concurrently) it is called; later calls mirror adminRoles from the token. Returns the stored profile.
   */
  /** Stores a first-time member, or mirrors the token's admin roles unless the token predates the last role change. */
  signIn(member: MemberProfile, tokenIssuedAt?: number): Promise<MemberProfile>;
  findByEmail(email: string): Promise<MemberProfile | undefined>;
  /** Renames the member (and the names their memberships show). */
  rename(memberId: string, names: { firstName: string; lastName: string }): Promise<MemberProfile>;
  badges(memberId: string): Promise<MemberBadge[]>;
  /** Completed donations counted for the member (0 before their first). */
  completedDonations(memberId: string): Promise<number>;
}

export interface TenantDirectory {
  charity(charityId: string): Promise<CharityProfile | undefined>;
  workplace(workplaceId: string): Promise<Workplace | undefined>;
}

/** Who joins: the member record, and for a workplace the employment details. */
export interface Joiner {
  member: MemberProfile;
  role: string;
  employmentType?: EmploymentType;
  businessUnitId?: string;
}

export type RemoveOutcome = 'removed' | 'not-found' | 'last-admin';

export interface WorkplaceMemberChange {
  roles?: string[];
  employmentType?: EmploymentType;
  /** null takes the member out of their business unit. */
  businessUnitId?: string | null;
}

export interface MembershipStore {
  /** Every charity and workplace the member belongs to. */
  ofMember(memberId: string): Promise<Association[]>;
  rolesIn(tenant: TenantRef, memberId: string): Promise<string[] | undefined>;
  /** Adds the member with the role, or the role to their membership (keeping the tenant's counts). Idempotent. */
  join(tenant: TenantSummary, joiner: Joiner, at: Date): Promise<void>;
  listCharityMembers(charityId: string): Promise<CharityMember[]>;
  listWorkplaceMembers(workplaceId: string): Promise<WorkplaceMember[]>;
  /** Never removes the last Charity.Admin ('last-admin'). */
  removeCharityMember(charityId: string, memberId: string, actor?: AuditActor): Promise<RemoveOutcome>;
  /** Never removes the last WorkplaceGiver.Admin ('last-admin'). */
  removeWorkplaceMember(workplaceId: string, memberId: string, actor?: AuditActor): Promise<RemoveOutcome>;
  /** Never takes WorkplaceGiver.Admin from the last one holding it ('last-admin'). */
  updateWorkplaceMember(
    workplaceId: string,
    memberId: string,
    change: WorkplaceMemberChange,
    actor?: AuditActor,
  ): Promise<{ outcome: 'updated'; member: WorkplaceMember } | { outcome: 'not-found' | 'last-admin' }>;
}

export type AcceptOutcome = 'accepted' | 'already-accepted' | 'expired' | 'not-pending';

export interface InvitationStore {
  /** Stores a Pending invitation unless one is already pending (and unexpired) for the tenant and address. */
  create(invitation: Invitation): Promise<'created' | 'already-pending'>;
  get(invitationId: string): Promise<Invitation | undefined>;
  /** Newest first, every status. */
  listForTenant(tenant: TenantRef): Promise<Invitation[]>;
  /** Newest first, every status. */
  listForInvitee(email: string): Promise<Invitation[]>;
  /** Pending -> Accepted and the membership, in one transaction (the invitation must not have expired). */
  accept(invitation: Invitation, joiner: Joiner, tenant: TenantSummary, at: Date): Promise<AcceptOutcome>;
  /** Pending -> Revoked, freeing the address for a new invitation. */
  revoke(invitation: Invitation, at: Date): Promise<'revoked' | 'not-pending'>;
}

export interface PendingChange {
  contentId: string;
  submittedAt: string;
  changes: Record<string, unknown>;
}

export interface DeniedChange extends PendingChange {
  reason: string;
  decidedAt: string;
}

export interface CharitySettingsStore {
  pendingChange(charityId: string): Promise<PendingChange | undefined>;
  /** The charity's last proposal when the back office denied it (cleared by the next proposal). */
  deniedChange(charityId: string): Promise<DeniedChange | undefined>;
  /** Stores proposed content and points the charity at it; a proposal it replaces becomes Denied; a denial shown is cleared. */
  propose(content: ContentItem): Promise<void>;
}

export interface WorkplaceStore {
  get(workplaceId: string): Promise<Workplace | undefined>;
  /** Stores a new workplace with no members (used by the seed and the back office). */
  create(workplace: Omit<Workplace, 'memberCount'>): Promise<void>;
  /** undefined when the workplace does not exist. */
  updateSettings(workplaceId: string, settings: { name: string; businessUnits: BusinessUnit[] }): Promise<Workplace | undefined>;
  listCharities(workplaceId: string): Promise<WorkplaceCharity[]>;
  /** Adds the charity unless it is there; returns what is stored. */
  addCharity(workplaceId: string, charity: WorkplaceCharity): Promise<WorkplaceCharity>;
  removeCharity(workplaceId: string, charityId: string): Promise<void>;
}

/** The saved subject and body of an e-mail template, if the back office saved one. */
export interface MailTemplateSource {
  get(templateId: 'member-invitation'): Promise<{ subject: string; body: string } | undefined>;
}

export interface Log {
  error(message: string, context?: Record<string, unknown>): void;
}
