import { payCycleInputSchema, payCycleParams, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { deps, mail } from '../adapters';
import { exportNow as exportBatch } from '../domain/batches';
import * as use from '../domain/pay-cycles';
import { workplaceRoute } from '../http';

/** The workplace console's pay cycles: the manifest's tenant policy has checked the caller's roles in {workplaceId}. */

/** GET /workplace/{workplaceId}/pay-cycles */
export const list = workplaceRoute({ params: workplaceParams }, async ({ params }) => ok(await use.listPayCycles(deps(), params.workplaceId)));

/** POST /workplace/{workplaceId}/pay-cycles */
export const create = workplaceRoute({ params: workplaceParams, body: payCycleInputSchema }, async ({ params, body }) =>
  created(await use.createPayCycle(deps(), params.workplaceId, body)),
);

/** GET /workplace/{workplaceId}/pay-cycles/{payCycleId} */
export const get = workplaceRoute({ params: payCycleParams }, async ({ params }) => ok(await use.getPayCycle(deps(), params.workplaceId, params.payCycleId)));

/** PUT /workplace/{workplaceId}/pay-cycles/{payCycleId} */
export const update = workplaceRoute({ params: payCycleParams, body: payCycleInputSchema }, async ({ params, body }) =>
  ok(await use.updatePayCycle(deps(), params.workplaceId, params.payCycleId, body)),
);

/** DELETE /workplace/{workplaceId}/pay-cycles/{payCycleId} */
export const remove = workplaceRoute({ params: payCycleParams }, async ({ params }) => {
  await use.removePayCycle(deps(), params.workplaceId, params.payCycleId);
  return noContent();
});

/** POST /workplace/{workplaceId}/pay-cycles/{payCycleId}/export — 'Export now'. */
export const exportNow = workplaceRoute({ params: payCycleParams }, async ({ params, log }) =>
  ok(await exportBatch(deps(), params.workplaceId, params.payCycleId, { log, mail: mail() })),
);
