import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipPlanListSchema } from '@giving/shared/contracts/memberships';
import { api } from '../../../lib/api-client';
import { MEMBERSHIPS_KEY } from './keys';

/** GET /api/memberships/charities/{charityUrl}/plans — the plans open to new members (public). */
export const getCharityPagePlans = ({ charityUrl, signal }: { charityUrl: string; signal?: AbortSignal }) =>
  api.get(`/memberships/charities/${encodeURIComponent(charityUrl)}/plans`, membershipPlanListSchema, { signal });

export const charityPagePlansQueryOptions = (charityUrl: string) =>
  queryOptions({
    queryKey: [...MEMBERSHIPS_KEY, 'public', charityUrl],
    queryFn: ({ signal }) => getCharityPagePlans({ charityUrl, signal }),
    staleTime: 5 * 60_000,
  });

export const useCharityPagePlans = (charityUrl: string) => useQuery(charityPagePlansQueryOptions(charityUrl));
