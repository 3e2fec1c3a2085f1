import { memberReceiptParams } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ok } from '@giving/shared/lambda/http';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { donationMatchedMail, matchOf, memberDonationMatches } from '../domain/donation-matches';
import { receiptLink } from '../domain/receipts';
import { donationMatches, mailer, payments, receipts, siteUrl } from '../adapters';
import { donationsRoute } from '../http';

const sent = () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) });

/**
 * DonationMatched -> the match kept against the donation (the thank-you page and the receipt name it), and for a match
 * paid to the charity, one e-mail telling the donor, with their receipt's link (a Voucher match's e-mail is
 * issue-matched-voucher's). A match of a donation made elsewhere (an approved external donation) has no donation here.
 */
export const record = queueConsumer({ events: [DonationMatched] }, async ({ data }) => {
  const donation = await payments().getDonation(data.donationId);
  if (!donation) return;
  const match = matchOf(data);
  await donationMatches().save(data.donationId, match);
  const to = donation.donorEmail;
  if (match.matchType !== 'Donation' || !to || donation.paymentType === 'PAYROLL') return;
  const receipt = await receipts().get(data.donationId);
  // The receipt is issued on DonationCompleted, moments before any match: until it is, try again later.
  if (!receipt) throw new Error(`donation ${data.donationId} was matched before its receipt was issued`);
  const store = sent();
  const key = `donation-matched#${data.donationId}#${data.campaignId}`;
  const state = await store.begin(key);
  if (state === 'done') return;
  if (state === 'busy') throw new Error('this match e-mail is being sent by another consumer');
  try {
    await mailer().send(donationMatchedMail(donation, match, to, receiptLink(siteUrl(), receipt)));
  } catch (error) {
    await store.release(key);
    throw error;
  }
  await store.complete(key);
});

/** DonationMatchGivenBack -> the kept match shows what is left of it after a refund (the receipt's "Matched"). */
export const givenBack = queueConsumer({ events: [DonationMatchGivenBack] }, async ({ data }) => {
  if (!(await payments().getDonation(data.donationId))) return;
  const outcome = await donationMatches().giveBack(data.donationId, data.campaignId, data.refundId, data.amount.cents);
  if (outcome === 'missing') throw new Error(`match of ${data.donationId} by ${data.campaignId} is not kept yet`);
});

/** GET /donations/me/donations/{donationId}/matches — the thank-you page's: what workplaces matched the member's donation. */
export const mine = donationsRoute({ params: memberReceiptParams }, async ({ params, caller }) => {
  if (!caller) throw new DomainError('Unauthorized');
  return ok(await memberDonationMatches({ payments: payments(), matches: donationMatches() }, caller.userId, params.donationId));
});
