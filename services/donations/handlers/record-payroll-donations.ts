import { PayrollDonationsConfirmed } from '@giving/shared/events/workplace';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { payments } from '../adapters';
import { recordPayrollDonations } from '../domain/payroll-donations';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;

/** PayrollDonationsConfirmed -> completed PAYROLL donations, each written and announced once. */
export const handler = queueConsumer({ events: [PayrollDonationsConfirmed] }, async (envelope, { log }) => {
  const { recorded } = await recordPayrollDonations({ payments: payments(), publisher: (publisher ??= eventBridgePublisher()) }, envelope.data);
  log.info('payroll donations recorded', { batchId: envelope.data.batchId, recorded, of: envelope.data.donations.length });
});
