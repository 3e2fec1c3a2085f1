import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run test:at -- <instant> [vitest arguments]`: the node test projects (unit, adapters, acceptance) as if the
 * clock read `<instant>`, through libfaketime (Debian's `faketime` package). The instants worth trying are where the
 * platform's days, months and tax years disagree between UTC and the countries' own time, e.g.
 *   2027-03-31T12:30:00Z  (1 April 01:30 in New Zealand: its new month and tax year; still March in UTC)
 *   2027-06-30T15:30:00Z  (1 July in Australia and New Zealand: Australia's new tax year; still June in UTC)
 * Every process shares one offset from the real clock (libfaketime's '+Ns'; an absolute '@' time would start each
 * process's clock on its own). Monotonic clocks stay real, so timers run as usual. DynamoDB Local runs on the real
 * clock: the JVM does not start under libfaketime, and nothing it does depends on the date.
 */
const [instant, ...vitestArgs] = process.argv.slice(2);
const target = instant ? Date.parse(instant) : Number.NaN;
if (Number.isNaN(target)) {
  console.error('usage: npm run test:at -- <ISO instant, e.g. 2027-03-31T12:30:00Z> [vitest arguments]');
  process.exit(2);
}
if (spawnSync('faketime', ['--version']).error) {
  console.error('libfaketime is missing: apt-get install faketime');
  process.exit(2);
}
const java = spawnSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).stdout.trim();
if (!java) {
  console.error('java is missing (DynamoDB Local needs it)');
  process.exit(2);
}
// A java on the PATH that drops libfaketime before starting the real one.
const shims = mkdtempSync(path.join(tmpdir(), 'test-at-'));
writeFileSync(path.join(shims, 'java'), `#!/bin/sh\nunset LD_PRELOAD FAKETIME\nexec ${realpathSync(java)} "$@"\n`);
chmodSync(path.join(shims, 'java'), 0o755);

const offsetSeconds = Math.round((target - Date.now()) / 1000);
const args = ['-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`, 'npx', 'vitest', 'run', ...(vitestArgs.length ? vitestArgs : ['--project', 'node', '--project', 'node-isolated'])];
console.log(`running the tests at ${new Date(target).toISOString()} (the real clock ${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds} s)`);
const run = spawnSync('faketime', args, {
  stdio: 'inherit',
  env: { ...process.env, PATH: `${shims}${path.delimiter}${process.env.PATH ?? ''}`, FAKETIME_DONT_FAKE_MONOTONIC: '1', TZ: 'UTC' },
});
rmSync(shims, { recursive: true, force: true });
process.exit(run.status ?? 1);
