import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileStructureSchema, type FileStructure, type FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { fileStructuresQueryOptions } from './get-file-structures';
import { payrollPath } from './keys';

/** POST /api/workplace/{workplaceId}/file-structures — a new structure at version 1 (201). */
export const createFileStructure = ({ workplaceId, input }: { workplaceId: string; input: FileStructureInput }): Promise<FileStructure> =>
  api.post(`${payrollPath(workplaceId)}/file-structures`, input, fileStructureSchema);

export function useCreateFileStructure(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileStructureInput) => createFileStructure({ workplaceId, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileStructuresQueryOptions(workplaceId).queryKey }),
  });
}
