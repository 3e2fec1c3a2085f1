import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { matchPreviewSchema, type MatchPreview } from '@giving/shared/contracts/match-preview';
import type { Currency } from '@giving/shared/money';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

export interface MatchPreviewRequest {
  charityId: string;
  giftId?: string;
  pageId?: string;
  eventId?: string;
  /** What reaches the charity, in cents: the amount x quantity, no tip. */
  amount: number;
  currency: Currency;
  paymentType: 'CARD' | 'VOUCHER' | 'PAYROLL';
  recurring: boolean;
}

/** GET /api/matching/me/preview — what the signed-in member's gift would be matched by now (nothing is taken). */
export const getMatchPreview = (request: MatchPreviewRequest, signal?: AbortSignal): Promise<MatchPreview> => {
  const search = new URLSearchParams({
    charityId: request.charityId,
    ...(request.giftId ? { giftId: request.giftId } : {}),
    ...(request.pageId ? { pageId: request.pageId } : {}),
    ...(request.eventId ? { eventId: request.eventId } : {}),
    amount: String(request.amount),
    currency: request.currency,
    paymentType: request.paymentType,
    recurring: String(request.recurring),
  });
  return api.get(`/matching/me/preview?${search.toString()}`, matchPreviewSchema, { signal });
};

/** Only for a signed-in member with a valid amount; the line keeps the last answer while the next one loads. */
export const useMatchPreview = (request: MatchPreviewRequest | undefined) =>
  useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'match-preview', request],
    queryFn: ({ signal }) => getMatchPreview(request as MatchPreviewRequest, signal),
    enabled: request !== undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
