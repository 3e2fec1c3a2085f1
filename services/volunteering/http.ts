import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { serviceRoute } from '@giving/shared/lambda/authorize';
import type { HttpRequest } from '@giving/shared/lambda/http';
import { DomainError } from '@giving/shared/errors';
import type { PermissionSource } from '@giving/shared/permissions';
import { memberNames, roles } from './adapters';
import type { Actor } from './domain/ports';
import manifest from './service';

let permissions: PermissionSource | undefined;
/** Built on first use: public routes never need it. */
const permissionSource = () => (permissions ??= copiedRolesPermissionSource(roles()));

/**
 * Every volunteering handler is built with this, so it enforces its manifest entry's policy. Charity console routes
 * (tenant policies) read the caller's roles from volunteering's own copy of charity memberships.
 */
export const volunteeringRoute = serviceRoute(manifest, permissionSource);

/** The signed-in caller as the use cases see them (the guard already refused anonymous callers on signed-in routes). */
export function actorOf(request: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>): Actor {
  const caller = request.caller;
  if (!caller) throw new DomainError('Unauthorized');
  return {
    memberId: caller.userId,
    email: caller.email,
    // Cognito puts given_name and family_name in the ID token; without them (cognito-local omits them) the e-mail's
    // local part stands in for the first name, as the payments' receipts do.
    firstName: (caller.claims.given_name ?? caller.email?.split('@')[0] ?? '').trim(),
    lastName: (caller.claims.family_name ?? '').trim(),
    groups: caller.groups,
  };
}

/**
 * The caller named as accounts' member record names them (volunteering's copy, from MemberNamesChanged), for what
 * records or shows a name: applications, team leaders in invitation e-mails, feedback, comments. Until the copy has
 * them, the token's (see actorOf).
 */
export async function namedActorOf(request: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>): Promise<Actor> {
  const actor = actorOf(request);
  const names = await memberNames().namesOf(actor.memberId);
  return names && (names.firstName || names.lastName) ? { ...actor, firstName: names.firstName, lastName: names.lastName } : actor;
}
