import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { notFound } from '@giving/shared/errors';

export interface CharityDirectory {
  getByUrl(charityUrl: string): Promise<CharityProfile | undefined>;
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
