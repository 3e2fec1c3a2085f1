import type { CountryCode } from '@giving/shared/countries';
import { fetchFile, type DownloadedFile } from '../../../lib/api-client';

/** GET /api/donations/me/tax-statements/{country}/{taxYear} — the member's annual tax statement (PDF). */
export const downloadTaxStatement = ({ country, taxYear }: { country: CountryCode; taxYear: number }): Promise<DownloadedFile> =>
  fetchFile(`/donations/me/tax-statements/${country}/${taxYear}`, { fallbackName: `koha-tax-statement-${country}-${taxYear}.pdf` });
