import { CharityMembershipChanged } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { recordCharityMembership } from '../domain/charity-roles';
import { tenantRoles } from '../adapters';

/** CharityMembershipChanged -> donations' copy of the member's charity roles (newest version wins, so redelivery is harmless). */
export const handler = queueConsumer({ events: [CharityMembershipChanged] }, async (envelope, { log }) => {
  const outcome = await recordCharityMembership({ roles: tenantRoles() }, envelope.data);
  if (outcome === 'stale') log.info('older or repeated charity membership ignored', { charityId: envelope.data.charityId });
});
