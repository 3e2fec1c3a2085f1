import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * Fundraising pages: their calls, the donations to them and their live progress.
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(7400);

describe('fundraising', async () => {
  await import('./fundraising.suite');
});

describe('fundraising-calls', async () => {
  await import('./fundraising-calls.suite');
});

describe('fundraising-donations', async () => {
  await import('./fundraising-donations.suite');
});

describe('live-progress', async () => {
  await import('./live-progress.suite');
});
