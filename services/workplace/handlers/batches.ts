import { batchListQuerySchema, batchParams, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { PATH_PARAMETERS } from '@giving/shared/contracts/path-parameters';
import { ok, type HttpResult } from '@giving/shared/lambda/http';
import * as z from 'zod/mini';
import { deps } from '../adapters';
import * as use from '../domain/batches';
import { workplaceRoute } from '../http';

/** The workplace console's payroll batches (Payroll Payments), and the finance e-mail's link. */

/** GET /workplace/{workplaceId}/payroll-batches[?payCycleId=] */
export const list = workplaceRoute({ params: workplaceParams, query: batchListQuerySchema }, async ({ params, query }) =>
  ok(await use.listBatches(deps(), params.workplaceId, query.payCycleId)),
);

/** GET /workplace/{workplaceId}/payroll-batches/{batchId} */
export const get = workplaceRoute({ params: batchParams }, async ({ params }) => ok(await use.getBatch(deps(), params.workplaceId, params.batchId)));

const answer = (file: use.BatchFile): HttpResult =>
  file.kind === 'redirect'
    ? { status: 303, headers: { location: file.url, 'cache-control': 'no-store' } }
    : {
        status: 200,
        text: file.text,
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '')}"`,
          'cache-control': 'private, no-store',
        },
      };

/** GET /workplace/{workplaceId}/payroll-batches/{batchId}/file */
export const file = workplaceRoute({ params: batchParams }, async ({ params }) => answer(await use.batchFile(deps(), params.workplaceId, params.batchId)));

/** GET /workplace/payroll-files/{token} — public: the token is the credential, and it expires. */
export const fileByLink = workplaceRoute({ params: z.object({ token: PATH_PARAMETERS.token }) }, async ({ params }) =>
  answer(await use.batchFileByLink(deps(), params.token)),
);
