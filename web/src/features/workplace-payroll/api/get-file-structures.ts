import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fileStructureListSchema } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export type FileStructureList = z.infer<typeof fileStructureListSchema>;

/** GET /api/workplace/{workplaceId}/file-structures — the workplace's payroll file structures (latest version of each). */
export const getFileStructures = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<FileStructureList> =>
  api.get(`${payrollPath(workplaceId)}/file-structures`, fileStructureListSchema, { signal });

export const fileStructuresQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...payrollKey(workplaceId), 'file-structures'],
    queryFn: ({ signal }) => getFileStructures({ workplaceId, signal }),
  });

export const useFileStructures = (workplaceId: string) => useQuery(fileStructuresQueryOptions(workplaceId));
