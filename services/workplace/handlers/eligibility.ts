import { eligibilityFileParams, eligibilityUploadSchema, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { callerName, created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { getEligibilityReport, listEligibilityFiles, uploadEligibilityFile } from '../domain/eligibility';
import { workplaceRoute } from '../http';

/** Eligibility files: HR's employee lists (the workplace console, and the back office across workplaces). */

/** POST /workplace/{workplaceId}/eligibility-files — 201 with the report, Accepted or Rejected. */
export const upload = workplaceRoute({ params: workplaceParams, body: eligibilityUploadSchema }, async ({ params, body, caller }) =>
  created(await uploadEligibilityFile(deps(), params.workplaceId, body, callerName(caller))),
);

/** GET /workplace/{workplaceId}/eligibility-files */
export const list = workplaceRoute({ params: workplaceParams }, async ({ params }) => ok(await listEligibilityFiles(deps(), params.workplaceId)));

/** GET /workplace/{workplaceId}/eligibility-files/{fileId} — the file with each row's errors. */
export const get = workplaceRoute({ params: eligibilityFileParams }, async ({ params }) => ok(await getEligibilityReport(deps(), params.workplaceId, params.fileId)));

/** GET /workplace/backoffice/eligibility-files — every workplace's latest 200. */
export const listAll = workplaceRoute({}, async () => ok(await listEligibilityFiles(deps())));
