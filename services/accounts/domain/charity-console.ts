import type { AuditActor } from './personal-data';
import type { CharityMember, CharitySettings, ContentItem, UpdateCharitySettings } from '@giving/shared/contracts/accounts';
import type { Clock } from '@giving/shared/clock';
import { conflict, notFound } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { callerName, type CharitySettingsStore, type MemberDirectory, type MembershipStore, type SignedInMember, type TenantDirectory } from './people';

export const LAST_CHARITY_ADMIN = 'A charity needs at least one administrator.';
export const REPLACED_PROPOSAL = 'Replaced by a newer proposal.';

export async function listMembers(deps: { memberships: MembershipStore }, charityId: string): Promise<{ items: CharityMember[] }> {
  return { items: await deps.memberships.listCharityMembers(charityId) };
}

/** DELETE /accounts/charity/{id}/members/{memberId}: never the last Charity.Admin (the store's condition decides). */
export async function removeMember(deps: { memberships: MembershipStore }, charityId: string, memberId: string, actor?: AuditActor): Promise<void> {
  const outcome = await deps.memberships.removeCharityMember(charityId, memberId, actor);
  if (outcome === 'not-found') throw notFound('Charity member');
  if (outcome === 'last-admin') throw conflict(LAST_CHARITY_ADMIN);
}

/** The live profile, the change waiting for the back office, if any, and the last one it denied, with its reason. */
export async function getSettings(deps: { tenants: TenantDirectory; settings: CharitySettingsStore }, charityId: string): Promise<CharitySettings> {
  const [profile, pendingChange, deniedChange] = await Promise.all([
    deps.tenants.charity(charityId),
    deps.settings.pendingChange(charityId),
    deps.settings.deniedChange(charityId),
  ]);
  if (!profile) throw notFound('Charity');
  return { profile, ...(pendingChange ? { pendingChange } : {}), ...(deniedChange && !pendingChange ? { deniedChange } : {}) };
}

/**
 * PUT /accounts/charity/{id}/settings: propose profile changes. The live profile does not change: the proposal is
 * content waiting for approval (status Proposed), and replaces any earlier proposal (which becomes Denied).
 */
export async function updateSettings(
  deps: { tenants: TenantDirectory; settings: CharitySettingsStore; members: Pick<MemberDirectory, 'get'>; clock: Clock },
  charityId: string,
  changes: UpdateCharitySettings,
  caller: SignedInMember,
): Promise<CharitySettings> {
  const [profile, submittedByName] = await Promise.all([deps.tenants.charity(charityId), callerName(deps.members, caller)]);
  if (!profile) throw notFound('Charity');
  const now = deps.clock.now();
  const content: ContentItem = {
    id: newId(now.getTime()),
    kind: 'CharityProfile',
    charityId,
    charityName: profile.name,
    country: profile.country,
    changes: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    status: 'Proposed',
    submittedBy: caller.email || caller.memberId,
    submittedByName,
    submittedAt: now.toISOString(),
  };
  await deps.settings.propose(content);
  return { profile, pendingChange: { contentId: content.id, submittedAt: content.submittedAt, changes: content.changes } };
}
