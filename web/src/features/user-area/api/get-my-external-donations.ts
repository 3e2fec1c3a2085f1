import { queryOptions, useQuery } from '@tanstack/react-query';
import { externalDonationListSchema, type ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/workplace/me/external-donations — the donations the member made elsewhere and recorded, newest first, with what their workplaces decided. */
export const getMyExternalDonations = ({ signal }: { signal?: AbortSignal } = {}): Promise<{ items: ExternalDonation[] }> =>
  api.get('/workplace/me/external-donations', externalDonationListSchema, { signal });

export const myExternalDonationsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'external-donations'],
    queryFn: ({ signal }) => getMyExternalDonations({ signal }),
  });

export const useMyExternalDonations = () => useQuery(myExternalDonationsQueryOptions());
