import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityListSchema, type CharityList } from '@giving/shared/contracts/accounts';
import { giftListSchema, type GiftList } from '@giving/shared/contracts/donations-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/** Where a campaign's gifts are chosen from: the country's charities (public), then a charity's gifts (public). */

/** GET /api/accounts/charities?country= */
export const getCharityChoices = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<CharityList> =>
  api.get(`/accounts/charities?country=${country}`, charityListSchema, { signal });

export const useCharityChoices = (country: CountryCode) =>
  useQuery(queryOptions({ queryKey: ['charities', country, 'list'], queryFn: ({ signal }) => getCharityChoices({ country, signal }) }));

/** GET /api/donations/charities/{charityUrl}/gifts */
export const getGiftChoices = ({ charityUrl, signal }: { charityUrl: string; signal?: AbortSignal }): Promise<GiftList> =>
  api.get(`/donations/charities/${encodeURIComponent(charityUrl)}/gifts`, giftListSchema, { signal });

export const useGiftChoices = (charityUrl: string) =>
  useQuery({ ...queryOptions({ queryKey: ['gifts', 'by-charity', charityUrl], queryFn: ({ signal }) => getGiftChoices({ charityUrl, signal }) }), enabled: charityUrl !== '' });
