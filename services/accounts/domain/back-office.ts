import type { AuditActor } from './personal-data';
import type {
  BackOfficeDashboard,
  CharityProfile,
  ListQuery,
  MemberSummary,
  NewCharity,
  NewWorkplace,
  SecuritySettings,
  Workplace,
} from '@giving/shared/contracts/accounts';
import { conflict, notFound } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { ADMINISTRATOR } from '@giving/shared/permissions';

/** One page of a back-office list; `nextCursor` is opaque and only the store reads it. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** A search over a list: `q` is matched case-insensitively, `cursor` continues a previous page. */
export interface ListRequest {
  q?: string;
  cursor?: string;
  pageSize: number;
}

export interface BackOfficeStore {
  dashboardCounts(): Promise<BackOfficeDashboard>;
  /** By name; `q` matches any part of the name. */
  listCharities(request: ListRequest): Promise<Page<CharityProfile>>;
  /** Lists the charity and claims its URL in one transaction; 'urlTaken' when another charity has the URL. */
  createCharity(charity: CharityProfile, createdAt: string): Promise<'created' | 'urlTaken'>;
  /** By name; `q` matches any part of the name or e-mail. */
  listMembers(request: ListRequest): Promise<Page<MemberSummary>>;
  listAdministrators(): Promise<MemberSummary[]>;
  getMember(memberId: string): Promise<MemberSummary | undefined>;
  /** Adds or removes the role on the member record (idempotent); undefined when there is no such member. */
  /** Changes the role and records it in the member's audit trail, in one transaction (nothing when already so). */
  setAdminRole(memberId: string, role: string, held: boolean, actor?: AuditActor): Promise<MemberSummary | undefined>;
  /** By name. */
  listWorkplaces(): Promise<Workplace[]>;
  createWorkplace(workplace: Workplace): Promise<void>;
}

/** The user pool's groups: membership becomes the `cognito:groups` claim the API's guard reads. */
export interface UserPoolGroups {
  /** Both are idempotent. Throw NotFound when the user is not in the pool. */
  addUser(username: string, group: string): Promise<void>;
  removeUser(username: string, group: string): Promise<void>;
  /** Ends every session the member has: their refresh tokens stop working (AdminUserGlobalSignOut). */
  signOutEverywhere(username: string): Promise<void>;
  /** The usernames in a group (every page). */
  usersIn(group: string): Promise<string[]>;
  /**
   * Requires a second factor at sign-in (a code e-mailed to the member's verified address) or gives the choice back
   * to the member; idempotent.
   */
  requireMfa(username: string, required: boolean): Promise<void>;
}

type Clock = { now(): Date };

/** Back-office lists show this many rows per page. */
export const PAGE_SIZE = 25;

export const URL_TAKEN = 'That charity URL is already taken.';
export const CANNOT_REVOKE_SELF = 'You cannot remove your own administrator role.';

const search = (query: ListQuery): ListRequest => {
  const q = query.q?.trim().toLowerCase();
  return { ...(q ? { q } : {}), ...(query.cursor ? { cursor: query.cursor } : {}), pageSize: PAGE_SIZE };
};

export function getDashboard(deps: { backOffice: BackOfficeStore }): Promise<BackOfficeDashboard> {
  return deps.backOffice.dashboardCounts();
}

export function listCharities(deps: { backOffice: BackOfficeStore }, query: ListQuery): Promise<Page<CharityProfile>> {
  return deps.backOffice.listCharities(search(query));
}

/** Lists a new charity. Its URL must be free; the charity page shows initials until it has a logo. */
export async function createCharity(deps: { backOffice: BackOfficeStore; clock: Clock }, input: NewCharity): Promise<CharityProfile> {
  const now = deps.clock.now();
  const charity: CharityProfile = {
    id: newId(now.getTime()),
    name: input.name,
    charityUrl: input.charityUrl,
    country: input.country,
    logoImageUrl: '',
    description: input.description,
    causes: [],
    ...(input.registrationNumber ? { registrationNumber: input.registrationNumber } : {}),
    ...(input.taxApproved !== undefined ? { taxApproved: input.taxApproved } : {}),
  };
  if ((await deps.backOffice.createCharity(charity, now.toISOString())) === 'urlTaken') throw conflict(URL_TAKEN);
  return charity;
}

export function listMembers(deps: { backOffice: BackOfficeStore }, query: ListQuery): Promise<Page<MemberSummary>> {
  return deps.backOffice.listMembers(search(query));
}

export async function listAdministrators(deps: { backOffice: BackOfficeStore }): Promise<{ items: MemberSummary[] }> {
  return { items: await deps.backOffice.listAdministrators() };
}

/**
 * Grants the Administrator role: the user pool group first (it is what the API checks, through the token's
 * groups), then the member record the back office lists. Both steps are idempotent, so a retry completes a half-done grant.
 */
export async function grantAdministrator(
  deps: { backOffice: BackOfficeStore; groups: UserPoolGroups; security: { get(): Promise<SecuritySettings | undefined> } },
  memberId: string,
  actor?: AuditActor,
): Promise<MemberSummary> {
  const member = await deps.backOffice.getMember(memberId);
  if (!member) throw notFound('Member');
  await deps.groups.addUser(member.email, ADMINISTRATOR);
  // 'Require MFA for administrators' holds for a new administrator too, from their next sign-in.
  if ((await deps.security.get())?.requireMfaForAdministrators) await deps.groups.requireMfa(member.email, true);
  const updated = await deps.backOffice.setAdminRole(memberId, ADMINISTRATOR, true, actor);
  if (!updated) throw notFound('Member');
  return updated;
}

/**
 * Revokes the Administrator role (never the caller's own, so the back office always keeps the person using it), at
 * once: out of the user pool group, which every service's guard asks before trusting a token's groups, and signed
 * out everywhere, so no refresh token gets them a new one.
 */
export async function revokeAdministrator(
  deps: { backOffice: BackOfficeStore; groups: UserPoolGroups; security: { get(): Promise<SecuritySettings | undefined> } },
  memberId: string,
  callerId: string,
  actor?: AuditActor,
): Promise<MemberSummary> {
  if (memberId === callerId) throw conflict(CANNOT_REVOKE_SELF);
  const member = await deps.backOffice.getMember(memberId);
  if (!member) throw notFound('Member');
  await deps.groups.removeUser(member.email, ADMINISTRATOR);
  await deps.groups.signOutEverywhere(member.email);
  if ((await deps.security.get())?.requireMfaForAdministrators) await deps.groups.requireMfa(member.email, false);
  const updated = await deps.backOffice.setAdminRole(memberId, ADMINISTRATOR, false, actor);
  if (!updated) throw notFound('Member');
  return updated;
}

export async function listWorkplaces(deps: { backOffice: BackOfficeStore }): Promise<{ items: Workplace[] }> {
  return { items: await deps.backOffice.listWorkplaces() };
}

/** Creates a workplace with no business units or members yet (its admins are invited from the workplace console). */
export async function createWorkplace(deps: { backOffice: BackOfficeStore; clock: Clock }, input: NewWorkplace): Promise<Workplace> {
  const now = deps.clock.now();
  const workplace: Workplace = {
    id: newId(now.getTime()),
    name: input.name,
    country: input.country,
    businessUnits: [],
    memberCount: 0,
    createdAt: now.toISOString(),
  };
  await deps.backOffice.createWorkplace(workplace);
  return workplace;
}
