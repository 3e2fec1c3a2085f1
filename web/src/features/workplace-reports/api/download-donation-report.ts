import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { rangeSearch, reportsPath, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/donations/csv?from=&to= — the same donations as a CSV file (its name from content-disposition). */
export const downloadDonationReport = ({ workplaceId, range }: { workplaceId: string; range: MonthRange }): Promise<DownloadedFile> =>
  fetchFile(`${reportsPath(workplaceId)}/donations/csv${rangeSearch(range)}`, { fallbackName: `donations_${range.from}_${range.to}.csv` });
