import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineService, type ServiceManifest } from '@giving/shared/manifest';
import { startScheduler, type RunningScheduler, type ScheduleInvoker } from './scheduler';

const schedule = (name: string, expression: string) => ({ name, expression, description: name, handler: `handlers/${name}`, access: {} });
// A fixed manifest, not the real one, so services adding schedules do not change what these tests expect.
const donations = defineService({ service: 'donations', schedules: [schedule('reconcile-stuck-payments', 'rate(5 minutes)')] });
const workplace = defineService({
  service: 'workplace',
  schedules: [schedule('payroll-export', 'cron(0/15 * * * ? *)'), schedule('nightly', 'cron(0 2 * * ? *)')],
});

function recorder(run: (call: number) => Promise<void> | void = () => undefined) {
  const calls: { service: string; handler: string; scheduledTime: string }[] = [];
  const invoke: ScheduleInvoker = async (service, handler, input) => {
    calls.push({ service, handler, scheduledTime: input.scheduledTime });
    await run(calls.length);
  };
  return { calls, invoke };
}

let scheduler: RunningScheduler | undefined;
async function start(manifests: readonly ServiceManifest[], invoke: ScheduleInvoker, port?: number) {
  scheduler = await startScheduler({ manifests, invoke, ...(port !== undefined ? { port } : {}) });
  return scheduler;
}

afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
  vi.useRealTimers();
});

describe('startScheduler', () => {
  it('fires a rate(5 minutes) schedule every 5 minutes with its scheduled time', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls, invoke } = recorder();
    await start([donations], invoke);

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(6 * 60_000);

    expect(calls).toEqual([
      { service: 'donations', handler: 'handlers/reconcile-stuck-payments', scheduledTime: '2024-03-01T10:05:00Z' },
      { service: 'donations', handler: 'handlers/reconcile-stuck-payments', scheduledTime: '2024-03-01T10:10:00Z' },
    ]);
  });

  it('fires cron schedules at their UTC times and reports the next run', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-01T01:50:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls, invoke } = recorder();
    const running = await start([workplace], invoke);
    expect(running.schedules().map((s) => [s.scheduleName, s.nextRun?.toISOString()])).toEqual([
      ['giving-workplace-payroll-export', '2024-03-01T02:00:00.000Z'],
      ['giving-workplace-nightly', '2024-03-01T02:00:00.000Z'],
    ]);

    await vi.advanceTimersByTimeAsync(31 * 60_000);

    expect(calls.map((c) => `${c.handler} ${c.scheduledTime}`)).toEqual([
      'handlers/payroll-export 2024-03-01T02:00:00Z',
      'handlers/nightly 2024-03-01T02:00:00Z',
      'handlers/payroll-export 2024-03-01T02:15:00Z',
    ]);
  });

  it('never overlaps runs of one schedule: an occurrence during a run is skipped', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-01T09:59:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let finish: () => void = () => undefined;
    const { calls, invoke } = recorder((call) => (call === 1 ? new Promise<void>((resolve) => (finish = resolve)) : undefined));
    const payroll = defineService({ service: 'workplace', schedules: [schedule('payroll-export', 'cron(0/15 * * * ? *)')] });
    await start([payroll], invoke);

    await vi.advanceTimersByTimeAsync(60_000 + 15 * 60_000); // 10:00 starts and hangs; 10:15 comes
    expect(calls.map((c) => c.scheduledTime)).toEqual(['2024-03-01T10:00:00Z']);
    finish();
    await vi.advanceTimersByTimeAsync(15 * 60_000);

    expect(calls.map((c) => c.scheduledTime)).toEqual(['2024-03-01T10:00:00Z', '2024-03-01T10:30:00Z']);
  });

  it('keeps firing after a run fails', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls, invoke } = recorder((call) => {
      if (call === 1) throw new Error('table unavailable');
    });
    await start([donations], invoke);

    await vi.advanceTimersByTimeAsync(10 * 60_000);

    expect(calls).toHaveLength(2);
  });

  it('stop() cancels its timers: nothing fires afterwards', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-01T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls, invoke } = recorder();
    const running = await start([donations, workplace], invoke);
    expect(vi.getTimerCount()).toBe(3);

    await running.stop();

    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(calls).toEqual([]);
  });

  it('stop() waits for a run in progress', async () => {
    let finish: () => void = () => undefined;
    const { invoke } = recorder(() => new Promise<void>((resolve) => (finish = resolve)));
    const running = await start([donations], invoke);
    const run = running.runNow('donations', 'reconcile-stuck-payments');

    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finish();
    await Promise.all([run, stopping]);
    expect(stopped).toBe(true);
  });
});

