import { defineConfig, devices } from '@playwright/test';
import { SHORT_LIVED_JVM_OPTIONS } from './tools/local/src/dynamodb-jvm';
import { E2E_CHROMIUM, E2E_EVIDENCE_DIR, E2E_PORT_BASE, E2E_STATE_DIR } from './tests/e2e/platform-dirs';

/**
 * Browser tests drive the real local platform (the same one `npm start` runs) in Debian's Chromium.
 * They use their own block of ports so a developer's running platform is left alone.
 */
const PORT_BASE = E2E_PORT_BASE;
const baseURL = `http://localhost:${PORT_BASE}`;
/**
 * `--disable-site-isolation-trials`: the card gateway's frame is another site's (as a real gateway's is), so Chromium
 * would run it out of process. Headless Chromium routes a click to such a frame by where it was in the last frame it
 * drew, and Playwright's click scrolls and clicks at once: a click on a button that the scroll brought to where the
 * card fields had been went to the card frame, now and then. People never click within a frame of scrolling, so the
 * browser tests keep frames in the page's process; card-frame-process.spec.ts checks the isolation in a browser of
 * its own.
 */
const chromium = { ...E2E_CHROMIUM, args: [...E2E_CHROMIUM.args, '--disable-site-isolation-trials'] };

export default defineConfig({
  testDir: 'tests/e2e',
  // On CI the browser may still be installing (.ci/run): wait for it before the first test.
  globalSetup: './tests/e2e/wait-for-browser.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two files at a time, one per core (7.7 min instead of 9.5 for one at a time). The card-number scan reads what all
  // the others left behind, so it runs last, in a project that depends on theirs.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI shows only the printed log (a trace there is never opened), and recording one for every test costs time the
  // 20-minute run cannot spare; locally a failure keeps its trace.
  use: { baseURL, trace: process.env.CI ? 'off' : 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: [/responsive\.spec\.ts/, /card-number-scan\.spec\.ts/, /gift-donation\.spec\.ts/] },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium }, testMatch: /responsive\.spec\.ts/ },
    // The site-wide total moves by exactly its gift only when nothing else gives at the same time: after the others.
    { name: 'totals', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testMatch: /gift-donation\.spec\.ts/, dependencies: ['desktop', 'mobile'] },
    { name: 'scan', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testMatch: /card-number-scan\.spec\.ts/, dependencies: ['desktop', 'mobile', 'totals'] },
  ],
  webServer: {
    command: `npx tsx tools/local/src/main.ts --quiet`,
    // The site guard is on for 127.0.0.1 only, so tests at localhost see the open site (tests/e2e/site-guard.spec.ts).
    env: {
      LOCAL_PORT_BASE: String(PORT_BASE),
      LOCAL_STATE_DIR: E2E_STATE_DIR,
      LOCAL_EVIDENCE_DIR: E2E_EVIDENCE_DIR,
      LOCAL_SITE_GUARD_DOMAINS: '127.0.0.1',
      // One browser from one address for the whole run: the web ACLs' limits (shared/edge.ts) would cut it off.
      LOCAL_EDGE_RATE_LIMIT_SCALE: '100',
      // Every browser test declines cards from 127.0.0.1 (and the same test card): let a run hold more than 5 and 3.
      CARD_TESTING_LIMIT_SCALE: '20',
      // A test run's platform: DynamoDB Local without the JIT's second tier (tools/local/src/dynamodb-jvm.ts).
      LOCAL_DYNAMODB_JVM_OPTIONS: process.env.LOCAL_DYNAMODB_JVM_OPTIONS ?? SHORT_LIVED_JVM_OPTIONS,
      ...(process.env.LOCAL_WEB_DIST ? { LOCAL_WEB_DIST: process.env.LOCAL_WEB_DIST } : {}),
    },
    url: `${baseURL}/config.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Everything the platform prints is kept in the evidence folder (debug level, for the card-number scan); errors still show.
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
