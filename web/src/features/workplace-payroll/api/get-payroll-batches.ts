import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { payrollBatchListSchema } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export type PayrollBatchList = z.infer<typeof payrollBatchListSchema>;

/** Every batches query of the workplace (any filter) starts with this key. */
export const payrollBatchesKey = (workplaceId: string) => [...payrollKey(workplaceId), 'payroll-batches'] as const;

/** GET /api/workplace/{workplaceId}/payroll-batches[?payCycleId=] — the payroll files made, newest period first. */
export const getPayrollBatches = ({ workplaceId, payCycleId, signal }: { workplaceId: string; payCycleId?: string; signal?: AbortSignal }): Promise<PayrollBatchList> =>
  api.get(`${payrollPath(workplaceId)}/payroll-batches${payCycleId ? `?payCycleId=${encodeURIComponent(payCycleId)}` : ''}`, payrollBatchListSchema, { signal });

export const payrollBatchesQueryOptions = (workplaceId: string, payCycleId?: string) =>
  queryOptions({
    queryKey: [...payrollBatchesKey(workplaceId), { payCycleId: payCycleId ?? null }],
    queryFn: ({ signal }) => getPayrollBatches({ workplaceId, payCycleId, signal }),
  });

export const usePayrollBatches = (workplaceId: string, payCycleId?: string) => useQuery(payrollBatchesQueryOptions(workplaceId, payCycleId));
