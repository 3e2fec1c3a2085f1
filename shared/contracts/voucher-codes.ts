import * as z from 'zod/mini';
import { moneySchema } from './common';

/**
 * Gift voucher codes and the covering rule, shared by the API and the SPA. A code is 8 characters from an alphabet
 * without look-alikes (no 0/O, 1/I/L), so it can be read off an e-mail and typed back without doubt.
 */
export const VOUCHER_CODE_LENGTH = 8;
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Spec §5: 'Apply' is enabled at 6 characters or more; the field takes at most 8. */
export const VOUCHER_CODE_MIN_APPLY = 6;

export const VOUCHER_CODE_INVALID = 'Enter the code from your gift voucher.';
/** The lookup's 404 and the payment's failure for a code no voucher has. */
export const VOUCHER_NOT_FOUND = 'Voucher not found. Please check the code and try again.';
export const VOUCHER_EXPIRED = 'This gift voucher has expired.';
export const VOUCHER_USED_UP = 'This gift voucher has no balance left.';
export const VOUCHER_WRONG_COUNTRY = 'This gift voucher cannot be used in this country.';
/** A voucher payment whose voucher does not cover the total, sent without a card for the rest. */
export const VOUCHER_NEEDS_CARD = 'Your gift voucher does not cover the total. Please add your card details to pay the rest.';
/**
 * The voucher's balance fell between checkout and redemption (another payment used it), so the card would pay a part,
 * and a fee, the donor was never shown: the payment fails instead, taking nothing.
 */
export const VOUCHER_BALANCE_CHANGED =
  'Your gift voucher’s balance changed while we were processing your donation, so your card would have paid a different amount. You have not been charged and nothing was taken from your voucher. Please check the total and try again.';

/**
 * The same, found when the payment is sent (409 naming body.voucher.code): the voucher holds less than when the donor
 * applied it, so the fee they were shown is no longer the card's. The checkout asks them to apply it again.
 */
export const VOUCHER_BALANCE_CHANGED_SINCE_APPLIED =
  'Your gift voucher’s balance has changed since you applied it (another donation used it). You have not been charged. Please apply your voucher again to see what it covers, and check the total.';

/** What the donor typed, as the code is kept: upper case, without spaces or dashes. */
export const normalizeVoucherCode = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/** A code as typed (any case, spaces and dashes allowed), normalised; 6 to 8 letters and digits. */
export const voucherCodeSchema = z.pipe(
  z.pipe(z.string({ error: VOUCHER_CODE_INVALID }), z.transform(normalizeVoucherCode)),
  z.string().check(z.regex(/^[A-Z0-9]{6,8}$/, VOUCHER_CODE_INVALID)),
);

/** POST /donations/vouchers/lookup: the checkout's 'Apply' (kept with the code, not in vouchers.ts, so the checkout builds only these). */
export const voucherLookupRequestSchema = z.object({ code: voucherCodeSchema });
export type VoucherLookupRequest = z.infer<typeof voucherLookupRequestSchema>;

/** Spec §3 "Voucher lookup response: isExpired, remainingBalance" (and when it expires). */
export const voucherLookupResponseSchema = z.object({
  isExpired: z.boolean(),
  remainingBalance: moneySchema,
  expiresAt: z.string(),
});
export type VoucherLookupResponse = z.infer<typeof voucherLookupResponseSchema>;

/** Spec §5: a voucher covers the total when donation x quantity + tip <= the voucher's amount (all in cents). */
export function voucherCovers({
  donationCents,
  quantity,
  tipCents,
  voucherCents,
}: {
  donationCents: number;
  quantity: number;
  tipCents: number;
  voucherCents: number;
}): boolean {
  return donationCents * quantity + tipCents <= voucherCents;
}
