import { fetchFile, type DownloadedFile } from '../../../lib/api-client';

/**
 * GET /api/accounts/me/data-exports/{exportId}/download — the .zip of the member's data. Like every download here it is
 * fetched with the member's ID token (the API has no cookie session); the API answers with a redirect to a short-lived
 * signed address of the file, which fetch follows.
 */
export const downloadDataExport = ({ exportId, requestedAt }: { exportId: string; requestedAt: string }): Promise<DownloadedFile> =>
  fetchFile(`/accounts/me/data-exports/${encodeURIComponent(exportId)}/download`, { fallbackName: `koha-my-data-${requestedAt.slice(0, 10)}.zip` });
