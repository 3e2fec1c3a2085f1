import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query about the signed-in member starts with this key, so signing out (or in as someone else) drops them
 * all at once (spec 2 §3: "admin menu data is stored and cleared"). Apart from lib/account.ts so that signing in and
 * out, which every page can do, does not bring the account contracts' schemas into every page's first load.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const clearAccountQueries = (queryClient: QueryClient) => queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });

/**
 * The member's payroll pledges (the user area's Upcoming donations lists them): whoever adds a pledge (the checkout,
 * 'Add to giving') marks the list out of date with this key, without importing the user area.
 */
export const PAYROLL_PLEDGES_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'user-area', 'payroll-pledges'] as const;
