import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { payrollPath } from './keys';

/** GET /api/workplace/{workplaceId}/external-donations/{id}/receipt — the receipt as the member uploaded it (PDF, JPEG or PNG). */
export const downloadExternalDonationReceipt = ({ workplaceId, externalDonationId, fileName }: { workplaceId: string; externalDonationId: string; fileName: string }): Promise<DownloadedFile> =>
  fetchFile(`${payrollPath(workplaceId)}/external-donations/${encodeURIComponent(externalDonationId)}/receipt`, { fallbackName: fileName });
