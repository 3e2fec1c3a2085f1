import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { savedCardListSchema, type SavedCardList, type SavedCardView } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

export type SavedCard = SavedCardView;

/**
 * GET /api/donations/me/saved-cards?country= — the signed-in member's saved cards that can pay in this country (each
 * is kept by the merchant account that saved it), type and last 4 digits only.
 */
export const getSavedCards = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<SavedCardList> =>
  api.get(`/donations/me/saved-cards?country=${encodeURIComponent(country)}`, savedCardListSchema, { signal });

/** Under the account key, so signing out forgets them. */
const SAVED_CARDS_KEY = [...ACCOUNT_QUERY_KEY, 'checkout', 'saved-cards'] as const;
export const savedCardsQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: [...SAVED_CARDS_KEY, country],
    queryFn: ({ signal }) => getSavedCards({ country, signal }),
  });

export const useSavedCards = (country: CountryCode) => useQuery(savedCardsQueryOptions(country));

/** DELETE /api/donations/me/saved-cards/{cardId} — removes the card (at the gateway too); 409 while a monthly donation uses it. */
export const removeSavedCard = (cardId: string): Promise<void> => api.delete(`/donations/me/saved-cards/${encodeURIComponent(cardId)}`);

/** Removing a card reloads the list (spec §4 "Card panel"). */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY }),
  });
}
