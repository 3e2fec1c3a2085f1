import { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { charities, memberNames, roles } from '../adapters';
import { recordCharityMembership, recordCharityProfile, recordMemberNames, recordWorkplaceMembership } from '../domain/members';

/** Accounts' events -> volunteering's copies (newest version wins, so redelivery and reordering are harmless). */

/** CharityProfilePublished -> the charity's name, URL and logo on opportunities. */
export const charityProfile = queueConsumer({ events: [CharityProfilePublished] }, async (envelope, { log }) => {
  if ((await recordCharityProfile({ charities: charities() }, envelope.data)) === 'stale') log.info('older or repeated charity profile ignored', { charityId: envelope.data.id });
});

/** CharityMembershipChanged -> the charity console's permissions. */
export const charityMembership = queueConsumer({ events: [CharityMembershipChanged] }, async (envelope, { log }) => {
  if ((await recordCharityMembership({ roles: roles() }, envelope.data)) === 'stale') log.info('older or repeated charity membership ignored', { charityId: envelope.data.charityId });
});

/** WorkplaceMembershipChanged -> who sees and applies for exclusive opportunities. */
export const workplaceMembership = queueConsumer({ events: [WorkplaceMembershipChanged] }, async (envelope, { log }) => {
  if ((await recordWorkplaceMembership({ roles: roles() }, envelope.data)) === 'stale') log.info('older or repeated workplace membership ignored', { workplaceId: envelope.data.workplaceId });
});

/** MemberNamesChanged -> how people are named (applicants, team leaders, feedback, comments). */
export const memberNamesChanged = queueConsumer({ events: [MemberNamesChanged] }, async (envelope, { log }) => {
  if ((await recordMemberNames({ memberNames: memberNames() }, envelope.data)) === 'stale') log.info('older or repeated member names ignored', { memberId: envelope.data.memberId });
});
