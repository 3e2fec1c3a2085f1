import { useQuery } from '@tanstack/react-query';
import { applicationListSchema, type BackOfficeVolunteeringReportQuery } from '@giving/shared/contracts/volunteering';
import { backOfficeVolunteeringKey, workplaceVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** GET /volunteering/workplace/{workplaceId}/report: the applications of the workplace's members, newest first. */
export const useWorkplaceVolunteeringReport = (workplaceId: string) =>
  useQuery({
    queryKey: [...workplaceVolunteeringKey(workplaceId), 'report'],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/workplace/{workplaceId}/report', params: { workplaceId }, expect: [200], schema: applicationListSchema, signal }),
  });

/** GET /volunteering/backOffice/report?charityId=&from=&to=: every application on the platform (or one charity's), newest first. */
export const useBackOfficeVolunteeringReport = (filters: BackOfficeVolunteeringReportQuery) =>
  useQuery({
    queryKey: [...backOfficeVolunteeringKey, 'report', filters.charityId ?? '', filters.from ?? '', filters.to ?? ''],
    queryFn: ({ signal }) =>
      volunteeringRequest({ kind: 'backOffice', method: 'GET', path: '/volunteering/backOffice/report', query: { ...filters }, schema: applicationListSchema, signal }),
  });
