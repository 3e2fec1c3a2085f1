import { actualsUploadSchema, batchParams } from '@giving/shared/contracts/workplace-payroll';
import { ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { confirmBatch, getReconciliation, uploadActuals } from '../domain/reconciliation';
import { workplaceRoute } from '../http';

/** Payroll Payments: what payroll actually deducted, against a batch, and confirming its donations. */

/** POST /workplace/{workplaceId}/payroll-batches/{batchId}/actuals */
export const upload = workplaceRoute({ params: batchParams, body: actualsUploadSchema }, async ({ params, body }) =>
  ok(await uploadActuals(deps(), params.workplaceId, params.batchId, body)),
);

/** GET /workplace/{workplaceId}/payroll-batches/{batchId}/reconciliation */
export const get = workplaceRoute({ params: batchParams }, async ({ params }) => ok(await getReconciliation(deps(), params.workplaceId, params.batchId)));

/** POST /workplace/{workplaceId}/payroll-batches/{batchId}/confirm */
export const confirm = workplaceRoute({ params: batchParams }, async ({ params }) => ok(await confirmBatch(deps(), params.workplaceId, params.batchId)));
