import { listQuerySchema, memberIdParams, newCharitySchema, newWorkplaceSchema } from '@giving/shared/contracts/accounts';
import { systemClock } from '@giving/shared/clock';
import { created, ok } from '@giving/shared/lambda/http';
import { accountsRoute } from '../http';
import {
  createCharity as createCharityUseCase,
  createWorkplace as createWorkplaceUseCase,
  getDashboard as dashboardOf,
  grantAdministrator,
  listAdministrators,
  listCharities as listCharitiesUseCase,
  listMembers as listMembersUseCase,
  listWorkplaces as listWorkplacesUseCase,
  revokeAdministrator,
} from '../domain/back-office';
import { backOffice, security, userPoolGroups } from '../adapters/site';
import { auditActor, callerId } from './caller-id';

/** GET /accounts/backoffice/dashboard — counts of charities, members, admins, workplaces and content to approve. */
export const getDashboard = accountsRoute({}, async () => ok(await dashboardOf({ backOffice: backOffice() })));

/** GET /accounts/backoffice/charities?q=&cursor= — every charity by name, 25 a page. */
export const listCharities = accountsRoute({ query: listQuerySchema }, async ({ query }) =>
  ok(await listCharitiesUseCase({ backOffice: backOffice() }, query)),
);

/** POST /accounts/backoffice/charities — lists a new charity; 409 when its URL is taken. */
export const createCharity = accountsRoute({ body: newCharitySchema }, async ({ body }) =>
  created(await createCharityUseCase({ backOffice: backOffice(), clock: systemClock }, body)),
);

/** GET /accounts/backoffice/members?q=&cursor= — every member, by name or e-mail, 25 a page. */
export const listMembers = accountsRoute({ query: listQuerySchema }, async ({ query }) =>
  ok(await listMembersUseCase({ backOffice: backOffice() }, query)),
);

/** GET /accounts/backoffice/admins — members holding the Administrator role. */
export const listAdmins = accountsRoute({}, async () => ok(await listAdministrators({ backOffice: backOffice() })));

/** PUT /accounts/backoffice/admins/{memberId} — grants the Administrator role (idempotent). */
export const grantAdmin = accountsRoute({ params: memberIdParams }, async ({ params, caller }) =>
  ok(await grantAdministrator({ backOffice: backOffice(), groups: userPoolGroups(), security: security() }, params.memberId, auditActor(caller))),
);

/** DELETE /accounts/backoffice/admins/{memberId} — revokes the Administrator role (idempotent; never your own). */
export const revokeAdmin = accountsRoute({ params: memberIdParams }, async ({ params, caller }) =>
  ok(await revokeAdministrator({ backOffice: backOffice(), groups: userPoolGroups(), security: security() }, params.memberId, callerId(caller), auditActor(caller))),
);

/** GET /accounts/backoffice/workplaces — every workplace, by name. */
export const listWorkplaces = accountsRoute({}, async () => ok(await listWorkplacesUseCase({ backOffice: backOffice() })));

/** POST /accounts/backoffice/workplaces — creates a workplace. */
export const createWorkplace = accountsRoute({ body: newWorkplaceSchema }, async ({ body }) =>
  created(await createWorkplaceUseCase({ backOffice: backOffice(), clock: systemClock }, body)),
);
