import { queryOptions, useQuery } from '@tanstack/react-query';
import { workplaceCharityListSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { payrollKey } from './keys';

/** GET /api/accounts/workplace/{workplaceId}/charities — the charities the workplace supports, each to have its payroll code. */
export const supportedCharitiesQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...payrollKey(workplaceId), 'supported-charities'],
    queryFn: ({ signal }) => api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/charities`, workplaceCharityListSchema, { signal }),
  });

export const useSupportedCharities = (workplaceId: string) => useQuery(supportedCharitiesQueryOptions(workplaceId));
