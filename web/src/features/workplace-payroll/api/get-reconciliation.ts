import { queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationSchema, type Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import { api, isNotFound } from '../../../lib/api-client';
import { payrollKey, payrollPath } from './keys';

export const reconciliationKey = (workplaceId: string, batchId: string) => [...payrollKey(workplaceId), 'reconciliation', batchId] as const;

/**
 * GET /api/workplace/{workplaceId}/payroll-batches/{batchId}/reconciliation — the last upload's reconciliation;
 * null while payroll's actuals have not been uploaded (the API's 404).
 */
export const getReconciliation = async ({ workplaceId, batchId, signal }: { workplaceId: string; batchId: string; signal?: AbortSignal }): Promise<Reconciliation | null> => {
  try {
    return await api.get(`${payrollPath(workplaceId)}/payroll-batches/${encodeURIComponent(batchId)}/reconciliation`, reconciliationSchema, { signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
};

export const reconciliationQueryOptions = (workplaceId: string, batchId: string) =>
  queryOptions({
    queryKey: reconciliationKey(workplaceId, batchId),
    queryFn: ({ signal }) => getReconciliation({ workplaceId, batchId, signal }),
  });

/** A batch's reconciliation; not asked for while `enabled` is false (a Ready batch has none). */
export const useReconciliation = (workplaceId: string, batchId: string, enabled: boolean) => useQuery({ ...reconciliationQueryOptions(workplaceId, batchId), enabled });
