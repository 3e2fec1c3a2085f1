import { queryOptions, useQuery } from '@tanstack/react-query';
import { recommendedRolesSchema, type RecommendedRoles } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { memberVolunteeringKey } from './keys';
import { useAudience } from './opportunities';
import { volunteeringRequest } from './volunteering-client';

/** GET /volunteering/recommendRoles?country=: roles the recommender picks for the signed-in member, each with why. */
export const getRecommendedRoles = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<RecommendedRoles> =>
  volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/recommendRoles', query: { country }, expect: [200], schema: recommendedRolesSchema, signal });

export const recommendedRolesQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: [...memberVolunteeringKey, 'recommended', country],
    queryFn: ({ signal }) => getRecommendedRoles({ country, signal }),
    // A suggestion, not the page's content: a failure stays quiet rather than being retried at the member.
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Members only: visitors have no profile to match, and the call answers 401 to them. */
export function useRecommendedRoles(country: CountryCode) {
  const audience = useAudience();
  return useQuery({ ...recommendedRolesQueryOptions(country), enabled: audience === 'member' });
}
