import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileStructureSchema, type FileStructure, type FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { fileStructuresQueryOptions } from './get-file-structures';
import { payCyclesQueryOptions } from './get-pay-cycles';
import { payrollPath } from './keys';

/** PUT /api/workplace/{workplaceId}/file-structures/{fileStructureId} — saves a new version (earlier batches keep theirs). */
export const updateFileStructure = ({ workplaceId, fileStructureId, input }: { workplaceId: string; fileStructureId: string; input: FileStructureInput }): Promise<FileStructure> =>
  api.put(`${payrollPath(workplaceId)}/file-structures/${encodeURIComponent(fileStructureId)}`, input, fileStructureSchema);

export function useUpdateFileStructure(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileStructureId, input }: { fileStructureId: string; input: FileStructureInput }) => updateFileStructure({ workplaceId, fileStructureId, input }),
    // Pay cycles show their structure's name, which a new version may change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileStructuresQueryOptions(workplaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: payCyclesQueryOptions(workplaceId).queryKey }),
      ]),
  });
}
