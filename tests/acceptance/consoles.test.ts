import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * The consoles: a charity's donations, the consoles' trust rules, the back office's payments and refunds, and the API reference.
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(6100);

describe('charity-admin-donations', async () => {
  await import('./charity-admin-donations.suite');
});

describe('consoles-and-trust', async () => {
  await import('./consoles-and-trust.suite');
});

describe('back-office-payments', async () => {
  await import('./back-office-payments.suite');
});

describe('openapi', async () => {
  await import('./openapi.suite');
});
