import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataExportListSchema, type DataExport } from '@giving/shared/contracts/personal-data';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** How often the list is asked for again while an export is being gathered. */
export const DATA_EXPORT_POLL_MS = 3000;

/** GET /api/accounts/me/data-exports — the member's exports of their data, newest first. */
export const getMyDataExports = ({ signal }: { signal?: AbortSignal } = {}): Promise<readonly DataExport[]> =>
  api.get('/accounts/me/data-exports', dataExportListSchema, { signal }).then(({ exports }) => exports);

export const myDataExportsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'data-exports'],
    queryFn: ({ signal }) => getMyDataExports({ signal }),
    // While one is being gathered, its progress is asked for every few seconds until it is ready.
    refetchInterval: (query) => (query.state.data?.some((item) => item.status === 'Preparing') ? DATA_EXPORT_POLL_MS : false),
  });

export const useMyDataExports = () => useQuery(myDataExportsQueryOptions());
