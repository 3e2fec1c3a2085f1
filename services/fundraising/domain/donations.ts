import type { EventData } from '@giving/shared/events';
import type { DonationCompleted } from '@giving/shared/events/donations';
import type { FundraisingDeps } from './ports';

/**
 * DonationCompleted for a fundraising page -> the page's donor list and its (and its event's) online totals, once per
 * donation however often the event is delivered. The donor is named as they gave (or 'Anonymous'); a message the
 * donor hid from the page is kept for its owner and left out of the public list.
 */
export async function recordPageDonation(deps: Pick<FundraisingDeps, 'store'>, donation: EventData<typeof DonationCompleted>): Promise<'recorded' | 'repeat' | 'notAPage' | 'unknownPage'> {
  if (donation.pageType !== 'FUNDRAISE' || !donation.page) return 'notAPage';
  const page = await deps.store.getPage(donation.page.id);
  if (!page) return 'unknownPage';
  const name = donation.isAnonymous ? 'Anonymous' : donation.donorName?.trim() || donation.receiptName;
  return deps.store.recordOnlineDonation(
    {
      id: donation.donationId,
      pageId: page.id,
      name,
      amount: donation.amount.cents,
      currency: donation.amount.currency,
      ...(donation.donorMessage ? { message: donation.donorMessage } : {}),
      ...(donation.isMessageAnonymous ? { isMessageAnonymous: true } : {}),
      donatedOn: donation.completedAt,
      kind: 'Online',
    },
    page.eventId,
  );
}
