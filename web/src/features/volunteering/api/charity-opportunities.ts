import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageUpload } from '@giving/shared/contracts/media';
import {
  onlineStatusSchema,
  opportunityEditSchema,
  opportunityCardPageSchema,
  opportunityImageSchema,
  opportunitySchema,
  templateListSchema,
  type Opportunity,
  type OpportunityEdit,
  type OpportunityImage,
  type OpportunityInput,
} from '@giving/shared/contracts/volunteering';
import { charityVolunteeringKey, publicVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** GET /volunteering/charity/{charityId}/opportunity: every role of the charity, whatever its status. */
export const charityOpportunitiesQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...charityVolunteeringKey(charityId), 'opportunities'],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/charity/{charityId}/opportunity', params: { charityId }, expect: [200], schema: opportunityCardPageSchema, signal }),
  });

export const useCharityOpportunities = (charityId: string) => useQuery(charityOpportunitiesQueryOptions(charityId));

/** GET /volunteering/opportunity/{opportunityId}/edit: the role as its editors see it (with the contact e-mail). */
export const useOpportunityEdit = (charityId: string, opportunityId: string | undefined) =>
  useQuery({
    queryKey: [...charityVolunteeringKey(charityId), 'edit', opportunityId],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/opportunity/{opportunityId}/edit', params: { opportunityId }, expect: [200], schema: opportunityEditSchema, signal }),
    enabled: opportunityId !== undefined,
  });

/** GET /volunteering/opportunity/template: starting points for a new role, with how many each category has. */
export const useTemplates = () =>
  useQuery({
    queryKey: [...publicVolunteeringKey, 'templates'],
    queryFn: ({ signal }) => volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/opportunity/template', expect: [200], schema: templateListSchema, signal }),
    staleTime: Infinity,
  });

export const opportunityCalls = {
  /** POST /volunteering/opportunity (201). */
  create: (input: OpportunityInput): Promise<Opportunity> =>
    volunteeringRequest({ kind: 'general', method: 'POST', path: '/volunteering/opportunity', body: input, expect: [201], schema: opportunitySchema }),
  /** PATCH /volunteering/opportunity/{opportunityId} (200: the edit form again). */
  update: ({ opportunityId, input }: { opportunityId: string; input: OpportunityInput }): Promise<OpportunityEdit> =>
    volunteeringRequest({ kind: 'general', method: 'PATCH', path: '/volunteering/opportunity/{opportunityId}', params: { opportunityId }, body: input, expect: [200], schema: opportunityEditSchema }),
  /** DELETE /volunteering/opportunity/{opportunityId} (204). */
  remove: ({ opportunityId }: { opportunityId: string }): Promise<void> =>
    volunteeringRequest({ kind: 'general', method: 'DELETE', path: '/volunteering/opportunity/{opportunityId}', params: { opportunityId }, expect: [200, 204] }),
  /** PUT /volunteering/charity/{charityId}/opportunity/{opportunityId}/image: the role's image as base64 (the API checks its bytes); answers its address. */
  uploadImage: ({ charityId, opportunityId, image }: { charityId: string; opportunityId: string; image: ImageUpload }): Promise<OpportunityImage> =>
    volunteeringRequest({
      kind: 'general',
      method: 'PUT',
      path: '/volunteering/charity/{charityId}/opportunity/{opportunityId}/image',
      params: { charityId, opportunityId },
      body: image,
      expect: [200],
      schema: opportunityImageSchema,
    }),
  /** PATCH /volunteering/opportunity/{opportunityId}/toggleOnlineStatus with the status wanted. */
  setOnline: ({ opportunityId, isOnline }: { opportunityId: string; isOnline: boolean }) =>
    volunteeringRequest({
      kind: 'general',
      method: 'PATCH',
      path: '/volunteering/opportunity/{opportunityId}/toggleOnlineStatus',
      params: { opportunityId },
      body: { isOnline },
      expect: [200, 204],
      schema: onlineStatusSchema,
    }),
};

/** A change to the charity's roles; afterwards its console data and the public lists are read again. */
export function useOpportunityChange<Variables, Result>(charityId: string, call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: charityVolunteeringKey(charityId) }),
        queryClient.invalidateQueries({ queryKey: publicVolunteeringKey }),
      ]);
    },
  });
}
