import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { indexStatusListSchema, rebuildOutcomeSchema, type IndexStatusList, type RebuildOutcome, type SearchIndexName } from '@giving/shared/contracts/search';
import type { Permission } from '@giving/shared/permissions';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/search/backOffice/indexes — each index's alias target, documents and last re-index. */
export const getSearchIndexes = ({ signal }: { signal?: AbortSignal } = {}): Promise<IndexStatusList> => api.get('/search/backOffice/indexes', indexStatusListSchema, { signal });

export const searchIndexesQueryOptions = () =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'search-indexes'], queryFn: ({ signal }) => getSearchIndexes({ signal }) });

export const useSearchIndexes = () => useQuery(searchIndexesQueryOptions());

/** POST /api/search/backOffice/indexes/{index}/rebuild — a new versioned index from search's copies; the alias moves. */
export const rebuildSearchIndex = (index: SearchIndexName): Promise<RebuildOutcome> => api.post(`/search/backOffice/indexes/${index}/rebuild`, undefined, rebuildOutcomeSchema);

export function useRebuildSearchIndex() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rebuildSearchIndex, onSuccess: () => queryClient.invalidateQueries({ queryKey: searchIndexesQueryOptions().queryKey }) });
}

/**
 * Each index's source: the service that owns its documents and its ReIndex operation, which sends every stored
 * document to search again (the index's copies are refreshed from the source of truth), and who may run it.
 */
export const INDEX_SOURCES: Record<SearchIndexName, { label: string; path: string; permission: Permission }> = {
  charities: { label: 'Charities', path: '/accounts/backoffice/ReIndexCharities', permission: 'BackOffice_ManageCharities' },
  'charitygifts-v2': { label: 'Charity gifts', path: '/donations/backoffice/ReIndexCharityGifts', permission: 'BackOffice_ManageCharities' },
  'volunteeringopportunities-v2': { label: 'Volunteering roles', path: '/volunteering/ReIndexVolunteeringOpportunity', permission: 'BackOffice_ManageVacancies' },
  fundraisingevents: { label: 'Fundraising events', path: '/fundraising/backOffice/ReIndexFundraisingEvents', permission: 'BackOffice_ManageFundraising' },
  fundraisingpages: { label: 'Fundraising pages', path: '/fundraising/backOffice/ReIndexFundraisingPages', permission: 'BackOffice_ManageFundraising' },
};

/** The owners answer {events} (accounts, donations, fundraising) or {documents} (volunteering): how many were sent. */
const resentSchema = z.object({ events: z.optional(z.int()), documents: z.optional(z.int()) });

export const resendDocuments = async (index: SearchIndexName): Promise<number> => {
  const answer = await api.post(INDEX_SOURCES[index].path, undefined, resentSchema);
  return answer.events ?? answer.documents ?? 0;
};

export const useResendDocuments = () => useMutation({ mutationFn: resendDocuments });
