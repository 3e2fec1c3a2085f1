import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { slugify } from '../../../lib/slug';

export type MatchingReportFormat = 'pdf' | 'csv';

/** 'matching-invoice-kiwi-chick-match-2026-11.pdf': the name the file is saved under when the API gives none. */
export const matchingReportFileName = ({ campaignName, period, format }: { campaignName: string; period: string; format: MatchingReportFormat }): string =>
  `matching-invoice-${slugify(campaignName) || 'campaign'}-${period}.${format}`;

/**
 * GET /api/matching/workplace/{workplaceId}/campaigns/{campaignId}/report/pdf|csv?period=YYYY-MM — a campaign's month:
 * the invoice (PDF) or its lines (CSV), with the caller's sign-in. The workplace and the back office both read them.
 */
export const downloadMatchingReport = ({
  workplaceId,
  campaignId,
  campaignName,
  period,
  format,
}: {
  workplaceId: string;
  campaignId: string;
  campaignName: string;
  period: string;
  format: MatchingReportFormat;
}): Promise<DownloadedFile> =>
  fetchFile(`/matching/workplace/${encodeURIComponent(workplaceId)}/campaigns/${encodeURIComponent(campaignId)}/report/${format}?period=${encodeURIComponent(period)}`, {
    fallbackName: matchingReportFileName({ campaignName, period, format }),
  });
