import { scheduledJob } from '@giving/shared/lambda/schedule';
import { deps, mail } from '../adapters';
import { produceDueBatches } from '../domain/batches';

/** Every 5 minutes: the batch of each pay cycle whose cut-off has come (its time is the schedule's time). */
export const handler = scheduledJob('produce-due-payroll-batches', async ({ scheduledTime, log }) => {
  const { produced } = await produceDueBatches(deps(), scheduledTime, { log, mail: mail() });
  if (produced.length > 0) log.info('payroll batches made', { count: produced.length });
});
