import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { charityPayrollCodeListSchema } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

/** GET /api/workplace/{workplaceId}/charity-payroll-codes — the code the workplace's payroll knows each charity by. */
export const charityPayrollCodesQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...payrollKey(workplaceId), 'charity-payroll-codes'],
    queryFn: ({ signal }) => api.get(`${payrollPath(workplaceId)}/charity-payroll-codes`, charityPayrollCodeListSchema, { signal }),
  });

export const useCharityPayrollCodes = (workplaceId: string) => useQuery(charityPayrollCodesQueryOptions(workplaceId));

/** PUT /api/workplace/{workplaceId}/charity-payroll-codes/{charityId} — sets a charity's code ('' clears it); answers all the codes. */
export function useSetCharityPayrollCode(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ charityId, payrollCode }: { charityId: string; payrollCode: string }) =>
      api.put(`${payrollPath(workplaceId)}/charity-payroll-codes/${encodeURIComponent(charityId)}`, { payrollCode }, charityPayrollCodeListSchema),
    onSuccess: (codes) => queryClient.setQueryData(charityPayrollCodesQueryOptions(workplaceId).queryKey, codes),
  });
}
