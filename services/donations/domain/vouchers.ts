import { createHmac } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH, VOUCHER_NOT_FOUND, normalizeVoucherCode } from '@giving/shared/contracts/voucher-codes';
import type {
  BackOfficeVoucher,
  MemberVoucherPurchaseRequest,
  VoucherLookupResponse,
  VoucherPurchaseRequest,
  VoucherStatus,
  VoucherSummary,
} from '@giving/shared/contracts/vouchers';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { VoucherPurchased } from '@giving/shared/events/donations';
import { DomainError, tooManyRequests } from '@giving/shared/errors';
import type { Clock } from '@giving/shared/clock';
import { localDateText } from '@giving/shared/local-time';
import type { OutgoingMail } from '@giving/shared/mail';
import { formatMoney, money, type Money } from '@giving/shared/money';
import { donorFromSignIn, fingerprintOf, type SignedInMember } from './payments';
import type { NewPayment, PaymentRepository, PricedVoucherPurchase, RateLimiter, Voucher, VoucherRepository } from './ports';

/** Gift vouchers: codes and their hashes, buying, looking up, the lists, and the e-mail that carries the code. */

/** How long a voucher can be spent, from the day it was bought. */
export const VOUCHER_VALIDITY_MONTHS = 12;
/** Voucher lookups allowed per caller (source address) per window: plenty to apply a code, too few to guess one. */
export const VOUCHER_LOOKUPS_PER_WINDOW = 20;
export const VOUCHER_LOOKUP_WINDOW_SECONDS = 10 * 60;

/**
 * Codes come from a keyed hash of the voucher's id, so the same voucher always has the same code (the e-mail step can
 * be retried, the code is never stored) and nobody without the key can work one out. The table keeps only
 * HMAC(key, code), which a lookup recomputes from what the donor typed.
 */
export interface VoucherCodeBook {
  /** The code of voucher `voucherId`; `variant` > 0 only when an earlier variant was taken by another voucher. */
  codeFor(voucherId: string, variant: number): string;
  hash(code: string): string;
}

export function voucherCodeBook(secret: string): VoucherCodeBook {
  if (secret.length < 16) throw new Error('the voucher code secret must be at least 16 characters');
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest();
  const alphabet = VOUCHER_CODE_ALPHABET.length;
  // Bytes at or above the largest multiple of the alphabet's size are skipped, so every character is equally likely.
  const limit = 256 - (256 % alphabet);
  return {
    codeFor(voucherId, variant) {
      let code = '';
      for (let block = 0; code.length < VOUCHER_CODE_LENGTH; block++) {
        for (const byte of hmac(`voucher-code:${voucherId}:${variant}:${block}`)) {
          if (byte >= limit) continue;
          code += VOUCHER_CODE_ALPHABET[byte % alphabet];
          if (code.length === VOUCHER_CODE_LENGTH) break;
        }
      }
      return code;
    },
    hash: (code) => hmac(`voucher:${normalizeVoucherCode(code)}`).toString('hex'),
  };
}

