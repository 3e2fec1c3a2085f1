import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * Workplace matching campaigns; volunteering's opportunities, applications and their follow-ups.
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(6500);

describe('matching', async () => {
  await import('./matching.suite');
});

describe('volunteering', async () => {
  await import('./volunteering.suite');
});

describe('volunteering-followups', async () => {
  await import('./volunteering-followups.suite');
});
