import { queryOptions, useQuery } from '@tanstack/react-query';
import { opportunitySchema, type Opportunity, type OpportunityListQuery } from '@giving/shared/contracts/volunteering';
import { useSession } from '../../../lib/session';
import { memberVolunteeringKey, publicVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/**
 * Volunteering calls answer 401 to callers who are not signed in (spec 2 §6), so visitors read the public twin of
 * the vacancy page; signed-in members read the member route, which also shows the roles exclusive to their
 * workplace. (The lists come from the volunteering search index: api/search-opportunities.ts.)
 */
export const OPPORTUNITY_PATHS = {
  vacancy: {
    member: '/volunteering/charity/{charityUrl}/vacancy/{opportunityUrl}',
    public: '/volunteering/public/charity/{charityUrl}/vacancy/{opportunityUrl}',
  },
} as const;

export type Audience = 'member' | 'public';

/** Who is asking: undefined while the session is still being restored (the queries wait for it). */
export function useAudience(): Audience | undefined {
  const session = useSession();
  if (session.status === 'loading') return undefined;
  return session.status === 'signedIn' ? 'member' : 'public';
}

const audienceKey = (audience: Audience) => (audience === 'member' ? memberVolunteeringKey : publicVolunteeringKey);

/** The list's filters as query values (spec 1 §4-§5: remote, location, date, skills); strings as the API reads them. */
export type OpportunityFilter = Pick<OpportunityListQuery, 'q' | 'location' | 'dateFilter' | 'date' | 'opportunityType' | 'sort'> & {
  isRemote?: 'true' | 'false';
  skills?: string;
  categories?: string;
};

/** GET /volunteering/charity/{charityUrl}/vacancy/{opportunityUrl} (or its public twin): the role page's role. */
export const getVacancy = ({ audience, charityUrl, opportunityUrl, signal }: { audience: Audience; charityUrl: string; opportunityUrl: string; signal?: AbortSignal }): Promise<Opportunity> =>
  volunteeringRequest({
    kind: 'general',
    method: 'GET',
    path: OPPORTUNITY_PATHS.vacancy[audience],
    params: { charityUrl, opportunityUrl },
    expect: [200],
    schema: opportunitySchema,
    signal,
  });

export const vacancyQueryOptions = (audience: Audience, charityUrl: string, opportunityUrl: string) =>
  queryOptions({
    queryKey: [...audienceKey(audience), 'vacancy', charityUrl, opportunityUrl],
    queryFn: ({ signal }) => getVacancy({ audience, charityUrl, opportunityUrl, signal }),
  });

export function useVacancy(charityUrl: string, opportunityUrl: string) {
  const audience = useAudience();
  return useQuery({
    ...vacancyQueryOptions(audience ?? 'public', charityUrl, opportunityUrl),
    enabled: audience !== undefined,
    // Signing in on the page swaps the public read for the member's: the same role stays on screen (and the apply flow keeps its place).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.slice(-2).join('/') === `${charityUrl}/${opportunityUrl}` ? previous : undefined),
  });
}