/** Bought + 12 calendar months (UTC); a day the month lacks (29-31) moves to that month's last day. */
export function expiryOf(boughtAt: Date): Date {
  const expiry = new Date(boughtAt.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + VOUCHER_VALIDITY_MONTHS);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

export const isExpired = (voucher: Pick<Voucher, 'expiresAt'>, now: Date) => now.getTime() >= Date.parse(voucher.expiresAt);

export function voucherStatus(voucher: Pick<Voucher, 'expiresAt' | 'balance'>, now: Date): VoucherStatus {
  if (voucher.balance.cents === 0) return 'Used';
  return isExpired(voucher, now) ? 'Expired' : 'Active';
}

/** The code is shown once, in its e-mail; lists show only its last 2 characters. */
export const maskedCode = (codeLast2: string) => `${'•'.repeat(VOUCHER_CODE_LENGTH - codeLast2.length)}${codeLast2}`;

type PurchaseDeps = { payments: PaymentRepository; clock: Clock };

/**
 * A guest buys a gift voucher by card. Main course: store the purchase as a payment (its own target, the voucher's
 * value as the amount, no tip) and claim the idempotency key in one transaction, as a donation payment does; the
 * payment workflow charges the card and, once charged, creates the voucher. Same key and request: same answer.
 */
export async function createVoucherPurchase(deps: PurchaseDeps, request: VoucherPurchaseRequest, idempotencyKey: string): Promise<{ trackingNumber: string }> {
  return storePurchase(deps, request, request.buyer, undefined, fingerprintOf({ voucherPurchase: request }), idempotencyKey);
}

/** The same for a signed-in member: the buyer comes from the ID token, and the member id is part of the fingerprint. */
export async function createMemberVoucherPurchase(
  deps: PurchaseDeps,
  request: MemberVoucherPurchaseRequest,
  member: SignedInMember,
  idempotencyKey: string,
): Promise<{ trackingNumber: string }> {
  const buyer = donorFromSignIn(member);
  return storePurchase(deps, request, buyer, member.memberId, fingerprintOf({ voucherPurchase: request, memberId: member.memberId }), idempotencyKey);
}

async function storePurchase(
  deps: PurchaseDeps,
  request: VoucherPurchaseRequest | MemberVoucherPurchaseRequest,
  buyer: { firstName: string; lastName: string; email: string },
  memberId: string | undefined,
  fingerprint: string,
  idempotencyKey: string,
): Promise<{ trackingNumber: string }> {
  const now = deps.clock.now();
  const recipient = { ...(request.recipient?.name ? { name: request.recipient.name } : {}), ...(request.recipient?.email ? { email: request.recipient.email } : {}) };
  const payment: NewPayment = {
    idempotencyKey,
    pageType: 'VOUCHER_PURCHASE',
    ...(Object.keys(recipient).length > 0 ? { recipient } : {}),
    country: request.country,
    donationAmountCents: request.voucherValue,
    quantity: 1,
    supportingAmountCents: 0,
    message: request.message?.trim() || undefined,
    isAnonymous: false,
    receiptName: [buyer.firstName, buyer.lastName].filter(Boolean).join(' '),
    donor: buyer,
    ...(memberId ? { memberId } : {}),
    card: { token: request.card.token, cardType: request.card.cardType, last4: request.card.last4 },
    createdAt: now.toISOString(),
  };
  const result = await deps.payments.createOnce(payment, fingerprint);
  if (!result.created && result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
  return { trackingNumber: result.trackingNumber };
}

/** A voucher purchase is priced at the voucher's value times how many vouchers (1, or a workplace order's people), in the country's currency. */
export function priceVoucherPurchase(payment: { country: keyof typeof COUNTRIES; donationAmountCents: number; quantity: number }): PricedVoucherPurchase {
  const currency = COUNTRIES[payment.country].currency;
  const amount = money(payment.donationAmountCents * payment.quantity, currency);
  return { amount, tip: money(0, currency), total: amount, voucherPurchase: true };
}

/** The voucher a completed purchase creates (its code variant is chosen when it is stored). */
export function voucherFor(
  purchase: { trackingNumber: string; country: Voucher['country']; donor: Voucher['buyer']; memberId?: string; recipient?: Voucher['recipient']; message?: string },
  value: Money,
  codes: VoucherCodeBook,
  variant: number,
  boughtAt: Date,
): Voucher {
  const code = codes.codeFor(purchase.trackingNumber, variant);
  return {
    voucherId: purchase.trackingNumber,
    codeHash: codes.hash(code),
    codeVariant: variant,
    codeLast2: code.slice(-2),
    country: purchase.country,
    value,
    balance: value,
    expiresAt: expiryOf(boughtAt).toISOString(),
    createdAt: boughtAt.toISOString(),
    buyer: {
      email: purchase.donor.email,
      firstName: purchase.donor.firstName,
      lastName: purchase.donor.lastName,
      ...(purchase.memberId ? { memberId: purchase.memberId } : {}),
    },
    ...(purchase.recipient ? { recipient: purchase.recipient } : {}),
    ...(purchase.message ? { message: purchase.message } : {}),
  };
}

export const TOO_MANY_LOOKUPS = 'Too many voucher codes tried. Please wait a few minutes and try again.';

/**
 * POST /donations/vouchers/lookup: the balance and expiry of the voucher with this code (spec §3), for the
 * checkout's Apply. A code no voucher has is a 404. Each caller has a budget of lookups per window (429 beyond it),
 * so codes cannot be found by trying them.
 */
export async function lookupVoucher(
  deps: { vouchers: VoucherRepository; codes: VoucherCodeBook; limiter: RateLimiter; clock: Clock },
  code: string,
  caller: string,
): Promise<VoucherLookupResponse> {
  const now = deps.clock.now();
  const allowance = await deps.limiter.allow(`voucher-lookup#${caller}`, now);
  if (!allowance.allowed) throw tooManyRequests(TOO_MANY_LOOKUPS, allowance.retryAfterSeconds);
  const voucher = await deps.vouchers.getByCodeHash(deps.codes.hash(code));
  if (!voucher) throw new DomainError('NotFound', VOUCHER_NOT_FOUND, [{ field: 'body.code', message: VOUCHER_NOT_FOUND }]);
  return { isExpired: isExpired(voucher, now), remainingBalance: voucher.balance, expiresAt: voucher.expiresAt };
}

/** What VoucherPurchased says of a stored voucher (the code is never in it: only its variant, to derive it again). */
export function voucherPurchasedData(voucher: Voucher, trackingNumber: string): EventData<typeof VoucherPurchased> {
  return {
    voucherId: voucher.voucherId,
    trackingNumber,
    country: voucher.country,
    value: voucher.value,
    expiresAt: voucher.expiresAt,
    codeVariant: voucher.codeVariant,
    buyer: {
      email: voucher.buyer.email,
      firstName: voucher.buyer.firstName,
      name: [voucher.buyer.firstName, voucher.buyer.lastName].filter(Boolean).join(' '),
      ...(voucher.buyer.memberId ? { memberId: voucher.buyer.memberId } : {}),
    },
    ...(voucher.recipient ? { recipient: voucher.recipient } : {}),
    ...(voucher.message ? { message: voucher.message } : {}),
    purchasedAt: voucher.createdAt,
  };
}

export function summaryOf(voucher: Voucher, now: Date): VoucherSummary {
  return {
    id: voucher.voucherId,
    maskedCode: maskedCode(voucher.codeLast2),
    value: voucher.value,
    voucherBalance: voucher.balance,
    createdOn: voucher.createdAt,
    expiresAt: voucher.expiresAt,
    status: voucherStatus(voucher, now),
    ...(voucher.recipient?.name ? { recipientName: voucher.recipient.name } : {}),
  };
}

/**
 * The signed-in member's vouchers: those bought with the e-mail their sign-in carries (as a member, or as a guest
 * before signing up), newest first.
 */
export async function listMyVouchers(deps: { vouchers: VoucherRepository; clock: Clock }, email: string | undefined): Promise<{ items: VoucherSummary[] }> {
  if (!email) return { items: [] };
  const now = deps.clock.now();
  return { items: (await deps.vouchers.listByBuyerEmail(email)).map((voucher) => summaryOf(voucher, now)) };
}

export const BACK_OFFICE_VOUCHER_PAGE_SIZE = 25;

/** The back office's list: every voucher, newest first, 25 a page; `q` searches buyer e-mails (case-insensitive). */
export async function searchVouchers(
  deps: { vouchers: VoucherRepository; clock: Clock },
  query: { q?: string; cursor?: string },
): Promise<{ items: BackOfficeVoucher[]; nextCursor?: string }> {
  const now = deps.clock.now();
  const q = query.q?.trim().toLowerCase();
  const page = await deps.vouchers.search({ ...(q ? { q } : {}), ...(query.cursor ? { cursor: query.cursor } : {}) }, BACK_OFFICE_VOUCHER_PAGE_SIZE);
  return {
    items: page.items.map((voucher) => ({
      ...summaryOf(voucher, now),
      buyerEmail: voucher.buyer.email,
      buyerName: [voucher.buyer.firstName, voucher.buyer.lastName].filter(Boolean).join(' '),
      country: voucher.country,
    })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The e-mails that carry a new voucher's code: one to the buyer, and one to the recipient when an address was given
 * (with the buyer's message). Each names a key so it is sent once even when the event comes twice.
 */
export function voucherCodeMails(
  purchase: EventData<typeof VoucherPurchased>,
  code: string,
  siteUrl: string,
): { key: string; mail: OutgoingMail }[] {
  const locale = isCountryCode(purchase.country) ? COUNTRIES[purchase.country].locale : 'en-NZ';
  const value = formatMoney(purchase.value, locale);
  const expires = localDateText(purchase.expiresAt, isCountryCode(purchase.country) ? purchase.country : 'nz', 'long');
  const giveUrl = `${siteUrl}/${purchase.country}/charities`;
  const howTo = [
    `Voucher code: ${code}`,
    `Value: ${value}`,
    `Use it by: ${expires}`,
    '',
    `To give with it, choose a charity or a gift at ${giveUrl}, pick "Gift voucher" at checkout and enter the code.`,
  ];
  const recipientName = purchase.recipient?.name;
  if (purchase.order) return workplaceOrderMails(purchase, purchase.order, { value, howTo, recipientName, locale });
  const buyerLines = [
    `Dear ${purchase.buyer.firstName || purchase.buyer.name},`,
    '',
    `Thank you for buying a ${value} Koha gift voucher${recipientName ? ` for ${recipientName}` : ''}.`,
    purchase.recipient?.email ? `We have also e-mailed the code to ${purchase.recipient.email}.` : 'Pass the code on to whoever you are giving it to.',
    '',
    ...howTo,
    '',
    `Receipt number: ${purchase.trackingNumber}`,
    // Receipts tell the truth (docs/DECISIONS.md): buying a voucher is not giving, and its value is no one's to claim.
    'A gift voucher is not a donation: this receipt cannot be used to claim a tax credit or deduction, and neither can the part of a donation the voucher pays.',
  ];
  const mails = [{ key: 'buyer', to: purchase.buyer.email, subject: 'Your Koha gift voucher', lines: buyerLines }];
  if (purchase.recipient?.email) {
    mails.push({
      key: 'recipient',
      to: purchase.recipient.email,
      subject: `${purchase.buyer.name} sent you a Koha gift voucher`,
      lines: [
        `Kia ora${recipientName ? ` ${recipientName}` : ''},`,
        '',
        `${purchase.buyer.name} has given you a ${value} Koha gift voucher to give to a charity of your choice.`,
        ...(purchase.message ? ['', `"${purchase.message}"`] : []),
        '',
        ...howTo,
      ],
    });
  }
  return mails.map(asMail);
}

const asMail = ({ key, to, subject, lines }: { key: string; to: string; subject: string; lines: string[] }) => ({
  key,
  mail: { to, subject, text: lines.join('\n'), html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n') } satisfies OutgoingMail,
});

/**
 * A workplace order's voucher: its person gets the code, from the workplace; the buyer never sees the codes and gets
 * one e-mail for the whole order (sent with the order's first voucher), which is their receipt.
 */
function workplaceOrderMails(
  purchase: EventData<typeof VoucherPurchased>,
  order: NonNullable<EventData<typeof VoucherPurchased>['order']>,
  text: { value: string; howTo: string[]; recipientName?: string; locale: string },
): { key: string; mail: OutgoingMail }[] {
  const mails: { key: string; to: string; subject: string; lines: string[] }[] = [];
  if (purchase.recipient?.email) {
    mails.push({
      key: 'recipient',
      to: purchase.recipient.email,
      subject: `${order.workplaceName} sent you a Koha gift voucher`,
      lines: [
        `Kia ora${text.recipientName ? ` ${text.recipientName}` : ''},`,
        '',
        `${order.workplaceName} has given you a ${text.value} Koha gift voucher to give to a charity of your choice.`,
        ...(purchase.message ? ['', `"${purchase.message}"`] : []),
        '',
        ...text.howTo,
      ],
    });
  }
  if (order.position === 1) {
    const people = order.size === 1 ? '1 person' : `${order.size} people`;
    mails.push({
      key: 'buyer',
      to: purchase.buyer.email,
      subject: `Your order of Koha gift vouchers for ${order.workplaceName}`,
      lines: [
        `Dear ${purchase.buyer.firstName || purchase.buyer.name},`,
        '',
        `Thank you for buying Koha gift vouchers of ${text.value} each for ${people} at ${order.workplaceName}: ${formatMoney(order.total, text.locale)} in all.`,
        `We have e-mailed each person their own code. You can follow what is left on each voucher under Gift Vouchers in your workplace console.`,
        '',
        `Receipt number: ${purchase.trackingNumber}`,
        'A gift voucher is not a donation: this receipt cannot be used to claim a tax credit or deduction, and neither can the part of a donation a voucher pays.',
      ],
    });
  }
  return mails.map(asMail);
}
