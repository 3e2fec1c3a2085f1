import type { CharityCopy, MemberNameCopy, TenantRoleCopy } from '@giving/shared/copies';
import type { EventData } from '@giving/shared/events';
import type { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import type { FundraisingStore } from './ports';

/* Fundraising's copies of accounts' data (newest version wins, so redelivery and reordering are harmless). */

/** CharityProfilePublished -> the charity as pages show it, and the list of charities one can fundraise for. */
export async function recordCharityProfile(deps: { charities: Pick<CharityCopy, 'save'>; store: Pick<FundraisingStore, 'saveCharityListing'> }, profile: EventData<typeof CharityProfilePublished>) {
  const charity = { id: profile.id, name: profile.name, charityUrl: profile.charityUrl, country: profile.country, logoImageUrl: profile.logoImageUrl, isActive: profile.isActive ?? true, version: profile.version };
  const saved = await deps.charities.save(charity);
  if (saved === 'saved') await deps.store.saveCharityListing(charity);
  return saved;
}

export const recordCharityMembership = (deps: { roles: Pick<TenantRoleCopy, 'saveCharityMembership'> }, change: EventData<typeof CharityMembershipChanged>) =>
  deps.roles.saveCharityMembership({ memberId: change.memberId, charityId: change.charityId, roles: change.roles, version: change.version });

export const recordWorkplaceMembership = (deps: { roles: Pick<TenantRoleCopy, 'saveWorkplaceMembership'> }, change: EventData<typeof WorkplaceMembershipChanged>) =>
  deps.roles.saveWorkplaceMembership({ memberId: change.memberId, workplaceId: change.workplaceId, workplaceName: change.workplaceName, roles: change.roles, version: change.version });

export const recordMemberNames = (deps: { memberNames: Pick<MemberNameCopy, 'save'> }, change: EventData<typeof MemberNamesChanged>) =>
  deps.memberNames.save({ memberId: change.memberId, firstName: change.firstName, lastName: change.lastName, version: change.version });
