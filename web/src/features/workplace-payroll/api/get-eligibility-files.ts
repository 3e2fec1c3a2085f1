import { queryOptions, useQuery } from '@tanstack/react-query';
import { eligibilityFileListSchema, type EligibilityFile } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

/** Every eligibility-file query of a workplace (the list and each file's report) starts with this key. */
export const eligibilityFilesKey = (workplaceId: string) => [...payrollKey(workplaceId), 'eligibility-files'] as const;

/** GET /api/workplace/{workplaceId}/eligibility-files — the files HR uploaded, newest first (without their errors). */
export const getEligibilityFiles = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<{ items: EligibilityFile[] }> =>
  api.get(`${payrollPath(workplaceId)}/eligibility-files`, eligibilityFileListSchema, { signal });

export const eligibilityFilesQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...eligibilityFilesKey(workplaceId), 'list'],
    queryFn: ({ signal }) => getEligibilityFiles({ workplaceId, signal }),
  });

export const useEligibilityFiles = (workplaceId: string) => useQuery(eligibilityFilesQueryOptions(workplaceId));
