import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  feedbackQuestionListSchema,
  myApplicationsSchema,
  teamSchema,
  type FeedbackInput,
  type MyApplications,
  type ResponseStatus,
  type TeamMemberInput,
} from '@giving/shared/contracts/volunteering';
import { memberVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** Member-side writes answer 200 (with the application) or 204; the screens read the list again either way. */
const WRITE = [200, 201, 204] as const;
const member = (method: 'POST' | 'PATCH' | 'DELETE', path: string, applicationId: string, body?: unknown) =>
  volunteeringRequest<void>({ kind: 'member', method, path, params: { applicationId }, body, expect: WRITE });

/** GET /volunteer/application/me: the member's applications, team invitations to answer, and feedback still owed. */
export const getMyApplications = ({ signal }: { signal?: AbortSignal } = {}): Promise<MyApplications> =>
  volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/application/me', schema: myApplicationsSchema, signal });

export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: [...memberVolunteeringKey, 'applications'], queryFn: ({ signal }) => getMyApplications({ signal }) });

export const useMyApplications = () => useQuery(myApplicationsQueryOptions());

/** GET /volunteer/application/team/{applicationId}/team: the leader, members and their answers. */
export const useTeam = (applicationId: string) =>
  useQuery({
    queryKey: [...memberVolunteeringKey, 'team', applicationId],
    queryFn: ({ signal }) => volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/application/team/{applicationId}/team', params: { applicationId }, schema: teamSchema, signal }),
  });

/** GET /volunteer/application/{applicationId}/feedbackQuestions */
export const useFeedbackQuestions = (applicationId: string) =>
  useQuery({
    queryKey: [...memberVolunteeringKey, 'feedback-questions', applicationId],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/application/{applicationId}/feedbackQuestions', params: { applicationId }, schema: feedbackQuestionListSchema, signal }),
    staleTime: Infinity,
  });

/** The member's moves on an application (spec 2 §7 "Volunteering (member side)"). */
export const memberActions = {
  /** PATCH /volunteer/application/{applicationId}/cancel: Retracted; the places go back to the session. */
  cancel: ({ applicationId }: { applicationId: string }) => member('PATCH', '/volunteer/application/{applicationId}/cancel', applicationId),
  /** DELETE /volunteer/application/{applicationId} */
  remove: ({ applicationId }: { applicationId: string }) => member('DELETE', '/volunteer/application/{applicationId}', applicationId),
  /** PATCH /volunteer/application/individual/{applicationId} or /team/{applicationId} */
  edit: ({ applicationId, team, message, teamName }: { applicationId: string; team: boolean; message?: string; teamName?: string }) =>
    team
      ? member('PATCH', '/volunteer/application/team/{applicationId}', applicationId, { teamName, message })
      : member('PATCH', '/volunteer/application/individual/{applicationId}', applicationId, { message }),
  /** POST /volunteer/application/{applicationId}/contact: e-mails the charity. */
  contact: ({ applicationId, message }: { applicationId: string; message: string }) => member('POST', '/volunteer/application/{applicationId}/contact', applicationId, { message }),
  /** POST /volunteer/application/{applicationId}/complete: hoursPerPerson when the session has no set hours. */
  complete: ({ applicationId, hoursPerPerson }: { applicationId: string; hoursPerPerson?: number }) =>
    member('POST', '/volunteer/application/{applicationId}/complete', applicationId, hoursPerPerson === undefined ? {} : { hoursPerPerson }),
  /** POST /volunteer/application/{applicationId}/volunteerFeedback */
  feedback: ({ applicationId, feedback }: { applicationId: string; feedback: FeedbackInput }) =>
    member('POST', '/volunteer/application/{applicationId}/volunteerFeedback', applicationId, feedback),
  /** PATCH /volunteer/application/team/{applicationId}/me/response: Going or NotGoing (NotGoing gives the place back). */
  respond: ({ applicationId, responseStatus }: { applicationId: string; responseStatus: Exclude<ResponseStatus, 'AwaitingResponse'> }) =>
    member('PATCH', '/volunteer/application/team/{applicationId}/me/response', applicationId, { responseStatus }),
  /** PATCH /volunteer/application/team/{applicationId}/reInvite: e-mails these members again. */
  reInvite: ({ applicationId, emails }: { applicationId: string; emails: string[] }) => member('PATCH', '/volunteer/application/team/{applicationId}/reInvite', applicationId, { emails }),
  /** POST /volunteer/application/team/{applicationId}/invite: more members, a place each. */
  invite: ({ applicationId, members }: { applicationId: string; members: TeamMemberInput[] }) =>
    member('POST', '/volunteer/application/team/{applicationId}/invite', applicationId, { members }),
};

/** One of the member's moves; afterwards their volunteering (list, team, role pages) is read again. */
export function useMemberAction<Variables>(action: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => queryClient.invalidateQueries({ queryKey: memberVolunteeringKey }) });
}
