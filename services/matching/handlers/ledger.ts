import { systemClock } from '@giving/shared/clock';
import { workplaceCampaignParams } from '@giving/shared/contracts/matching';
import { DonationCompleted } from '@giving/shared/events/donations';
import { ExternalDonationApproved } from '@giving/shared/events/workplace';
import { ok } from '@giving/shared/lambda/http';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { campaigns, ledger, roles } from '../adapters';
import { campaignStats, campaignTransactions, fromDonation, fromExternalDonation, matchDonation } from '../domain/ledger';
import { matchingRoute } from '../http';

const deps = () => ({ campaigns: campaigns(), roles: roles(), ledger: ledger(), clock: systemClock });

/** DonationCompleted (card, voucher, payroll, fundraising) from a signed-in member -> each qualifying campaign's bonus, once. */
export const matchCompletedDonation = queueConsumer({ events: [DonationCompleted] }, async ({ data }, { log }) => {
  const donation = fromDonation(data);
  if (!donation) return;
  const matched = await matchDonation(deps(), donation);
  if (matched.length > 0) log.info('donation matched', { donationId: data.donationId, campaigns: matched.map((m) => m.campaignId) });
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
