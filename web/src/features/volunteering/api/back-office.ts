import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { opportunityCardPageSchema, type BackOfficeOpportunityUpdate, type ContentStatus } from '@giving/shared/contracts/volunteering';
import { backOfficeVolunteeringKey, publicVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** GET /volunteering/backOffice/opportunity?contentStatus=&q=&cursor=: the moderation list, a page at a time. */
export const backOfficeOpportunitiesQueryOptions = (contentStatus: ContentStatus, q: string) =>
  infiniteQueryOptions({
    queryKey: [...backOfficeVolunteeringKey, 'opportunities', contentStatus, q],
    queryFn: ({ pageParam, signal }) =>
      volunteeringRequest({ kind: 'backOffice', method: 'GET', path: '/volunteering/backOffice/opportunity', query: { contentStatus, q, cursor: pageParam }, schema: opportunityCardPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useBackOfficeOpportunities = (contentStatus: ContentStatus, q: string) => useInfiniteQuery(backOfficeOpportunitiesQueryOptions(contentStatus, q));

export const backOfficeCalls = {
  /** PATCH /volunteering/backOffice/opportunity/{opportunityId} (204): approve, deny with a reason, or edit. */
  update: ({ opportunityId, change }: { opportunityId: string; change: BackOfficeOpportunityUpdate }) =>
    volunteeringRequest<void>({ kind: 'backOffice', method: 'PATCH', path: '/volunteering/backOffice/opportunity/{opportunityId}', params: { opportunityId }, body: change, expect: [204] }),
  /** PATCH /volunteering/backOffice/{opportunityId}/toggleOnlineStatus (204) */
  setOnline: ({ opportunityId, isOnline }: { opportunityId: string; isOnline: boolean }) =>
    volunteeringRequest<void>({ kind: 'backOffice', method: 'PATCH', path: '/volunteering/backOffice/{opportunityId}/toggleOnlineStatus', params: { opportunityId }, body: { isOnline }, expect: [204] }),
};

/** A back-office change; afterwards the moderation lists and the public lists are read again. */
export function useBackOfficeChange<Variables>(call: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: backOfficeVolunteeringKey }), queryClient.invalidateQueries({ queryKey: publicVolunteeringKey })]),
  });
}
