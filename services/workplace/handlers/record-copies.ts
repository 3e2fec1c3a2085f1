import { CharityProfilePublished, WorkplaceMembershipChanged, WorkplaceProfilePublished } from '@giving/shared/events/accounts';
import { PayrollPledgeCancelled, PayrollPledgeCreated } from '@giving/shared/events/donations';
import { recordCharityProfile, recordWorkplaceMembership } from '@giving/shared/copies';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { charities, employees, pledges, roles, workplaces } from '../adapters';
import { recordEmployee, recordPledge, recordPledgeCancelled } from '../domain/copies';

/** PayrollPledgeCreated / PayrollPledgeCancelled -> the workplace's copy of its members' pledges (repeats change nothing). */
export const payrollPledges = queueConsumer({ events: [PayrollPledgeCreated, PayrollPledgeCancelled] }, async ({ data }) => {
  // The envelope's schema was checked by its name: a created pledge names its workplace, a cancellation its id.
  if ('workplace' in data) await recordPledge({ pledges: pledges() }, data);
  else await recordPledgeCancelled({ pledges: pledges() }, data);
});

/** WorkplaceMembershipChanged -> the console's roles, and the employee as payroll files name them (newest version wins). */
export const workplaceMembership = queueConsumer({ events: [WorkplaceMembershipChanged] }, async (envelope, { log }) => {
  const [role, employee] = await Promise.all([recordWorkplaceMembership({ roles: roles() }, envelope.data), recordEmployee({ employees: employees() }, envelope.data)]);
  if (role === 'stale' && employee === 'stale') log.info('older or repeated workplace membership ignored', { workplaceId: envelope.data.workplaceId });
});

/** CharityProfilePublished -> the charity's name and registration number for payroll files. */
export const charityProfile = queueConsumer({ events: [CharityProfilePublished] }, async (envelope) => {
  await recordCharityProfile({ charities: charities() }, envelope.data);
});

/** WorkplaceProfilePublished -> the workplace's name, country and business units (eligibility files check units). */
export const workplaceProfile = queueConsumer({ events: [WorkplaceProfilePublished] }, async ({ data }) => {
  await workplaces().save({ id: data.id, name: data.name, country: data.country, businessUnits: data.businessUnits, version: data.version });
});
