import { fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { rangeSearch, reportsPath, type MonthRange } from './keys';

/** GET /api/workplace/{workplaceId}/reports/engagement/csv?from=&to= — the same as a CSV file, a row per business unit and one for all. */
export const downloadEngagementReport = ({ workplaceId, range }: { workplaceId: string; range: MonthRange }): Promise<DownloadedFile> =>
  fetchFile(`${reportsPath(workplaceId)}/engagement/csv${rangeSearch(range)}`, { fallbackName: `engagement_${range.from}_${range.to}.csv` });
