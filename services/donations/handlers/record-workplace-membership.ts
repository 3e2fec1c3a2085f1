import { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { recordWorkplaceMembership } from '../domain/memberships';
import { memberships } from '../adapters';

/** WorkplaceMembershipChanged -> donations' copy of the member's workplace roles (newest version wins, so redelivery is harmless). */
export const handler = queueConsumer({ events: [WorkplaceMembershipChanged] }, async (envelope, { log }) => {
  const outcome = await recordWorkplaceMembership({ memberships: memberships() }, envelope.data);
  if (outcome === 'stale') log.info('older or repeated workplace membership ignored', { workplaceId: envelope.data.workplaceId });
});
