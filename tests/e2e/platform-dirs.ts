import path from 'node:path';

/** Where the browser tests' platform listens and keeps its state (playwright.config.ts and the specs agree here). */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5100);
export const E2E_STATE_DIR = path.resolve(E2E_PORT_BASE === 5100 ? '.local/e2e' : `.local/e2e-${E2E_PORT_BASE}`);
/** Every API request body and log line of the run, for the card-number scan (tools/local/src/evidence). */
export const E2E_EVIDENCE_DIR = path.join(E2E_STATE_DIR, 'evidence');
export const E2E_DYNAMODB_URL = `http://localhost:${E2E_PORT_BASE + 20}`;

/**
 * How the browser tests launch Chromium: Debian's, headless, without the background work that would add noise. The
 * config adds `--disable-site-isolation-trials` (it says why); card-frame-process.spec.ts launches it without that.
 */
export const E2E_CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
