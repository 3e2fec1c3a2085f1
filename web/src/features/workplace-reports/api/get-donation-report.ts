import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { workplaceDonationReportSchema, type WorkplaceDonationReport } from '@giving/shared/contracts/workplace-reports';
import { api } from '../../../lib/api-client';
import { rangeSearch, reportsPath, workplaceReportsKey, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/donations?from=&to= — the months' donations by month, charity, business unit and giving type. */
export const getDonationReport = ({ workplaceId, range, signal }: { workplaceId: string; range: MonthRange; signal?: AbortSignal }): Promise<WorkplaceDonationReport> =>
  api.get(`${reportsPath(workplaceId)}/donations${rangeSearch(range)}`, workplaceDonationReportSchema, { signal });

export const donationReportQueryOptions = (workplaceId: string, range: MonthRange) =>
  queryOptions({
    queryKey: [...workplaceReportsKey(workplaceId), 'donations', range],
    queryFn: ({ signal }) => getDonationReport({ workplaceId, range, signal }),
  });

/** The figures stay on screen while another range's load (isPlaceholderData). */
export const useDonationReport = (workplaceId: string, range: MonthRange) => useQuery({ ...donationReportQueryOptions(workplaceId, range), placeholderData: keepPreviousData });
