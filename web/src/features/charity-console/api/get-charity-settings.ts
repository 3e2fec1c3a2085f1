import { queryOptions, useQuery } from '@tanstack/react-query';
import { charitySettingsSchema, type CharitySettings } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

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
