import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { donationMatchListSchema, type DonationMatchList } from '@giving/shared/contracts/match-preview';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** How often, and for how long, the thank-you page asks whether the expected match has been recorded. */
export const MATCH_POLL_MS = 1500;
export const MATCH_POLL_LIMIT_MS = 30_000;

/** GET /api/donations/me/donations/{donationId}/matches */
export const getDonationMatches = (donationId: string, signal?: AbortSignal): Promise<DonationMatchList> =>
  api.get(`/donations/me/donations/${encodeURIComponent(donationId)}/matches`, donationMatchListSchema, { signal });

/**
 * Asked only when the checkout said a workplace would match the gift: until every expected match is recorded (matching
 * runs moments after the payment completes), or for at most 30 seconds.
 */
export function useDonationMatches(donationId: string, expected: number, enabled: boolean) {
  const [started] = useState(() => Date.now());
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'donation-matches', donationId],
    queryFn: ({ signal }) => getDonationMatches(donationId, signal),
    enabled,
    retry: false,
    refetchInterval: (query) => ((query.state.data?.items.length ?? 0) >= expected || Date.now() - started > MATCH_POLL_LIMIT_MS ? false : MATCH_POLL_MS),
  });
}
