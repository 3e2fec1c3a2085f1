import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { savedCardListSchema } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/saved-cards?country= — the member's saved cards that can pay in this country (type and last 4 only). */
export const getSavedCards = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }) =>
  api.get(`/donations/me/saved-cards?country=${encodeURIComponent(country)}`, savedCardListSchema, { signal });

/** Under the account key, so signing out forgets them. */
export const savedCardsQueryOptions = (country: CountryCode) =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, 'memberships', 'saved-cards', country], queryFn: ({ signal }) => getSavedCards({ country, signal }) });

export const useSavedCards = (country: CountryCode) => useQuery(savedCardsQueryOptions(country));
