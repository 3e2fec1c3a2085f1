import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { CHARITY_GRID_SIZE, searchIndex, useRepeatedSearch } from '../../../lib/search';

/** The charity page shows up to this many of its roles (spec 1 §2 "Charity related sections"). */
export const CHARITY_ROLES_LIMIT = CHARITY_GRID_SIZE;

/** The query 'More Volunteering Roles' sends to volunteeringopportunities-v2: the charity's roles, by its id (spec 1 §4). */
export const charityRolesQuery = (charityId: string) => ({
  size: CHARITY_ROLES_LIMIT,
  query: { bool: { filter: [{ term: { 'charities.id': charityId } }] } },
});

/**
 * POST /api/search/volunteeringopportunities-v2/_search with the headers x-host and x-country (spec 2 §7): the
 * charity's live public roles from the index.
 */
export const getCharityRoles = ({ charityId, country, signal }: { charityId: string; country: CountryCode; signal?: AbortSignal }) =>
  searchIndex({ index: 'volunteeringopportunities-v2', body: charityRolesQuery(charityId), country, signal });

export const charityRolesQueryOptions = (country: CountryCode, charityId: string) =>
  queryOptions({
    queryKey: ['search', 'volunteeringopportunities-v2', country, 'charity', charityId],
    queryFn: ({ signal }) => getCharityRoles({ charityId, country, signal }),
  });

/** The charity's roles: searched when the charity is set, and once more 1.5 s later (spec 2 §4). */
export function useCharityRoles(country: CountryCode, charityId: string) {
  const roles = useQuery(charityRolesQueryOptions(country, charityId));
  useRepeatedSearch(charityId, roles.refetch);
  return roles;
}
