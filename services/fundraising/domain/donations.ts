import type { EventData } from '@giving/shared/events';
import type { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import type { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import type { FundraisingDeps, MailDeps } from './ports';
import { noteDonation, noteTargetReached } from './owner-mail';

/**
 * DonationCompleted for a fundraising page -> the page's donor list and its (and its event's) online totals, once per
 * donation however often the event is delivered. The donor is named as they gave (or 'Anonymous'); a message the
 * donor hid from the page is kept for its owner and left out of the public list.
 */
export async function recordPageDonation(
  deps: Pick<FundraisingDeps, 'store' | 'clock'> & { mail: MailDeps },
  donation: EventData<typeof DonationCompleted>,
): Promise<'recorded' | 'repeat' | 'notAPage' | 'unknownPage'> {
  if (donation.pageType !== 'FUNDRAISE' || !donation.page) return 'notAPage';
  const page = await deps.store.getPage(donation.page.id);
  if (!page) return 'unknownPage';
  const name = donation.isAnonymous ? 'Anonymous' : donation.donorName?.trim() || donation.receiptName;
  const outcome = await deps.store.recordOnlineDonation(
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
      ...(donation.donorMemberId ? { donorMemberId: donation.donorMemberId } : donation.donorEmail ? { donorEmail: donation.donorEmail.toLowerCase() } : {}),
    },
    page.eventId,
  );
  // The owner hears of it: in the page's next digest (once per donation), and once when the target is reached. A
  // repeat delivery that finds the donation counted still makes sure of both (each is idempotent).
  await noteDonation(deps, page.id, {
    donationId: donation.donationId,
    name,
    amount: donation.amount.cents,
    currency: donation.amount.currency,
    ...(donation.donorMessage ? { message: donation.donorMessage } : {}),
    donatedOn: donation.completedAt,
  });
  await noteTargetReached(deps, page.id);
  return outcome;
}

/**
 * DonationMatched for a page's donation -> the page's (and its event's) matched amount, once per campaign and
 * donation: it counts in the amount raised beside the online and offline amounts, and moves live with them.
 */
export async function recordPageMatch(
  deps: Pick<FundraisingDeps, 'store'>,
  match: EventData<typeof DonationMatched>,
): Promise<'recorded' | 'repeat' | 'notAPage' | 'unknownPage'> {
  // A bonus paid as a voucher to the member is theirs to give: it is not raised by the page.
  if (!match.pageId || match.matchType !== 'Donation') return 'notAPage';
  const page = await deps.store.getPage(match.pageId);
  if (!page) return 'unknownPage';
  return deps.store.recordMatch(
    { id: `${match.campaignId}#${match.donationId}`, pageId: page.id, amount: match.amount.cents, currency: match.amount.currency, matchedAt: match.matchedAt },
    page.eventId,
  );
}

/**
 * DonationRefunded for a page's donation -> the page's (and its event's) amount raised loses the refunded part of the
 * donation, and its donor entry shows what is left (or goes, refunded in full), once per refund (issue 17 item 5).
 */
export async function recordPageRefund(deps: Pick<FundraisingDeps, 'store'>, refunded: EventData<typeof DonationRefunded>): Promise<'recorded' | 'repeat' | 'notAPage' | 'unknownPage'> {
  if (!refunded.pageId || refunded.donationCents <= 0) return 'notAPage';
  const page = await deps.store.getPage(refunded.pageId);
  if (!page) return 'unknownPage';
  return deps.store.recordRefund(
    {
      refundId: refunded.refundId,
      pageId: page.id,
      donationId: refunded.donationId,
      donatedOn: refunded.completedAt,
      amount: refunded.donationCents,
      remaining: refunded.remainingDonationCents,
    },
    page.eventId,
  );
}

/** DonationMatchGivenBack for a page's donation -> the page's (and its event's) matched amount loses it, once. */
export async function recordPageMatchGivenBack(deps: Pick<FundraisingDeps, 'store'>, giveBack: EventData<typeof DonationMatchGivenBack>): Promise<'recorded' | 'repeat' | 'notAPage' | 'unknownPage'> {
  if (!giveBack.pageId || giveBack.matchType !== 'Donation' || giveBack.givenBack.cents <= 0) return 'notAPage';
  const page = await deps.store.getPage(giveBack.pageId);
  if (!page) return 'unknownPage';
  return deps.store.recordMatchGivenBack({ refundId: giveBack.refundId, campaignId: giveBack.campaignId, pageId: page.id, amount: giveBack.givenBack.cents }, page.eventId);
}
