import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Playwright's global setup: on CI, .ci/run installs Debian's Chromium in the background while the rest of the run
 * goes on, and names the file the install writes its exit code to (CHROMIUM_INSTALL_DONE). The browser tests wait for
 * it here; anywhere else (no such variable) there is nothing to wait for.
 */
export default async function waitForBrowser(): Promise<void> {
  const done = process.env.CHROMIUM_INSTALL_DONE;
  if (!done) return;
  const deadline = Date.now() + 15 * 60_000;
  while (!existsSync(done)) {
    if (Date.now() > deadline) throw new Error(`Chromium was still installing after 15 minutes: see ${process.env.CHROMIUM_INSTALL_LOG}`);
    await sleep(1000);
  }
  const code = readFileSync(done, 'utf8').trim();
  if (code !== '0') throw new Error(`Installing Chromium failed (exit ${code}):\n${readFileSync(process.env.CHROMIUM_INSTALL_LOG ?? '', 'utf8').slice(-4000)}`);
}
