import type { EventData } from '@giving/shared/events';
import type { DonationCompleted } from '@giving/shared/events/donations';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import type { Mailer } from './ports';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The card transaction fee the donor covered, and what the card was charged in all (the fee is not part of the donation). */
function feeLines(donation: EventData<typeof DonationCompleted>, locale: string): string[] {
  const fee = donation.transactionFee;
  if (!fee || fee.cents === 0) return [];
  const card = donation.total.cents - (donation.voucherAmount?.cents ?? 0) + fee.cents;
  return [`Transaction fee: ${formatMoney(fee, locale)}`, `Charged to your card: ${formatMoney({ cents: card, currency: fee.currency }, locale)}`];
}

/** E-mails the donor a receipt for a completed donation. */
export async function sendDonationReceipt(
  deps: { mailer: Mailer; siteUrl: string },
  donation: EventData<typeof DonationCompleted>,
): Promise<void> {
  if (!donation.donorEmail) return;
  const locale = isCountryCode(donation.country) ? COUNTRIES[donation.country].locale : 'en-NZ';
  const total = formatMoney(donation.total, locale);
  const lines = [
    `Dear ${donation.receiptName},`,
    '',
    donation.gift
      ? `Thank you for your donation of ${total} to ${donation.charity.name} (${donation.quantity} x ${donation.gift.title}).`
      : `Thank you for your general donation of ${total} to ${donation.charity.name}.`,
    donation.tip.cents > 0 ? `This includes ${formatMoney(donation.tip, locale)} to support the website.` : undefined,
    donation.voucherAmount ? `${formatMoney(donation.voucherAmount, locale)} of it was paid with a gift voucher.` : undefined,
    ...feeLines(donation, locale),
    `Receipt number: ${donation.trackingNumber}`,
    `Date: ${new Date(donation.completedAt).toLocaleDateString(locale, { dateStyle: 'long' })}`,
    '',
    `See more of ${donation.charity.name}'s work: ${deps.siteUrl}/${donation.country}/charity/${donation.charity.charityUrl}`,
  ].filter((line): line is string => line !== undefined);
  await deps.mailer.send({
    to: donation.donorEmail,
    subject: `Your receipt for your donation to ${donation.charity.name}`,
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'),
  });
}
