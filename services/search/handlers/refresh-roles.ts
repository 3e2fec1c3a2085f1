import { scheduledJob } from '@giving/shared/lambda/schedule';
import { deps } from '../adapters';
import { refreshRoleSchedules } from '../domain/indexer';

/** Daily: volunteering roles whose next start moved as sessions passed are indexed again (the soonest sort). */
export const handler = scheduledJob('refresh-role-schedules', async ({ log }) => {
  log.info('roles refreshed', { refreshed: await refreshRoleSchedules(deps()) });
});
