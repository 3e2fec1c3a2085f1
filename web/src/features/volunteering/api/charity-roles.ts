import { useQuery } from '@tanstack/react-query';
import { opportunityListSchema } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { memberVolunteeringKey, publicVolunteeringKey } from './keys';
import { OPPORTUNITY_PATHS, useAudience } from './opportunities';
import { volunteeringRequest } from './volunteering-client';

/** The charity page shows up to this many of its roles (spec 1 §2 "Charity related sections"). */
export const CHARITY_ROLES_LIMIT = 24;

/**
 * GET /volunteering/opportunity?charityUrl= (or its public twin): the charity's live roles in the country, soonest
 * first; members also see those exclusive to their workplace.
 */
export function useCharityRoles(country: CountryCode, charityUrl: string) {
  const audience = useAudience();
  return useQuery({
    queryKey: [...(audience === 'member' ? memberVolunteeringKey : publicVolunteeringKey), 'charity-roles', country, charityUrl],
    queryFn: ({ signal }) =>
      volunteeringRequest({
        kind: 'general',
        method: 'GET',
        path: OPPORTUNITY_PATHS.list[audience ?? 'public'],
        query: { country, charityUrl, limit: CHARITY_ROLES_LIMIT },
        expect: [200],
        schema: opportunityListSchema,
        signal,
      }),
    enabled: audience !== undefined,
  });
}
