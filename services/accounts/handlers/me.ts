import { accountsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { permissionsQuerySchema, updateProfileSchema } from '@giving/shared/contracts/accounts';
import { ok } from '@giving/shared/lambda/http';
import { getAdminMenu as adminMenu, getBadges as badges, getDashboard as dashboard, getPermissions as permissions, getProfile as profile, updateProfile as rename } from '../domain/members';
import { permissionSource } from '../adapters';
import { invitations, members, memberships, signedInMember } from '../adapters/people';

/** GET /accounts/me — the admin menu; stores the member on their first call. */
export const getAdminMenu = accountsRoute({}, async ({ caller }) =>
  ok(await adminMenu({ members: members(), memberships: memberships(), clock: systemClock }, signedInMember(caller))),
);

/** GET /accounts/me/permissions?charityId=|workplaceId= — the allowed list for menus and page guards. */
export const getPermissions = accountsRoute({ query: permissionsQuerySchema }, async ({ caller, query, log }) =>
  ok(await permissions({ permissions: permissionSource(), log }, signedInMember(caller), query)),
);

/** GET /accounts/me/profile */
export const getProfile = accountsRoute({}, async ({ caller }) => ok(await profile({ members: members(), clock: systemClock }, signedInMember(caller))));

/** PUT /accounts/me/profile — the member's names. */
export const updateProfile = accountsRoute({ body: updateProfileSchema }, async ({ caller, body }) =>
  ok(await rename({ members: members(), clock: systemClock }, signedInMember(caller), body)),
);

/** GET /accounts/me/dashboard — profile, badges, completed donations, pending invitations. */
export const getDashboard = accountsRoute({}, async ({ caller }) =>
  ok(await dashboard({ members: members(), invitations: invitations(), clock: systemClock }, signedInMember(caller))),
);

/** GET /accounts/me/badges */
export const getBadges = accountsRoute({}, async ({ caller }) => ok(await badges({ members: members() }, signedInMember(caller))));
