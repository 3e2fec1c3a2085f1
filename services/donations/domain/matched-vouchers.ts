import type { Clock } from '@giving/shared/clock';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { DonationMatched } from '@giving/shared/events/matching';
import { localDateText } from '@giving/shared/local-time';
import type { OutgoingMail } from '@giving/shared/mail';
import { formatMoney } from '@giving/shared/money';
import type { Voucher, VoucherRepository } from './ports';
import { expiryOf, type VoucherCodeBook } from './vouchers';

/**
 * A campaign of matchType Voucher matches by giving the member a gift voucher worth the bonus (issue 16 item 3,
 * Workplace_MatchedVoucher): the member gives it on to a charity of their choice. The voucher's id comes from the
 * campaign and the donation, so a redelivered DonationMatched finds the voucher it made; it is listed as the member's
 * (their e-mail) and the workplace's.
 */
export const matchedVoucherId = (match: Pick<EventData<typeof DonationMatched>, 'campaignId' | 'donationId'>) => `MATCH-${match.campaignId}-${match.donationId}`;
/** A voucher a match gave (no payment bought it: its order number is the matched donation's id). */
export const isMatchedVoucher = (voucher: Pick<Voucher, 'voucherId'>) => voucher.voucherId.startsWith('MATCH-');

export async function issueMatchedVoucher(
  deps: { vouchers: VoucherRepository; codes: VoucherCodeBook; clock: Clock },
  match: EventData<typeof DonationMatched>,
): Promise<Voucher | undefined> {
  if (match.matchType !== 'Voucher' || !match.member?.email || match.amount.cents <= 0) return undefined;
  const voucherId = matchedVoucherId(match);
  const issuedAt = new Date(match.matchedAt);
  const country = match.amount.currency === 'AUD' ? 'au' : 'nz';
  for (let variant = 0; variant < 10; variant++) {
    const code = deps.codes.codeFor(voucherId, variant);
    const voucher: Voucher = {
      voucherId,
      codeHash: deps.codes.hash(code),
      codeVariant: variant,
      codeLast2: code.slice(-2),
      country,
      value: match.amount,
      balance: match.amount,
      expiresAt: expiryOf(issuedAt).toISOString(),
      createdAt: issuedAt.toISOString(),
      buyer: { email: match.member.email, firstName: match.member.firstName ?? '', lastName: '', memberId: match.memberId },
      recipient: { email: match.member.email, ...(match.member.firstName ? { name: match.member.firstName } : {}) },
      workplace: { id: match.workplaceId, name: match.workplaceName ?? '', orderNumber: match.donationId },
    };
    const outcome = await deps.vouchers.issue(voucher);
    if (outcome === 'created') return voucher;
    if (outcome === 'exists') return (await deps.vouchers.getByCodeHash(voucher.codeHash)) ?? voucher;
  }
  throw new Error(`no free code for the matched voucher ${voucherId}`);
}

/** The member's e-mail: what they gave was matched, with the voucher's code and how to give it. */
export function matchedVoucherMail(match: EventData<typeof DonationMatched>, voucher: Voucher, code: string, siteUrl: string): OutgoingMail {
  const country = isCountryCode(voucher.country) ? voucher.country : 'nz';
  const value = formatMoney(voucher.value, COUNTRIES[country].locale);
  const workplace = match.workplaceName || 'Your workplace';
  const lines = [
    `Kia ora${match.member?.firstName ? ` ${match.member.firstName}` : ''},`,
    '',
    `${workplace} matched your donation${match.charityName ? ` to ${match.charityName}` : ''}${match.campaignName ? ` (${match.campaignName})` : ''} with a ${value} Koha gift voucher for you to give to a charity of your choice.`,
    '',
    `Voucher code: ${code}`,
    `Value: ${value}`,
    `Use it by: ${localDateText(voucher.expiresAt, country, 'long')}`,
    '',
    `To give with it, choose a charity or a gift at ${siteUrl}/${country}/charities, pick "Gift voucher" at checkout and enter the code.`,
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
  return {
    to: match.member?.email ?? voucher.buyer.email,
    subject: `${workplace} matched your donation with a Koha gift voucher`,
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escape(line)}</p>` : '')).join('\n'),
  };
}
