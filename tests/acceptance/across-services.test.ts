import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * What spans every service: the authorization matrix, search, the dashboards and a member's own data (each compares
 * with what it read before, so what an earlier suite gave or created does not change its outcome).
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(5400);

describe('authorization-matrix', async () => {
  await import('./authorization-matrix.suite');
});

describe('search', async () => {
  await import('./search.suite');
});

describe('dashboards', async () => {
  await import('./dashboards.suite');
});

describe('personal-data', async () => {
  await import('./personal-data.suite');
});
