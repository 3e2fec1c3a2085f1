import { queryOptions, useQuery } from '@tanstack/react-query';
import { eligibilityReportSchema, type EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/workplace/{workplaceId}/eligibility-files/{fileId} — one file with each row's errors (the back office reads any workplace's). */
export const getEligibilityReport = ({ workplaceId, fileId, signal }: { workplaceId: string; fileId: string; signal?: AbortSignal }): Promise<EligibilityReport> =>
  api.get(`/workplace/${encodeURIComponent(workplaceId)}/eligibility-files/${encodeURIComponent(fileId)}`, eligibilityReportSchema, { signal });

export const eligibilityReportQueryOptions = (workplaceId: string, fileId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'eligibility-files', workplaceId, fileId],
    queryFn: ({ signal }) => getEligibilityReport({ workplaceId, fileId, signal }),
  });

/** Asks only once a file is chosen. */
export const useEligibilityReport = (file: { workplaceId: string; fileId: string } | undefined) =>
  useQuery({ ...eligibilityReportQueryOptions(file?.workplaceId ?? '', file?.fileId ?? ''), enabled: file !== undefined });
