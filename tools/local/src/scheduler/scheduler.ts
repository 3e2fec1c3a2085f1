import { logger } from '@giving/shared/lambda/logger';
import { scheduleName, type ScheduleSpec, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import { listen, sendJson, type LocalRoute } from '../eventbridge/aws-json';
import { closeServer } from '../runtime/http-server';
import { invokeHandler } from '../runtime/handlers';
import { nextRun, parseScheduleExpression, type ScheduleExpression } from './expression';

/** Runs a manifest schedule handler with EventBridge Scheduler's input. */
export type ScheduleInvoker = (service: ServiceName, handler: string, input: { scheduledTime: string }) => Promise<unknown>;

export interface ScheduleStatus {
  service: ServiceName;
  name: string;
  scheduleName: string;
  expression: string;
  nextRun?: Date;
  running: boolean;
}

export interface RunningScheduler {
  /** Set when started with a port: GET /_local/schedules, POST /_local/schedules/<service>/<name>/run[?scheduledTime=<ISO>]. */
  url?: string;
  schedules(): ScheduleStatus[];
  /**
   * Runs a schedule now (after its current run, if any) and resolves or rejects with the handler. `scheduledTime`
   * (default now) is the time the run is for, so a test can run a job as if it were next month.
   */
  runNow(service: ServiceName, name: string, scheduledTime?: Date): Promise<void>;
  /** Cancels every timer and waits for runs in progress. */
  stop(): Promise<void>;
}

interface Entry {
  service: ServiceName;
  spec: ScheduleSpec;
  expression: ScheduleExpression;
  next?: Date;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/** setTimeout's longest delay; a later run is re-armed when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;
const log = logger.child({ component: 'scheduler' });

const invokeInProcess =
  (timeoutSeconds: number | undefined): ScheduleInvoker =>
  (service, handler, input) =>
    invokeHandler(service, handler, input, timeoutSeconds);

/**
 * EventBridge Scheduler for the manifests' schedules: each fires at its expression's times (UTC) with
 * `{scheduledTime}` as its input. Runs of one schedule never overlap: an occurrence that comes while the previous
 * run is still going is skipped. Rates count from when the scheduler started. Missed occurrences (a sleeping laptop)
 * are not caught up; the next one after now runs.
 */
export async function startScheduler(options: {
  manifests: readonly ServiceManifest[];
  invoke?: ScheduleInvoker;
  now?: () => Date;
  port?: number;
  hostname?: string;
}): Promise<RunningScheduler> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const entries: Entry[] = options.manifests.flatMap((manifest) =>
    manifest.schedules.map((spec) => {
      try {
        return { service: manifest.service, spec, expression: parseScheduleExpression(spec.expression) };
      } catch (error) {
        throw new Error(`services/${manifest.service} schedule ${spec.name}: ${(error as Error).message}`);
      }
    }),
  );
  let stopped = false;

  const run = (entry: Entry, scheduledTime: Date) => {
    const invoke = options.invoke ?? invokeInProcess(entry.spec.timeoutSeconds);
    const input = { scheduledTime: scheduledTime.toISOString().replace(/\.\d{3}Z$/, 'Z') };
    const started = Date.now();
    const running = (async () => {
      await invoke(entry.service, entry.spec.handler, input);
      log.info('schedule ran', { schedule: scheduleName(entry.service, entry.spec.name), ...input, ms: Date.now() - started });
    })();
    const settled: Promise<void> = running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      if (entry.running === settled) entry.running = undefined;
    });
    entry.running = settled;
    return running;
  };

  const arm = (entry: Entry, after: Date) => {
    if (stopped) return;
    entry.next = nextRun(entry.expression, after, startedAt);
    if (!entry.next) return;
    const delay = Math.max(0, entry.next.getTime() - now().getTime());
    entry.timer = setTimeout(() => fire(entry), Math.min(delay, MAX_DELAY_MS));
  };

  const fire = (entry: Entry) => {
    entry.timer = undefined;
    const scheduled = entry.next;
    if (stopped || !scheduled) return;
    const current = now();
    if (current < scheduled) return arm(entry, new Date(scheduled.getTime() - 1)); // a long delay, fired early
    if (entry.running) {
      log.warn('schedule skipped: the previous run has not finished', { schedule: scheduleName(entry.service, entry.spec.name) });
    } else {
      run(entry, scheduled).catch((error: unknown) =>
        log.error('schedule run failed', { schedule: scheduleName(entry.service, entry.spec.name), error }),
      );
    }
    arm(entry, current > scheduled ? current : scheduled);
  };

  for (const entry of entries) arm(entry, startedAt);

  const find = (service: string, name: string) => {
    const entry = entries.find((e) => e.service === service && e.spec.name === name);
    if (!entry) throw new Error(`no schedule ${service}/${name}`);
    return entry;
  };

  const runNow = async (service: ServiceName, name: string, scheduledTime?: Date) => {
    const entry = find(service, name);
    while (entry.running) await entry.running;
    await run(entry, scheduledTime ?? now());
  };

  const schedules = () =>
    entries.map((entry) => ({
      service: entry.service,
      name: entry.spec.name,
      scheduleName: scheduleName(entry.service, entry.spec.name),
      expression: entry.spec.expression,
      ...(entry.next ? { nextRun: entry.next } : {}),
      running: entry.running !== undefined,
    }));

  const routes: LocalRoute = async (req, res, url) => {
    if (url.pathname === '/_local/schedules' && req.method === 'GET') {
      sendJson(res, 200, { schedules: schedules() });
      return true;
    }
    const match = /^\/_local\/schedules\/([^/]+)\/([^/]+)\/run$/.exec(url.pathname);
    if (!match || req.method !== 'POST') {
      sendJson(res, 404, { message: 'GET /_local/schedules or POST /_local/schedules/<service>/<name>/run' });
      return true;
    }
    const [, service = '', name = ''] = match.map(decodeURIComponent);
    if (!entries.some((e) => e.service === service && e.spec.name === name)) {
      sendJson(res, 404, { message: `no schedule ${service}/${name}` });
      return true;
    }
    const at = url.searchParams.get('scheduledTime');
    if (at !== null && Number.isNaN(Date.parse(at))) {
      sendJson(res, 400, { message: 'scheduledTime must be an ISO date and time, e.g. 2027-01-15T03:00:00Z' });
      return true;
    }
    try {
      await runNow(service as ServiceName, name, at === null ? undefined : new Date(at));
      sendJson(res, 200, { ran: scheduleName(service as ServiceName, name) });
    } catch (error) {
      sendJson(res, 500, { message: `the ${service}/${name} run failed`, error: (error as Error).name });
    }
    return true;
  };

  const http =
    options.port === undefined
      ? undefined
      : await listen(async (req, res) => void (await routes(req, res, new URL(req.url ?? '/', 'http://localhost'))), options.port, options.hostname);

  let stopping: Promise<void> | undefined;
  return {
    ...(http ? { url: http.url } : {}),
    schedules,
    runNow,
    stop() {
      stopping ??= (async () => {
        stopped = true;
        for (const entry of entries) {
          clearTimeout(entry.timer);
          entry.timer = undefined;
          entry.next = undefined;
        }
        if (http) await closeServer(http.server);
        await Promise.all(entries.map((entry) => entry.running));
      })();
      return stopping;
    },
  };
}
