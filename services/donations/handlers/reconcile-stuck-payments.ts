import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { scheduledJob } from '@giving/shared/lambda/schedule';
import { reconcileStuckPayments } from '../domain/payment-steps';
import { followUpMemberDonation } from '../domain/recurring-donations';
import { cardGateway, charityMemberships, paymentWorkflow, payments, recurringDonations, savedCards, voucherCodes, vouchers } from '../adapters';

/** Every 5 minutes: settles payments whose workflow never started or ended without the gateway's answer. */
export const handler = scheduledJob('reconcile-stuck-payments', async ({ log }) => {
  const counts = await reconcileStuckPayments({
    payments: payments(),
    gateway: cardGateway(),
    workflow: paymentWorkflow(),
    publisher: eventBridgePublisher(),
    clock: systemClock,
    vouchers: vouchers(),
    codes: voucherCodes(),
    memberships: charityMemberships(),
    followUp: (trackingNumber) =>
      followUpMemberDonation(
        { payments: payments(), cards: savedCards(), schedules: recurringDonations(), gateway: cardGateway(), clock: systemClock },
        { trackingNumber },
      ),
  });
  log.info('reconciled stuck payments', counts);
});
