import { queryOptions, useQuery } from '@tanstack/react-query';
import { recurringDonationListSchema, type RecurringDonationList } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/recurring-donations — the member's active monthly donations, the next charge first. */
export const getMyRecurringDonations = ({ signal }: { signal?: AbortSignal } = {}): Promise<RecurringDonationList> =>
  api.get('/donations/me/recurring-donations', recurringDonationListSchema, { signal });

export const myRecurringDonationsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'recurring-donations'],
    queryFn: ({ signal }) => getMyRecurringDonations({ signal }),
  });

export const useMyRecurringDonations = () => useQuery(myRecurringDonationsQueryOptions());
