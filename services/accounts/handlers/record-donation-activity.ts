import { systemClock } from '@giving/shared/clock';
import { DonationCompleted } from '@giving/shared/events/donations';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { recordDonationActivity } from '../domain/donation-activity';
import { badges, donationActivity, mailer, siteUrl, templates } from '../adapters/site';

/**
 * DonationCompleted -> the country's stats and ticker, the donor's tally and badges. Idempotent on the donation id
 * (DONATION#<id>/SEEN is written in the same transaction), so the queue needs no idempotency store of its own.
 */
export const handler = queueConsumer({ events: [DonationCompleted] }, async (envelope, { log }) =>
  recordDonationActivity(
    { activity: donationActivity(), badges: badges(), templates: templates(), mailer: mailer(), clock: systemClock, siteUrl: siteUrl(), log },
    envelope.data,
  ),
);
