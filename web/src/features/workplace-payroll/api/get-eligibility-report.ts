import { queryOptions, useQuery } from '@tanstack/react-query';
import { eligibilityReportSchema, type EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { eligibilityFilesKey } from './get-eligibility-files';
import { payrollPath } from './keys';

export const eligibilityReportKey = (workplaceId: string, fileId: string) => [...eligibilityFilesKey(workplaceId), 'report', fileId] as const;

/** GET /api/workplace/{workplaceId}/eligibility-files/{fileId} — one file with each row's errors. */
export const getEligibilityReport = ({ workplaceId, fileId, signal }: { workplaceId: string; fileId: string; signal?: AbortSignal }): Promise<EligibilityReport> =>
  api.get(`${payrollPath(workplaceId)}/eligibility-files/${encodeURIComponent(fileId)}`, eligibilityReportSchema, { signal });

export const eligibilityReportQueryOptions = (workplaceId: string, fileId: string) =>
  queryOptions({
    queryKey: eligibilityReportKey(workplaceId, fileId),
    queryFn: ({ signal }) => getEligibilityReport({ workplaceId, fileId, signal }),
    // A file's report never changes once it is made.
    staleTime: Infinity,
  });

/** A file's report; not asked for while no file is chosen. */
export const useEligibilityReport = (workplaceId: string, fileId: string | undefined) =>
  useQuery({ ...eligibilityReportQueryOptions(workplaceId, fileId ?? ''), enabled: fileId !== undefined });
