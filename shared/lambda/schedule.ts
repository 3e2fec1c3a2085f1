import { logger as rootLogger, type Logger } from './logger';
import { loadSecrets } from './secrets';

/** EventBridge Scheduler invokes with this input (the target's Input sets it from <aws.scheduler.scheduled-time>). */
export interface ScheduledEvent {
  scheduledTime?: string;
}

export type ScheduleHandler = (event: ScheduledEvent) => Promise<void>;

/** The one schedule wrapper: logs the run and its duration; the job itself must be idempotent per period. */
export function scheduledJob(
  name: string,
  handle: (run: { scheduledTime: Date; log: Logger }) => Promise<void>,
): ScheduleHandler {
  return async (event) => {
    const started = Date.now();
    const scheduledTime = event?.scheduledTime ? new Date(event.scheduledTime) : new Date();
    const log = rootLogger.child({ job: name, scheduledTime: scheduledTime.toISOString() });
    try {
      await loadSecrets();
      await handle({ scheduledTime, log });
      log.info('job done', { ms: Date.now() - started });
    } catch (error) {
      log.error('job failed', { error });
      throw error;
    }
  };
}
