import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedCardListSchema, type SavedCardList, type SavedCardView } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type SavedCard = SavedCardView;

/** GET /api/donations/me/saved-cards — the signed-in member's saved cards (type and last 4 digits only). */
export const getSavedCards = ({ signal }: { signal?: AbortSignal } = {}): Promise<SavedCardList> =>
  api.get('/donations/me/saved-cards', savedCardListSchema, { signal });

/** Under the account key, so signing out forgets them. */
export const savedCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'checkout', 'saved-cards'],
    queryFn: ({ signal }) => getSavedCards({ signal }),
  });

export const useSavedCards = () => useQuery(savedCardsQueryOptions());

/** DELETE /api/donations/me/saved-cards/{cardId} — removes the card (at the gateway too); 409 while a monthly donation uses it. */
export const removeSavedCard = (cardId: string): Promise<void> => api.delete(`/donations/me/saved-cards/${encodeURIComponent(cardId)}`);

/** Removing a card reloads the list (spec §4 "Card panel"). */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsQueryOptions().queryKey }),
  });
}
