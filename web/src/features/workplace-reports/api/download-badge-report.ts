import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { rangeSearch, reportsPath, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/badges/csv?from=&to= — the same as a CSV file: a row per business unit and badge. */
export const downloadBadgeReport = ({ workplaceId, range }: { workplaceId: string; range: MonthRange }): Promise<DownloadedFile> =>
  fetchFile(`${reportsPath(workplaceId)}/badges/csv${rangeSearch(range)}`, { fallbackName: `badges_${range.from}_${range.to}.csv` });
