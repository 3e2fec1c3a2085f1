import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { notFound } from '@giving/shared/errors';

export interface CharityDirectory {
  getById(charityId: string): Promise<CharityProfile | undefined>;
  getByUrl(charityUrl: string): Promise<CharityProfile | undefined>;
  listByCountry(country: CountryCode, limit: number): Promise<CharityProfile[]>;
  put(charity: CharityProfile): Promise<void>;
}

/** The public charity page: a charity's profile by its URL slug, in the country it is listed in. */
export async function getCharityProfile(
  deps: { charities: CharityDirectory },
  charityUrl: string,
  country?: string,
): Promise<CharityProfile> {
  const charity = await deps.charities.getByUrl(charityUrl);
  if (!charity || (country !== undefined && charity.country !== country)) throw notFound('Charity');
  return charity;
}

/** Charities listed in a country, by name (the charities grid). */
export function listCharities(deps: { charities: CharityDirectory }, country: CountryCode, limit = 24): Promise<CharityProfile[]> {
  return deps.charities.listByCountry(country, Math.min(Math.max(limit, 1), 100));
}
