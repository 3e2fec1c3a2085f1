import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { eligibilityFileListSchema } from '@giving/shared/contracts/workplace-payroll';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type EligibilityFileList = z.infer<typeof eligibilityFileListSchema>;

/** GET /api/workplace/backoffice/eligibility-files — every workplace's eligibility files, newest first (the latest 200). */
export const getEligibilityFiles = ({ signal }: { signal?: AbortSignal } = {}): Promise<EligibilityFileList> =>
  api.get('/workplace/backoffice/eligibility-files', eligibilityFileListSchema, { signal });

export const eligibilityFilesQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'eligibility-files'],
    queryFn: ({ signal }) => getEligibilityFiles({ signal }),
  });

export const useEligibilityFiles = () => useQuery(eligibilityFilesQueryOptions());
