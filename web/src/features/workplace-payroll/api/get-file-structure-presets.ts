import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fileStructurePresetsSchema } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export type FileStructurePresets = z.infer<typeof fileStructurePresetsSchema>;

/** GET /api/workplace/{workplaceId}/file-structures/presets — what each payroll system's preset fills in. */
export const getFileStructurePresets = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<FileStructurePresets> =>
  api.get(`${payrollPath(workplaceId)}/file-structures/presets`, fileStructurePresetsSchema, { signal });

export const fileStructurePresetsQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...payrollKey(workplaceId), 'file-structures', 'presets'],
    queryFn: ({ signal }) => getFileStructurePresets({ workplaceId, signal }),
    // The presets are the platform's: they change with a release, not while someone edits.
    staleTime: 60 * 60_000,
  });

export const useFileStructurePresets = (workplaceId: string) => useQuery(fileStructurePresetsQueryOptions(workplaceId));
