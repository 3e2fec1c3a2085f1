import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { scheduledJob } from '@giving/shared/lambda/schedule';
import { reconcileStuckPayments } from '../domain/payment-steps';
import { cardGateway, paymentWorkflow, payments } from '../adapters';

/** Every 5 minutes: settles payments whose workflow never started or ended without the gateway's answer. */
export const handler = scheduledJob('reconcile-stuck-payments', async ({ log }) => {
  const counts = await reconcileStuckPayments({
    payments: payments(),
    gateway: cardGateway(),
    workflow: paymentWorkflow(),
    publisher: eventBridgePublisher(),
    clock: systemClock,
  });
  log.info('reconciled stuck payments', counts);
});
