import { queryOptions, useQuery } from '@tanstack/react-query';
import { payrollBatchSchema, type PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollBatchesKey } from './get-payroll-batches';
import { payrollPath } from './keys';

/** GET /api/workplace/{workplaceId}/payroll-batches/{batchId} — one batch. */
export const getPayrollBatch = ({ workplaceId, batchId, signal }: { workplaceId: string; batchId: string; signal?: AbortSignal }): Promise<PayrollBatch> =>
  api.get(`${payrollPath(workplaceId)}/payroll-batches/${encodeURIComponent(batchId)}`, payrollBatchSchema, { signal });

export const payrollBatchQueryOptions = (workplaceId: string, batchId: string) =>
  queryOptions({
    queryKey: [...payrollBatchesKey(workplaceId), 'batch', batchId],
    queryFn: ({ signal }) => getPayrollBatch({ workplaceId, batchId, signal }),
  });

export const usePayrollBatch = (workplaceId: string, batchId: string | undefined) =>
  useQuery({ ...payrollBatchQueryOptions(workplaceId, batchId ?? ''), enabled: batchId !== undefined });
