import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fileStructurePreviewSchema, type FileStructureInput } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollPath } from './keys';

export type FileStructurePreview = z.infer<typeof fileStructurePreviewSchema>;

/** POST /api/workplace/{workplaceId}/file-structures/preview — a structure (saved or not) written over sample lines. */
export const previewFileStructure = ({ workplaceId, input }: { workplaceId: string; input: FileStructureInput }): Promise<FileStructurePreview> =>
  api.post(`${payrollPath(workplaceId)}/file-structures/preview`, input, fileStructurePreviewSchema);

export const usePreviewFileStructure = (workplaceId: string) => useMutation({ mutationFn: (input: FileStructureInput) => previewFileStructure({ workplaceId, input }) });
