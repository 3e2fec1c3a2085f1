import { fetchFile, type DownloadedFile } from '../../../lib/api-client';

/** GET /api/workplace/me/external-donations/{id}/receipt — the receipt the member uploaded with one of their external donations. */
export const downloadMyExternalDonationReceipt = ({ externalDonationId, fileName }: { externalDonationId: string; fileName: string }): Promise<DownloadedFile> =>
  fetchFile(`/workplace/me/external-donations/${encodeURIComponent(externalDonationId)}/receipt`, { fallbackName: fileName });
