import { fetchFile, type DownloadedFile } from '../../../lib/api-client';

/** GET /api/donations/me/donations/{donationId}/receipt — the PDF receipt of one of the member's own donations. */
export const downloadReceipt = ({ donationId, trackingNumber }: { donationId: string; trackingNumber: string }): Promise<DownloadedFile> =>
  fetchFile(`/donations/me/donations/${encodeURIComponent(donationId)}/receipt`, { fallbackName: `koha-receipt-${trackingNumber}.pdf` });
