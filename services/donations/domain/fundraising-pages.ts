import type { EventData } from '@giving/shared/events';
import type { PageModified } from '@giving/shared/events/fundraising';
import type { FundraisingPageDirectory } from './ports';

/**
 * PageModified -> donations' copy of a fundraising page: what a donation to it checks (online, its end date, its
 * country and charity) and says (title, addresses, owner). A removed page is kept offline.
 */
export function recordFundraisingPage(deps: { pages: Pick<FundraisingPageDirectory, 'save'> }, change: EventData<typeof PageModified>) {
  const page = change.page;
  return deps.pages.save({
    id: page.id,
    title: page.title,
    pageUrl: page.pageUrl,
    eventUrl: page.eventUrl,
    eventId: page.eventId,
    country: page.country,
    charityId: page.charity.id,
    ownerName: page.ownerName,
    ownerMemberId: page.ownerMemberId,
    ...(page.workplaceId ? { workplaceId: page.workplaceId } : {}),
    isOnline: change.change !== 'Removed' && page.isOnline,
    endDate: page.endDate,
    version: page.version,
  });
}
