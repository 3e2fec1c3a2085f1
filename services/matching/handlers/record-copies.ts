import { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { roles, workplaces } from '../adapters';
import { recordWorkplaceMembership } from '../domain/campaigns';

/** WorkplaceMembershipChanged -> the workplace console's permissions and the workplace's name (newest version wins). */
export const workplaceMembership = queueConsumer({ events: [WorkplaceMembershipChanged] }, async (envelope, { log }) => {
  if ((await recordWorkplaceMembership({ roles: roles(), workplaces: workplaces() }, envelope.data)) === 'stale') {
    log.info('older or repeated workplace membership ignored', { workplaceId: envelope.data.workplaceId });
  }
});
