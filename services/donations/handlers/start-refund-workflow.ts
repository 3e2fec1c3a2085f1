import { streamConsumer } from '@giving/shared/lambda/stream';
import type { StoredRefund } from '../domain/refunds';
import { refundWorkflow } from '../adapters';

/** Donations table stream, new refunds only (see the manifest's filter): starts each one's refund workflow (storage first). */
export const handler = streamConsumer<StoredRefund>(async ({ newImage }) => {
  if (newImage?.status === 'Requested') await refundWorkflow().start(newImage);
});
