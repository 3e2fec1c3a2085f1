import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query about the signed-in member starts with this key, so signing out (or in as someone else) drops them
 * all at once (spec 2 §3: "admin menu data is stored and cleared"). Apart from lib/account.ts so that signing in and
 * out, which every page can do, does not bring the account contracts' schemas into every page's first load.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const clearAccountQueries = (queryClient: QueryClient) => queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
