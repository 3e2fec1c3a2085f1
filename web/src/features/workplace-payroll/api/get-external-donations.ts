import { queryOptions, useQuery } from '@tanstack/react-query';
import { externalDonationListSchema, type ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export type ExternalDonationStatus = ExternalDonation['status'];

/** Every external-donations query of a workplace (any filter) starts with this key. */
export const externalDonationsKey = (workplaceId: string) => [...payrollKey(workplaceId), 'external-donations'] as const;

/** GET /api/workplace/{workplaceId}/external-donations[?status=] — members' donations made elsewhere, pending first. */
export const getExternalDonations = ({ workplaceId, status, signal }: { workplaceId: string; status?: ExternalDonationStatus; signal?: AbortSignal }): Promise<{ items: ExternalDonation[] }> =>
  api.get(`${payrollPath(workplaceId)}/external-donations${status ? `?status=${encodeURIComponent(status)}` : ''}`, externalDonationListSchema, { signal });

export const externalDonationsQueryOptions = (workplaceId: string, status?: ExternalDonationStatus) =>
  queryOptions({
    queryKey: [...externalDonationsKey(workplaceId), { status: status ?? null }],
    queryFn: ({ signal }) => getExternalDonations({ workplaceId, status, signal }),
  });

export const useExternalDonations = (workplaceId: string, status?: ExternalDonationStatus) => useQuery(externalDonationsQueryOptions(workplaceId, status));
