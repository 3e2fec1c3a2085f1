import { queryOptions, useQuery } from '@tanstack/react-query';
import { remittanceSchema, type Remittance } from '@giving/shared/contracts/charity-reports';
import { api } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

/** GET /api/donations/charity/{charityId}/remittance — owed and paid, per month, and the payouts. */
export const getRemittance = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<Remittance> =>
  api.get(`/donations/charity/${encodeURIComponent(charityId)}/remittance`, remittanceSchema, { signal });

export const remittanceQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...charityDonationsKey(charityId), 'remittance'],
    queryFn: ({ signal }) => getRemittance({ charityId, signal }),
  });

export const useRemittance = (charityId: string) => useQuery(remittanceQueryOptions(charityId));
