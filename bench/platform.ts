import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Starts the local platform as its own process (as `npm start` does) on a block of ports, and stops it. */
const ROOT = path.resolve(import.meta.dirname, '..');

export async function startPlatform(portBase: number, stateDir = '.local/bench') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/local/src/main.ts', '--quiet'], {
    cwd: ROOT,
    env: { ...process.env, LOCAL_PORT_BASE: String(portBase), LOCAL_STATE_DIR: stateDir, LOG_LEVEL: 'warn', LOCAL_EDGE_RATE_LIMIT_SCALE: '100000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let started = false;
  /** What the platform logged once it was up (LOG_LEVEL=warn: warnings and errors, JSON lines). */
  const logged: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (!started) {
      output += chunk.toString();
      return;
    }
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    logged.push(...lines.filter(Boolean));
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the platform exited: ${output}`);
    if (output.includes('Press Ctrl-C to stop.')) {
      started = true;
      break;
    }
    if (Date.now() > deadline) throw new Error(`the platform did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: child.pid as number,
    /** Lines logged since the platform started, taken (each line is handed out once). */
    takeLogLines: () => logged.splice(0, logged.length),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Resident memory of a process now, in MiB (VmRSS). */
export function rssMiB(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** The process's children (DynamoDB Local, cognito-local). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The platform's DynamoDB Local (its Java child), if running. */
export function dynamoDbPidOf(platformPid: number): number | undefined {
  return childrenOf(platformPid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal');
    } catch {
      return false;
    }
  });
}
