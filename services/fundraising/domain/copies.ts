import { charityProjectionOf, type CharityCopy } from '@giving/shared/copies';
import type { EventData } from '@giving/shared/events';
import type { CharityProfilePublished } from '@giving/shared/events/accounts';
import type { FundraisingStore } from './ports';

/* Fundraising's copies of accounts' data (newest version wins, so redelivery and reordering are harmless). */

export { recordCharityMembership, recordMemberNames, recordWorkplaceMembership } from '@giving/shared/copies';

/** CharityProfilePublished -> the charity as pages show it, and the list of charities one can fundraise for. */
export async function recordCharityProfile(deps: { charities: Pick<CharityCopy, 'save'>; store: Pick<FundraisingStore, 'saveCharityListing'> }, profile: EventData<typeof CharityProfilePublished>) {
  const charity = charityProjectionOf(profile);
  const saved = await deps.charities.save(charity);
  if (saved === 'saved') await deps.store.saveCharityListing(charity);
  return saved;
}
