import { systemClock } from '@giving/shared/clock';
import { matchPreviewQuerySchema, workplaceCampaignParams } from '@giving/shared/contracts/matching';
import { DomainError } from '@giving/shared/errors';
import { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { ExternalDonationApproved } from '@giving/shared/events/workplace';
import { ok } from '@giving/shared/lambda/http';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { campaigns, ledger, roles } from '../adapters';
import { campaignStats, campaignTransactions, fromDonation, fromExternalDonation, giveBackMatches, matchDonation, previewMatch } from '../domain/ledger';
import { matchingRoute } from '../http';

const deps = () => ({ campaigns: campaigns(), roles: roles(), ledger: ledger(), clock: systemClock });

/** DonationCompleted (card, voucher, payroll, fundraising) from a signed-in member -> each qualifying campaign's bonus, once. */
export const matchCompletedDonation = queueConsumer({ events: [DonationCompleted] }, async ({ data }, { log }) => {
  const donation = fromDonation(data);
  if (!donation) return;
  const matched = await matchDonation(deps(), donation);
  if (matched.length > 0) log.info('donation matched', { donationId: data.donationId, campaigns: matched.map((m) => m.campaignId) });
});

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;

/** DonationRefunded -> each campaign gives back what it matched of the refunded part (issue 17 item 5), once per refund. */
export const giveBackRefunded = queueConsumer({ events: [DonationRefunded] }, async ({ data }, { log }) => {
  const given = await giveBackMatches({ ...deps(), events: (publisher ??= eventBridgePublisher()) }, data);
  if (given.length > 0) log.info('matches given back', { donationId: data.donationId, refundId: data.refundId, given });
});

/** ExternalDonationApproved -> the approving workplace's qualifying campaigns (giving type ExternalDonation or Any). */
export const matchExternalDonation = queueConsumer({ events: [ExternalDonationApproved] }, async ({ data }) => {
  await matchDonation(deps(), fromExternalDonation(data));
});

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId}/stats */
export const stats = matchingRoute({ params: workplaceCampaignParams }, async ({ params }) => ok(await campaignStats(deps(), params.workplaceId, params.campaignId)));

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId}/transactions */
export const transactions = matchingRoute({ params: workplaceCampaignParams }, async ({ params }) =>
  ok(await campaignTransactions(deps(), params.workplaceId, params.campaignId)),
);

/** GET /matching/me/preview — what the signed-in member's gift would be matched by now (nothing is taken). */
export const preview = matchingRoute({ query: matchPreviewQuerySchema }, async ({ query, caller }) => {
  if (!caller) throw new DomainError('Unauthorized');
  return ok(
    await previewMatch(deps(), caller.userId, {
      amount: { cents: query.amount, currency: query.currency },
      paymentType: query.paymentType,
      isRecurring: query.recurring === 'true',
      charity: { id: query.charityId, name: '' },
      ...(query.giftId ? { gift: { id: query.giftId, title: '' } } : {}),
      ...(query.pageId ? { page: { id: query.pageId, title: '', ...(query.eventId ? { eventId: query.eventId } : {}) } } : {}),
    }),
  );
});
