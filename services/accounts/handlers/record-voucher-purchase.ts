import { systemClock } from '@giving/shared/clock';
import { VoucherPurchased } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { dynamoVoucherActivityStore } from '../adapters/dynamo-volunteer-activity';
import { accountsTable } from '../adapters/index';
import { recordVoucherPurchase } from '../domain/voucher-activity';

let store: ReturnType<typeof dynamoVoucherActivityStore> | undefined;
const activity = () => (store ??= dynamoVoucherActivityStore(documentClient(), accountsTable()));

/** VoucherPurchased -> the country's ticker. Idempotent: the ticker item is keyed by the voucher. */
export const handler = queueConsumer({ events: [VoucherPurchased] }, async (envelope, { log }) => {
  if ((await recordVoucherPurchase({ activity: activity(), clock: systemClock }, envelope.data)) === 'tooOld') {
    log.info('voucher purchase older than the ticker keeps', { trackingNumber: envelope.data.trackingNumber });
  }
});
