import { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { depsWithMail } from '../adapters';
import { recordPageDonation, recordPageMatch, recordPageMatchGivenBack, recordPageRefund } from '../domain/donations';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { deps } from '../adapters';

/** DonationCompleted (a fundraising page's donations only, by the manifest's pattern) -> its donors and totals, once. */
export const handler = queueConsumer({ events: [DonationCompleted] }, async (envelope, { log }) => {
  const outcome = await recordPageDonation(depsWithMail(), envelope.data);
  if (outcome === 'repeat') log.info('donation already counted', { donationId: envelope.data.donationId });
  if (outcome === 'unknownPage') log.warn('donation to a page fundraising does not know', { donationId: envelope.data.donationId, pageId: envelope.data.page?.id });
});

/** DonationMatched -> a page's matched amount (a match on anything else is not the page's), once. */
export const match = queueConsumer({ events: [DonationMatched] }, async (envelope, { log }) => {
  const outcome = await recordPageMatch(deps(), envelope.data);
  if (outcome === 'unknownPage') log.warn('match on a page fundraising does not know', { donationId: envelope.data.donationId, pageId: envelope.data.pageId });
});

/** DonationRefunded -> a page's donation loses its refunded part from the page's totals and donor list, once. */
export const refund = queueConsumer({ events: [DonationRefunded] }, async (envelope, { log }) => {
  const outcome = await recordPageRefund(deps(), envelope.data);
  if (outcome === 'unknownPage') log.warn('refund on a page fundraising does not know', { donationId: envelope.data.donationId, pageId: envelope.data.pageId });
});

/** DonationMatchGivenBack -> a page's matched amount loses what a refund gave back, once. */
export const matchGivenBack = queueConsumer({ events: [DonationMatchGivenBack] }, async (envelope) => {
  await recordPageMatchGivenBack(deps(), envelope.data);
});
