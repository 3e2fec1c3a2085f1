import { charityPayrollCodeInputSchema, charityPayrollCodeParams, workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { listCharityPayrollCodes, setCharityPayrollCode } from '../domain/charity-codes';
import { workplaceRoute } from '../http';

/** GET /workplace/{workplaceId}/charity-payroll-codes */
export const list = workplaceRoute({ params: workplaceParams }, async ({ params }) => ok(await listCharityPayrollCodes(deps(), params.workplaceId)));

/** PUT /workplace/{workplaceId}/charity-payroll-codes/{charityId} */
export const set = workplaceRoute({ params: charityPayrollCodeParams, body: charityPayrollCodeInputSchema }, async ({ params, body }) =>
  ok(await setCharityPayrollCode(deps(), params.workplaceId, params.charityId, body)),
);
