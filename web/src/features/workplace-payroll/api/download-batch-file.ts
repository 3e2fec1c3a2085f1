import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { payrollPath } from './keys';

/** GET /api/workplace/{workplaceId}/payroll-batches/{batchId}/file — the batch's file (CSV or text), named by content-disposition. */
export const downloadBatchFile = ({ workplaceId, batchId, fileName }: { workplaceId: string; batchId: string; fileName: string }): Promise<DownloadedFile> =>
  fetchFile(`${payrollPath(workplaceId)}/payroll-batches/${encodeURIComponent(batchId)}/file`, { fallbackName: fileName });