describe('runNow', () => {
  it('runs a schedule at once with the current time and reports its failure', async () => {
    const { calls, invoke } = recorder((call) => {
      if (call === 2) throw new Error('gateway down');
    });
    const running = await start([donations], invoke);

    await running.runNow('donations', 'reconcile-stuck-payments');
    await expect(running.runNow('donations', 'reconcile-stuck-payments')).rejects.toThrow('gateway down');

    expect(calls).toHaveLength(2);
    expect(Math.abs(Date.parse(calls[0]?.scheduledTime ?? '') - Date.now())).toBeLessThan(5000);
    await expect(running.runNow('donations', 'nothing')).rejects.toThrow('no schedule donations/nothing');
  });

  it('runs a schedule for a given time, as EventBridge Scheduler would have at that time (tests run next month now)', async () => {
    const { calls, invoke } = recorder();
    const running = await start([donations], invoke);

    await running.runNow('donations', 'reconcile-stuck-payments', new Date('2027-01-15T03:00:00.000Z'));

    expect(calls).toEqual([{ service: 'donations', handler: 'handlers/reconcile-stuck-payments', scheduledTime: '2027-01-15T03:00:00Z' }]);
  });

  it('waits for the current run instead of overlapping it', async () => {
    let active = 0;
    let most = 0;
    const { invoke } = recorder(async () => {
      most = Math.max(most, ++active);
      await new Promise((resolve) => setTimeout(resolve, 30));
      active--;
    });
    const running = await start([donations], invoke);

    await Promise.all([1, 2, 3].map(() => running.runNow('donations', 'reconcile-stuck-payments')));

    expect(most).toBe(1);
  });
});

describe('the HTTP hook', () => {
  it('lists schedules and runs one on POST', async () => {
    const { calls, invoke } = recorder((call) => {
      if (call === 2) throw new Error('boom');
    });
    const running = await start([donations, workplace], invoke, 0);
    const url = running.url ?? '';

    const list = (await (await fetch(`${url}/_local/schedules`)).json()) as { schedules: { scheduleName: string; nextRun: string }[] };
    expect(list.schedules.map((s) => s.scheduleName)).toEqual([
      'giving-donations-reconcile-stuck-payments',
      'giving-workplace-payroll-export',
      'giving-workplace-nightly',
    ]);
    expect(Date.parse(list.schedules[0]?.nextRun ?? '')).toBeGreaterThan(Date.now());

    const ran = await fetch(`${url}/_local/schedules/workplace/payroll-export/run`, { method: 'POST' });
    expect(ran.status).toBe(200);
    expect(calls.map((c) => c.handler)).toEqual(['handlers/payroll-export']);
    expect((await fetch(`${url}/_local/schedules/workplace/nightly/run`, { method: 'POST' })).status).toBe(500);
    expect((await fetch(`${url}/_local/schedules/workplace/weekly/run`, { method: 'POST' })).status).toBe(404);

    const at = await fetch(`${url}/_local/schedules/donations/reconcile-stuck-payments/run?scheduledTime=2027-02-01T00:30:00Z`, { method: 'POST' });
    expect(at.status).toBe(200);
    expect(calls.at(-1)).toEqual({ service: 'donations', handler: 'handlers/reconcile-stuck-payments', scheduledTime: '2027-02-01T00:30:00Z' });
    expect((await fetch(`${url}/_local/schedules/donations/reconcile-stuck-payments/run?scheduledTime=soon`, { method: 'POST' })).status).toBe(400);
    expect(calls).toHaveLength(3);
  });
});

describe('startup', () => {
  it('refuses a manifest schedule with an invalid expression', async () => {
    const broken = defineService({ service: 'workplace', schedules: [schedule('weekly', 'cron(0 9 * * MON *)')] });

    await expect(startScheduler({ manifests: [broken] })).rejects.toThrow(
      'services/workplace schedule weekly: Invalid schedule expression "cron(0 9 * * MON *)": one of day-of-month and day-of-week must be ?',
    );
  });
});
