import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageListSchema, type PageList } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, segment } from './keys';

/** GET /api/fundraising/charity/{charityId}/pages — the charity's pages, online and offline, newest first. */
export const getCharityPages = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<PageList> =>
  api.get(`/fundraising/charity/${segment(charityId)}/pages`, pageListSchema, { signal });

export const charityPagesQueryOptions = (charityId: string) =>
  queryOptions({ queryKey: [...charityFundraisingKey(charityId), 'pages'], queryFn: ({ signal }) => getCharityPages({ charityId, signal }) });

export const useCharityPages = (charityId: string) => useQuery(charityPagesQueryOptions(charityId));
