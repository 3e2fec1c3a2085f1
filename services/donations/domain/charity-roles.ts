import type { EventData } from '@giving/shared/events';
import type { CharityMembershipChanged } from '@giving/shared/events/accounts';
import type { TenantRoleDirectory } from './ports';

/**
 * CharityMembershipChanged -> donations' copy of the member's roles in the charity (a removal keeps no roles), which
 * the charity console routes (gifts, donation report, remittance) check. Safe to receive twice or out of order: the
 * directory keeps only the newest `version`.
 */
export async function recordCharityMembership(
  deps: { roles: Pick<TenantRoleDirectory, 'saveCharityMembership'> },
  change: EventData<typeof CharityMembershipChanged>,
): Promise<'saved' | 'stale'> {
  return deps.roles.saveCharityMembership({ memberId: change.memberId, charityId: change.charityId, roles: change.roles, version: change.version });
}
