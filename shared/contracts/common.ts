import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../countries';
import { CURRENCIES } from '../money';

export const countryCodeSchema = z.enum(COUNTRY_CODES as ['nz', 'au']);
/** A URL slug (charityUrl, productUrl, opportunityUrl): lower-case words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Use lower-case letters, digits and dashes.';
export const SLUG_MAX_LENGTH = 100;
export const slugSchema = z.string().check(z.regex(SLUG_PATTERN, SLUG_MESSAGE), z.maxLength(SLUG_MAX_LENGTH));
export const moneySchema = z.object({ cents: z.int(), currency: z.enum(CURRENCIES) });
