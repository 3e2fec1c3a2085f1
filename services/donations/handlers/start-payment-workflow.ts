import { streamConsumer } from '@giving/shared/lambda/stream';
import { startAcceptedPayment } from '../domain/payments';
import { paymentWorkflow } from '../adapters';

/** Donations table stream, new payments only (see the manifest's filter): starts each one's payment workflow. */
export const handler = streamConsumer<{ trackingNumber: string; status: string }>(async ({ newImage }) => {
  if (newImage) await startAcceptedPayment({ workflow: paymentWorkflow() }, newImage);
});
