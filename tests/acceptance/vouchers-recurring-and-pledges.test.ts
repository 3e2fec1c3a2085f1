import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * Gift vouchers, monthly giving and saved cards, and payroll pledges.
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(6300);

describe('gift-vouchers', async () => {
  await import('./gift-vouchers.suite');
});

describe('recurring-and-saved-cards', async () => {
  await import('./recurring-and-saved-cards.suite');
});

describe('payroll-pledge', async () => {
  await import('./payroll-pledge.suite');
});
