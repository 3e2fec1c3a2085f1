import { DONATION_HISTORY_PAGE_SIZE, type DonationHistoryItem, type DonationHistoryPage } from '@giving/shared/contracts/member-giving';
import { money } from '@giving/shared/money';
import type { Donation, DonationHistory } from './ports';

/** A completed donation as the member's history shows it: what, for whom, how much, how it was paid, when. */
export function donationHistoryItem(donation: Donation): DonationHistoryItem {
  return {
    donationId: donation.donationId,
    trackingNumber: donation.trackingNumber,
    completedAt: donation.completedAt,
    pageType: donation.pageType,
    country: donation.country,
    charity: { id: donation.priced.charity.id, name: donation.priced.charity.name, charityUrl: donation.priced.charity.charityUrl },
    ...(donation.priced.gift ? { gift: donation.priced.gift } : {}),
    quantity: donation.quantity,
    amount: donation.priced.amount,
    tip: donation.priced.tip,
    total: donation.priced.total,
    transactionFee: donation.transactionFee ?? money(0, donation.priced.total.currency),
    paymentType: donation.paymentType,
    ...(donation.card ? { card: { cardType: donation.card.cardType, last4: donation.card.last4 } } : {}),
    isRecurring: donation.isRecurring === true,
  };
}

/** The member's completed donations, newest first, one page at a time (the cursor comes from the previous page). */
export async function listDonationHistory(
  deps: { history: DonationHistory },
  memberId: string,
  page: { limit?: number; cursor?: string } = {},
): Promise<DonationHistoryPage> {
  const { items, nextCursor } = await deps.history.listByMember(memberId, { limit: page.limit ?? DONATION_HISTORY_PAGE_SIZE, ...(page.cursor ? { cursor: page.cursor } : {}) });
  return { items: items.map(donationHistoryItem), ...(nextCursor ? { nextCursor } : {}) };
}
