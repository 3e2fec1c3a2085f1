import { fileStructureInputSchema, fileStructureParams, previewQuerySchema, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/file-structures';
import { previewStructure } from '../domain/preview';
import { workplaceRoute } from '../http';

/** The workplace console's payroll file structures (pay-cycles/integrations). */

/** GET /workplace/{workplaceId}/file-structures */
export const list = workplaceRoute({ params: workplaceParams }, async ({ params }) => {
  const items = await deps().structures.list(params.workplaceId);
  return ok({ items: items.sort((a, b) => a.name.localeCompare(b.name)) });
});

/** GET /workplace/{workplaceId}/file-structures/presets */
export const presets = workplaceRoute({ params: workplaceParams }, async () => ok(use.presets(), { 'cache-control': 'private, max-age=300' }));

/** POST /workplace/{workplaceId}/file-structures/preview */
export const preview = workplaceRoute({ params: workplaceParams, query: previewQuerySchema, body: fileStructureInputSchema }, async ({ query, body }) =>
  ok(previewStructure(deps(), body, query.country ?? 'nz')),
);

/** POST /workplace/{workplaceId}/file-structures */
export const create = workplaceRoute({ params: workplaceParams, body: fileStructureInputSchema }, async ({ params, body }) =>
  created(await use.createStructure(deps(), params.workplaceId, body)),
);

/** GET /workplace/{workplaceId}/file-structures/{fileStructureId} */
export const get = workplaceRoute({ params: fileStructureParams }, async ({ params }) => ok(await use.getStructure(deps(), params.workplaceId, params.fileStructureId)));

/** PUT /workplace/{workplaceId}/file-structures/{fileStructureId} */
export const update = workplaceRoute({ params: fileStructureParams, body: fileStructureInputSchema }, async ({ params, body }) =>
  ok(await use.updateStructure(deps(), params.workplaceId, params.fileStructureId, body)),
);
