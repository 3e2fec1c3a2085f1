import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';

/** Under the account's key, so signing out forgets them; one charity's data shares a prefix, so a change refreshes it all. */
export const charityDonationsKey = (charityId: string) => [...ACCOUNT_QUERY_KEY, 'charity-donations', charityId] as const;
export const backOfficeGiftsKey = [...ACCOUNT_QUERY_KEY, 'back-office', 'gifts'] as const;
