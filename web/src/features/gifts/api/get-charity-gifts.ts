import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { CHARITY_GRID_SIZE, searchIndex, useRepeatedSearch } from '../../../lib/search';

/**
 * The query 'More Donations' sends to charitygifts-v2: the charity's gifts, by its id (spec 1 §4). Not its general
 * donation card: on its own page that is the checkout above.
 */
export const charityGiftsQuery = (charityId: string) => ({
  size: CHARITY_GRID_SIZE,
  query: { bool: { filter: [{ term: { 'charity.id': charityId } }], must_not: [{ term: { gifttype: 'General' } }] } },
});

/** POST /api/search/charitygifts-v2/_search — up to 24 of a charity's gifts, from the index. */
export const getCharityGifts = ({ charityId, country, signal }: { charityId: string; country: CountryCode; signal?: AbortSignal }) =>
  searchIndex({ index: 'charitygifts-v2', body: charityGiftsQuery(charityId), country, signal });

export const charityGiftsQueryOptions = (country: CountryCode, charityId: string) =>
  queryOptions({
    queryKey: ['search', 'charitygifts-v2', country, 'charity', charityId],
    queryFn: ({ signal }) => getCharityGifts({ charityId, country, signal }),
  });

/** The charity's gifts: searched when the charity is set, and once more 1.5 s later (spec 2 §4). */
export function useCharityGifts(country: CountryCode, charityId: string) {
  const gifts = useQuery(charityGiftsQueryOptions(country, charityId));
  useRepeatedSearch(charityId, gifts.refetch);
  return gifts;
}
