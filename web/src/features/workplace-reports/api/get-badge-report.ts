import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { badgeReportSchema, type BadgeReport } from '@giving/shared/contracts/workplace-reports';
import { api } from '../../../lib/api-client';
import { rangeSearch, reportsPath, workplaceReportsKey, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/badges?from=&to= — badges the members earned, by badge and business unit. */
export const getBadgeReport = ({ workplaceId, range, signal }: { workplaceId: string; range: MonthRange; signal?: AbortSignal }): Promise<BadgeReport> =>
  api.get(`${reportsPath(workplaceId)}/badges${rangeSearch(range)}`, badgeReportSchema, { signal });

export const badgeReportQueryOptions = (workplaceId: string, range: MonthRange) =>
  queryOptions({
    queryKey: [...workplaceReportsKey(workplaceId), 'badges', range],
    queryFn: ({ signal }) => getBadgeReport({ workplaceId, range, signal }),
  });

/** The figures stay on screen while another range's load (isPlaceholderData). */
export const useBadgeReport = (workplaceId: string, range: MonthRange) => useQuery({ ...badgeReportQueryOptions(workplaceId, range), placeholderData: keepPreviousData });
