import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../countries';
import { CURRENCIES } from '../money';

export const countryCodeSchema = z.enum(COUNTRY_CODES as ['nz', 'au']);
export const slugSchema = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.'), z.maxLength(100));
export const moneySchema = z.object({ cents: z.int(), currency: z.enum(CURRENCIES) });
