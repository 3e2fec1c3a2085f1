import { queryOptions, useQuery } from '@tanstack/react-query';
import { charitySettingsSchema, type CharitySettings } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from './account';
import { api } from './api-client';

// In lib, not the charity console: the console's volunteering screens read the charity's country from it too.

/** GET /api/accounts/charity/{charityId}/settings — the charity's profile and any change waiting for approval. */
export const getCharitySettings = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<CharitySettings> =>
  api.get(`/accounts/charity/${encodeURIComponent(charityId)}/settings`, charitySettingsSchema, { signal });

export const charitySettingsQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'charity-console', charityId, 'settings'],
    queryFn: ({ signal }) => getCharitySettings({ charityId, signal }),
  });

export const useCharitySettings = (charityId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...charitySettingsQueryOptions(charityId), enabled });
