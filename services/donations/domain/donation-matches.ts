import type { EventData } from '@giving/shared/events';
import type { DonationMatched } from '@giving/shared/events/matching';
import { notFound } from '@giving/shared/errors';
import type { OutgoingMail } from '@giving/shared/mail';
import { money, type Money } from '@giving/shared/money';
import { escapeHtml, type PrintableBlock } from '@giving/shared/printing/printable';
import type { Donation, PaymentRepository } from './ports';
import { formatIn, TAX_RULES } from './receipts';

/**
 * What workplaces matched a donation (issue 16 item 5): donations keeps each DonationMatched against the donation, so
 * the thank-you page can say it, the receipt names it (apart from the donor's own donation: a match is the
 * workplace's gift, never the donor's to claim), and the donor is told by e-mail when a match goes to the charity (a
 * Voucher match has its own e-mail, with the voucher's code).
 */
export interface DonationMatch {
  campaignId: string;
  workplaceName: string;
  campaignName: string;
  amount: Money;
  matchType: 'Donation' | 'Voucher';
  matchedAt: string;
}

export interface DonationMatchStore {
  /** Keeps the match once per campaign (a redelivered event writes the same item). */
  save(donationId: string, match: DonationMatch): Promise<void>;
  /** A refund took the match down to `kept` cents (issue 17 item 5), once per refund; 'missing' when it is not kept yet. */
  giveBack(donationId: string, campaignId: string, refundId: string, kept: number): Promise<'given' | 'already' | 'missing'>;
  list(donationId: string): Promise<DonationMatch[]>;
}

export const matchOf = (event: EventData<typeof DonationMatched>): DonationMatch => ({
  campaignId: event.campaignId,
  workplaceName: event.workplaceName || 'Your workplace',
  campaignName: event.campaignName ?? '',
  amount: money(event.amount.cents, event.amount.currency),
  matchType: event.matchType,
  matchedAt: event.matchedAt,
});

/** GET /donations/me/donations/{donationId}/matches: the member's own donation's matches (another's, or none, is 404). */
export async function memberDonationMatches(
  deps: { payments: Pick<PaymentRepository, 'getDonation'>; matches: Pick<DonationMatchStore, 'list'> },
  memberId: string,
  donationId: string,
) {
  const donation = await deps.payments.getDonation(donationId);
  if (!donation || donation.memberId !== memberId) throw notFound('The donation');
  const matches = await deps.matches.list(donationId);
  return {
    items: matches
      .sort((a, b) => a.matchedAt.localeCompare(b.matchedAt))
      .map(({ campaignId, workplaceName, campaignName, amount, matchType }) => ({ campaignId, workplaceName, campaignName, amount, matchType })),
  };
}

/** One match as a sentence: the same words on the receipt and in the e-mail. */
export function matchText(donation: Donation, match: DonationMatch): string {
  const noun = TAX_RULES[donation.country].noun;
  const charity = donation.priced.charity.name;
  const campaign = match.campaignName ? ` through its ${match.campaignName} campaign` : '';
  const amount = formatIn(donation.country, match.amount);
  return match.matchType === 'Voucher'
    ? `${match.workplaceName} matched this ${noun}${campaign} with a ${amount} Koha gift voucher for you to give to a charity of your choice. The voucher is not part of this ${noun}.`
    : `${match.workplaceName} matched this ${noun} with ${amount}${campaign}, so ${charity} receives that on top of your ${noun}. The match is ${match.workplaceName}’s own ${noun}: it is not part of yours and you cannot claim it for tax.`;
}

/** The receipt's section on matches (none: nothing added). */
export function matchBlocks(donation: Donation, matches: readonly DonationMatch[]): PrintableBlock[] {
  if (matches.length === 0) return [];
  return [
    { kind: 'heading', text: 'Matched' },
    { kind: 'fields', fields: matches.map((match) => ({ label: `Matched by ${match.workplaceName}`, value: formatIn(donation.country, match.amount) })) },
    ...matches.map((match) => ({ kind: 'paragraph' as const, text: matchText(donation, match) })),
  ];
}

/** The e-mail telling the donor a workplace matched their donation to the charity, with their receipt that now says so. */
export function donationMatchedMail(donation: Donation, match: DonationMatch, to: string, receiptUrl: string): OutgoingMail {
  const charity = donation.priced.charity.name;
  const own = donation.priced.amount;
  const together = formatIn(donation.country, money(own.cents + match.amount.cents, own.currency));
  const lines = [
    `Dear ${donation.receiptName},`,
    '',
    `Good news: ${match.workplaceName} matched your donation of ${formatIn(donation.country, own)} to ${charity} with ${formatIn(donation.country, match.amount)}${match.campaignName ? ` (${match.campaignName})` : ''}. Together you have given ${together}.`,
    '',
    matchText(donation, match),
    '',
    `Your receipt, which now shows the match: ${receiptUrl}`,
  ];
  return {
    to,
    subject: `${match.workplaceName} matched your donation to ${charity}`,
    text: lines.join('\n'),
    html: lines
      .filter(Boolean)
      .map((line) => (line.startsWith('Your receipt') ? `<p><a href="${escapeHtml(receiptUrl)}">Your receipt, which now shows the match (PDF)</a></p>` : `<p>${escapeHtml(line)}</p>`))
      .join('\n'),
  };
}
