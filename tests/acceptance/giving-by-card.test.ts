import { describe } from 'vitest';
import { sharePlatform } from './platform';

/**
 * Giving by card: a guest's gift, a charity donation, a member's payment, the fees the checkout shows and the receipts that follow.
 * The suites share one platform, one after another (platform.ts: sharePlatform).
 */
sharePlatform(5300);

describe('guest-gift-payment', async () => {
  await import('./guest-gift-payment.suite');
});

describe('charity-donation', async () => {
  await import('./charity-donation.suite');
});

describe('member-payment', async () => {
  await import('./member-payment.suite');
});

describe('payment-gateway-fees', async () => {
  await import('./payment-gateway-fees.suite');
});

describe('receipts', async () => {
  await import('./receipts.suite');
});
