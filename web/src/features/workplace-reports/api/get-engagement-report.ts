import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { engagementReportSchema, type EngagementReport } from '@giving/shared/contracts/workplace-reports';
import { api } from '../../../lib/api-client';
import { rangeSearch, reportsPath, workplaceReportsKey, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/engagement?from=&to= — members, donors, volunteers and hours by business unit. */
export const getEngagementReport = ({ workplaceId, range, signal }: { workplaceId: string; range: MonthRange; signal?: AbortSignal }): Promise<EngagementReport> =>
  api.get(`${reportsPath(workplaceId)}/engagement${rangeSearch(range)}`, engagementReportSchema, { signal });

export const engagementReportQueryOptions = (workplaceId: string, range: MonthRange) =>
  queryOptions({
    queryKey: [...workplaceReportsKey(workplaceId), 'engagement', range],
    queryFn: ({ signal }) => getEngagementReport({ workplaceId, range, signal }),
  });

/** The figures stay on screen while another range's load (isPlaceholderData). */
export const useEngagementReport = (workplaceId: string, range: MonthRange) => useQuery({ ...engagementReportQueryOptions(workplaceId, range), placeholderData: keepPreviousData });
