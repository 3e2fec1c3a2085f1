import { scheduledJob } from '@giving/shared/lambda/schedule';
import { depsWithMail } from '../adapters';
import { sendDueDigests } from '../domain/owner-mail';

/** Every minute: the owners of pages with donations gathered for a few minutes get one e-mail each. */
export const handler = scheduledJob('send-donation-digests', async ({ scheduledTime, log }) => {
  // Due by the run's scheduled time (a late or replayed run sends what was due then, and later runs the rest).
  const sent = await sendDueDigests({ ...depsWithMail(), clock: { now: () => scheduledTime } });
  if (sent > 0) log.info('donation digests sent', { sent });
});
