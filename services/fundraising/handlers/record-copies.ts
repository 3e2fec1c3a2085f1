import { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { charities, memberNames, roles, store } from '../adapters';
import { recordCharityMembership, recordCharityProfile, recordMemberNames, recordWorkplaceMembership } from '../domain/copies';

/** Accounts' events -> fundraising's copies (newest version wins, so redelivery and reordering are harmless). */

/** CharityProfilePublished -> the charity on events and pages, and the charities one can fundraise for. */
export const charityProfile = queueConsumer({ events: [CharityProfilePublished] }, async (envelope, { log }) => {
  if ((await recordCharityProfile({ charities: charities(), store: store() }, envelope.data)) === 'stale') log.info('older or repeated charity profile ignored', { charityId: envelope.data.id });
});

/** CharityMembershipChanged -> the charity console's permissions, and who moderates its pages' comments. */
export const charityMembership = queueConsumer({ events: [CharityMembershipChanged] }, async (envelope, { log }) => {
  if ((await recordCharityMembership({ roles: roles() }, envelope.data)) === 'stale') log.info('older or repeated charity membership ignored', { charityId: envelope.data.charityId });
});

/** WorkplaceMembershipChanged -> who may create events and pages under a workplace. */
export const workplaceMembership = queueConsumer({ events: [WorkplaceMembershipChanged] }, async (envelope, { log }) => {
  if ((await recordWorkplaceMembership({ roles: roles() }, envelope.data)) === 'stale') log.info('older or repeated workplace membership ignored', { workplaceId: envelope.data.workplaceId });
});

/** MemberNamesChanged -> how owners, members and commenters are named. */
export const memberNamesChanged = queueConsumer({ events: [MemberNamesChanged] }, async (envelope, { log }) => {
  if ((await recordMemberNames({ memberNames: memberNames() }, envelope.data)) === 'stale') log.info('older or repeated member names ignored', { memberId: envelope.data.memberId });
});
