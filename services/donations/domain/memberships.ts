import type { PageType, PaymentType } from '@giving/shared/contracts/donations';
import { DomainError } from '@giving/shared/errors';
import type { EventData } from '@giving/shared/events';
import type { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { METHOD_NOT_ALLOWED_MESSAGES, methodOf, paymentOptionsFor, type PaymentOptions } from '@giving/shared/payment-methods';
import type { MembershipDirectory } from './ports';

/** Payroll asked for by a member who belongs to no workplace (403). */
export const PAYROLL_NEEDS_WORKPLACE_MESSAGE = 'Payroll giving is for members of a workplace that offers it.';

/**
 * WorkplaceMembershipChanged -> donations' copy of the member's roles in that workplace (a removal keeps no roles).
 * Safe to receive twice or out of order: the directory keeps only the newest `version`.
 */
export async function recordWorkplaceMembership(
  deps: { memberships: Pick<MembershipDirectory, 'save'> },
  change: EventData<typeof WorkplaceMembershipChanged>,
): Promise<'saved' | 'stale'> {
  return deps.memberships.save({
    memberId: change.memberId,
    workplaceId: change.workplaceId,
    workplaceName: change.workplaceName,
    roles: change.roles,
    version: change.version,
  });
}

type Deps = { memberships: Pick<MembershipDirectory, 'workplacesOf'> };

/** Which payment methods a signed-in member may use on a page of this type (the shared rule, on donations' copy of their roles). */
export async function paymentOptionsForMember(deps: Deps, memberId: string, pageType: PageType): Promise<PaymentOptions> {
  const workplaces = await deps.memberships.workplacesOf(memberId);
  return paymentOptionsFor(pageType, {
    signedIn: true,
    workplaces: workplaces.map((membership) => ({ id: membership.workplaceId, name: membership.workplaceName, roles: membership.roles })),
  });
}

/**
 * Refuses (403, saying why) a signed-in member's payment by a method their workplace roles do not allow on this page
 * type; answers the member's options otherwise.
 */
export async function requirePaymentMethod(deps: Deps, memberId: string, pageType: PageType, paymentType: PaymentType): Promise<PaymentOptions> {
  const options = await paymentOptionsForMember(deps, memberId, pageType);
  const method = methodOf(paymentType);
  if (!method || options[method]) return options;
  throw new DomainError('Forbidden', method === 'payroll' && !options.workplace ? PAYROLL_NEEDS_WORKPLACE_MESSAGE : METHOD_NOT_ALLOWED_MESSAGES[method]);
}
