import type { EventData } from '@giving/shared/events';
import type { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import type { PayrollPledgeCancelled, PayrollPledgeCreated } from '@giving/shared/events/donations';
import type { EmployeeStore, PledgeStore } from './ports';

/** The workplace's copies of what other services own: members' pledges (donations) and employees (accounts). */

export async function recordPledge(deps: { pledges: PledgeStore }, pledge: EventData<typeof PayrollPledgeCreated>): Promise<void> {
  const country = pledge.country === 'au' ? 'au' : 'nz';
  await deps.pledges.save({
    pledgeId: pledge.pledgeId,
    workplaceId: pledge.workplace.id,
    memberId: pledge.memberId,
    pageType: pledge.pageType,
    country,
    charity: pledge.charity,
    ...(pledge.gift ? { gift: pledge.gift } : {}),
    ...(pledge.page ? { page: pledge.page } : {}),
    quantity: pledge.quantity,
    total: pledge.total,
    donationFrequency: pledge.donationFrequency,
    isAnonymous: pledge.isAnonymous,
    createdAt: pledge.createdAt,
  });
}

export const recordPledgeCancelled = (deps: { pledges: PledgeStore }, cancellation: EventData<typeof PayrollPledgeCancelled>) =>
  deps.pledges.cancel(cancellation.workplaceId, cancellation.pledgeId, cancellation.memberId, cancellation.cancelledAt);

/** A member as payroll files name them; a removal keeps the record with no roles (so files stop taking from them). */
export function recordEmployee(deps: { employees: EmployeeStore }, change: EventData<typeof WorkplaceMembershipChanged>) {
  return deps.employees.save({
    memberId: change.memberId,
    workplaceId: change.workplaceId,
    workplaceName: change.workplaceName,
    roles: change.roles,
    firstName: change.firstName ?? '',
    lastName: change.lastName ?? '',
    email: change.email ?? '',
    ...(change.employmentType ? { employmentType: change.employmentType } : {}),
    ...(change.businessUnitId ? { businessUnitId: change.businessUnitId } : {}),
    ...(change.employeeNumber ? { employeeNumber: change.employeeNumber } : {}),
    version: change.version,
  });
}
