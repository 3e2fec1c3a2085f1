import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { payCycleListSchema } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export type PayCycleList = z.infer<typeof payCycleListSchema>;

/** GET /api/workplace/{workplaceId}/pay-cycles — the workplace's pay cycles, each with its current and next periods. */
export const getPayCycles = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<PayCycleList> =>
  api.get(`${payrollPath(workplaceId)}/pay-cycles`, payCycleListSchema, { signal });

export const payCyclesQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...payrollKey(workplaceId), 'pay-cycles'],
    queryFn: ({ signal }) => getPayCycles({ workplaceId, signal }),
  });

export const usePayCycles = (workplaceId: string) => useQuery(payCyclesQueryOptions(workplaceId));
