import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishPayrollPledge } from '../domain/payroll-pledges';
import type { StoredPayrollPledge } from '../domain/ports';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Donations table stream, payroll pledges only (see the manifest's filter): new pledges and cancellations become events. */
export const handler = streamConsumer<StoredPayrollPledge>(async (record) => {
  await publishPayrollPledge(events(), record);
});
