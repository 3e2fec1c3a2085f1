import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { COUNTRY_CODES } from '../countries';
import { CURRENCIES } from '../money';

export const countryCodeSchema = z.enum(COUNTRY_CODES as ['nz', 'au']);
/** A URL slug (charityUrl, productUrl, opportunityUrl): lower-case words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Use lower-case letters, digits and dashes.';
export const SLUG_MAX_LENGTH = 100;
export const slugSchema = z.string().check(z.regex(SLUG_PATTERN, SLUG_MESSAGE), z.maxLength(SLUG_MAX_LENGTH));
export const moneySchema = z.object({ cents: z.int(), currency: z.enum(CURRENCIES) });

/** Spec 1 §5: year-month-day (4-1or2-1or2 digits) and a real date, else 'Invalid Date!'. */
export const DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
export function isRealDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const dateSchema = z.string({ error: MESSAGES.invalidDate }).check(z.refine(isRealDate, MESSAGES.invalidDate));

/** A ULID as shared/ids.ts makes it (kept here too: contracts reach the SPA, which has no use for the ulid package). */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** An id the platform made (shared/ids.ts: a ULID) where a query or body may name one: 'Invalid Input!' otherwise. */
export const idSchema = z.string().check(z.regex(ULID_PATTERN, MESSAGES.invalidInput));

/** An id a request body names (a gift, a charity, a campaign's item): 'Required Field!' when absent, else a ULID. */
export const requiredIdSchema = z
  .string({ error: MESSAGES.requiredField })
  .check(z.minLength(1, MESSAGES.requiredField), z.regex(ULID_PATTERN, MESSAGES.invalidInput));
