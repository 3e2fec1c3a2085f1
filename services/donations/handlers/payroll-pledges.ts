import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { createPayrollPledgeRequestSchema, payrollPledgeParams } from '@giving/shared/contracts/payroll';
import { DomainError } from '@giving/shared/errors';
import { created, noContent, ok, type HttpRequest } from '@giving/shared/lambda/http';
import { cancelPayrollPledge, createPayrollPledge, listPayrollPledges } from '../domain/payroll-pledges';
import { charities, fundraisingPages, gifts, memberships, payrollPledges } from '../adapters';

const deps = () => ({ pledges: payrollPledges(), memberships: memberships(), gifts: gifts(), charities: charities(), pages: fundraisingPages(), clock: systemClock });

/** The manifest guard has already refused anonymous callers on these signedIn routes. */
const memberOf = ({ caller }: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>) => {
  if (!caller) throw new DomainError('Unauthorized');
  return caller.userId;
};

/**
 * POST /donations/me/payroll-pledges — a workplace member pledges a gift or a general donation from their pay
 * (201 + the pledge; the same again for a retry with the same Idempotency-Key). 403 when their workplace roles do
 * not allow payroll on this page type.
 */
export const create = donationsRoute({ body: createPayrollPledgeRequestSchema, idempotencyKey: 'required' }, async (request) =>
  created(await createPayrollPledge(deps(), request.body, memberOf(request), request.idempotencyKey as string)),
);

/** GET /donations/me/payroll-pledges — the member's pledges, newest first. */
export const list = donationsRoute({}, async (request) => ok(await listPayrollPledges(deps(), memberOf(request))));

/** DELETE /donations/me/payroll-pledges/{pledgeId} — cancels one of the member's pledges (204; again is harmless). */
export const cancel = donationsRoute({ params: payrollPledgeParams }, async (request) => {
  await cancelPayrollPledge(deps(), memberOf(request), request.params.pledgeId);
  return noContent();
});
