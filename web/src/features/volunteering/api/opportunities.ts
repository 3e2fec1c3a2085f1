import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  opportunityListSchema,
  opportunitySchema,
  type Opportunity,
  type OpportunityList,
  type OpportunityListQuery,
} from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { useSession } from '../../../lib/session';
import { memberVolunteeringKey, publicVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/**
 * Volunteering calls answer 401 to callers who are not signed in (spec 2 §6), so visitors read the public twins of
 * the list and the vacancy page; signed-in members read the member routes, which also show the roles exclusive to
 * their workplace.
 */
export const OPPORTUNITY_PATHS = {
  list: { member: '/volunteering/opportunity', public: '/volunteering/public/opportunity' },
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

/** The list's filters as query values (spec 1 §4-§5: remote, location, date, skills); strings as the API reads them. */
export type OpportunityFilter = Pick<OpportunityListQuery, 'q' | 'location' | 'dateFilter' | 'date' | 'opportunityType' | 'sort'> & {
  isRemote?: 'true' | 'false';
  skills?: string;
  categories?: string;
};

export const OPPORTUNITIES_PAGE_SIZE = 24;

/** GET /volunteering/opportunity (or its public twin): Live, online roles of a country, a page at a time. */
export const getOpportunities = ({
  audience,
  country,
  filter,
  cursor,
  signal,
}: {
  audience: Audience;
  country: CountryCode;
  filter: OpportunityFilter;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<OpportunityList> =>
  volunteeringRequest({
    kind: 'general',
    method: 'GET',
    path: OPPORTUNITY_PATHS.list[audience],
    query: { country, ...filter, limit: OPPORTUNITIES_PAGE_SIZE, cursor },
    expect: [200],
    schema: opportunityListSchema,
    signal,
  });

const audienceKey = (audience: Audience) => (audience === 'member' ? memberVolunteeringKey : publicVolunteeringKey);

export const opportunitiesQueryOptions = (audience: Audience, country: CountryCode, filter: OpportunityFilter) =>
  infiniteQueryOptions({
    queryKey: [...audienceKey(audience), 'opportunities', country, filter],
    queryFn: ({ pageParam, signal }) => getOpportunities({ audience, country, filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useOpportunities(country: CountryCode, filter: OpportunityFilter) {
  const audience = useAudience();
  return useInfiniteQuery({ ...opportunitiesQueryOptions(audience ?? 'public', country, filter), enabled: audience !== undefined });
}

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
