import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { serviceRoute } from '@giving/shared/lambda/authorize';
import type { HttpRequest } from '@giving/shared/lambda/http';
import { DomainError } from '@giving/shared/errors';
import type { PermissionSource } from '@giving/shared/permissions';
import { memberNames, roles } from './adapters';
import type { Actor } from './domain/ports';
import manifest from './service';

let permissions: PermissionSource | undefined;
const permissionSource = () => (permissions ??= copiedRolesPermissionSource(roles()));

/**
 * Every fundraising handler is built with this, so it enforces its manifest entry's policy. Charity console routes
 * (tenant policies) read the caller's roles from fundraising's own copy of charity memberships.
 */
export const fundraisingRoute = serviceRoute(manifest, permissionSource);

/**
 * The signed-in caller, named as accounts' member record names them (fundraising's copy, from MemberNamesChanged);
 * until the copy has them, the token's names (or the e-mail's local part).
 */
export async function actorOf(request: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>): Promise<Actor> {
  const caller = request.caller;
  if (!caller) throw new DomainError('Unauthorized');
  const names = await memberNames().namesOf(caller.userId);
  const fromToken = [caller.claims.given_name, caller.claims.family_name].filter(Boolean).join(' ').trim() || (caller.email?.split('@')[0] ?? 'A supporter');
  const fromCopy = names ? `${names.firstName} ${names.lastName}`.trim() : '';
  return { memberId: caller.userId, ...(caller.email ? { email: caller.email.toLowerCase() } : {}), name: fromCopy || fromToken, groups: caller.groups };
}
