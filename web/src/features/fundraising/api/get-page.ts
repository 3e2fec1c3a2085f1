import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, type Page } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, segment } from './keys';

/** GET /api/fundraising/events/{eventUrl}/pages/{pageUrl} — a page: story, owner, team, totals and status. */
export const getPage = ({ eventUrl, pageUrl, signal }: { eventUrl: string; pageUrl: string; signal?: AbortSignal }): Promise<Page> =>
  api.get(`/fundraising/events/${segment(eventUrl)}/pages/${segment(pageUrl)}`, pageSchema, { signal });

export const pageQueryOptions = (eventUrl: string, pageUrl: string) =>
  queryOptions({
    queryKey: [...publicFundraisingKey, 'page', eventUrl, pageUrl],
    queryFn: ({ signal }) => getPage({ eventUrl, pageUrl, signal }),
  });

export const usePage = (eventUrl: string, pageUrl: string, { enabled = true } = {}) => useQuery({ ...pageQueryOptions(eventUrl, pageUrl), enabled });
