import * as z from 'zod/mini';
import { PAYMENT_TYPES } from '@giving/shared/contracts/donations-public';

/**
 * Spec §3 "Saved checkout state per item id": what the donor chose for this gift, charity or fundraising page (keyed
 * by the page's id), kept while they sign in (recurring and payroll giving need a member) and cleared when the
 * payment succeeds. It lives in sessionStorage: this tab only, gone when the tab closes, and never card details or
 * donor names.
 */
export const savedCheckoutStateSchema = z.object({
  donationAmount: z.string().check(z.maxLength(20)),
  quantity: z.string().check(z.maxLength(10)),
  isRecurring: z.boolean(),
  paymentType: z.enum(PAYMENT_TYPES),
  message: z.string().check(z.maxLength(2000)),
  isAnonymous: z.boolean(),
  /** A fundraising page's 'only the owner can see my message' (absent in states saved for gifts and charities). */
  isMessageAnonymous: z.optional(z.boolean()),
  voucherCode: z.string().check(z.maxLength(8)),
  isSupportingWebsite: z.boolean(),
  supportingAmount: z.enum(['0', '200', '500']),
  receiptName: z.string().check(z.maxLength(200)),
});
export type SavedCheckoutState = z.infer<typeof savedCheckoutStateSchema>;

const KEY_PREFIX = 'koha_checkout:';
const storageKey = (itemId: string) => `${KEY_PREFIX}${itemId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be switched off; the checkout then simply starts fresh.
    return undefined;
  }
}

export function saveCheckoutState(itemId: string, state: SavedCheckoutState) {
  try {
    storage()?.setItem(storageKey(itemId), JSON.stringify(state));
  } catch {
    // A full or blocked storage loses the convenience, not the donation.
  }
}

/** The saved state for this item, or undefined when there is none or it is not one we wrote. */
export function loadCheckoutState(itemId: string): SavedCheckoutState | undefined {
  const text = storage()?.getItem(storageKey(itemId));
  if (!text) return undefined;
  try {
    const parsed = savedCheckoutStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function clearCheckoutState(itemId: string) {
  storage()?.removeItem(storageKey(itemId));
}
