import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationListSchema, charityVolunteerWorkplacesSchema, type Application, type FeedbackInput } from '@giving/shared/contracts/volunteering';
import { charityVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** GET /volunteering/charity/{charityId}/volunteer/application: every application to the charity's roles, newest first. */
export const charityApplicationsQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...charityVolunteeringKey(charityId), 'applications'],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/charity/{charityId}/volunteer/application', params: { charityId }, expect: [200], schema: applicationListSchema, signal }),
  });

export const useCharityApplications = (charityId: string) => useQuery(charityApplicationsQueryOptions(charityId));

const WRITE = [200, 201, 204] as const;
const charityPath = '/volunteering/charity/{charityId}/volunteer/application/{applicationId}';

/** The charity's moves on an application (spec 2 §7; accept and decline beside complete, under the charity's path). */
export const charityActions = {
  accept: ({ charityId, application }: { charityId: string; application: Application }) =>
    volunteeringRequest<void>({ kind: 'general', method: 'PATCH', path: `${charityPath}/accept`, params: { charityId, applicationId: application.id }, expect: WRITE }),
  decline: ({ charityId, application, reason }: { charityId: string; application: Application; reason?: string }) =>
    volunteeringRequest<void>({ kind: 'general', method: 'PATCH', path: `${charityPath}/decline`, params: { charityId, applicationId: application.id }, body: reason ? { reason } : {}, expect: WRITE }),
  /** POST /volunteering/charity/{charityId}/volunteer/application/{applicationId}/complete */
  complete: ({ charityId, application, hoursPerPerson }: { charityId: string; application: Application; hoursPerPerson?: number }) =>
    volunteeringRequest<void>({
      kind: 'general',
      method: 'POST',
      path: `${charityPath}/complete`,
      params: { charityId, applicationId: application.id },
      body: hoursPerPerson === undefined ? {} : { hoursPerPerson },
      expect: WRITE,
    }),
  /** POST /volunteer/application/{applicationId}/charityFeedback */
  feedback: ({ application, feedback }: { charityId: string; application: Application; feedback: FeedbackInput }) =>
    volunteeringRequest<void>({ kind: 'member', method: 'POST', path: '/volunteer/application/{applicationId}/charityFeedback', params: { applicationId: application.id }, body: feedback, expect: WRITE }),
};

/** One of the charity's moves; afterwards the console's volunteering data is read again. */
export function useCharityAction<Variables extends { charityId: string }>(charityId: string, action: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => queryClient.invalidateQueries({ queryKey: charityVolunteeringKey(charityId) }) });
}

/** GET /volunteer/workplace/byCharity/{charityId}: workplaces whose members volunteered with the charity. */
export const useCharityVolunteerWorkplaces = (charityId: string) =>
  useQuery({
    queryKey: [...charityVolunteeringKey(charityId), 'workplaces'],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/workplace/byCharity/{charityId}', params: { charityId }, schema: charityVolunteerWorkplacesSchema, signal }),
  });
