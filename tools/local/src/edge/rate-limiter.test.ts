import { describe, expect, it } from 'vitest';
import { RATE_RULES, type RateRule } from '@giving/shared/edge';
import { edgeRateLimiter, rateLimitScaleFromEnvironment } from './rate-limiter';

const rule = (name: string): RateRule => RATE_RULES.find((r) => r.name === name)!;

describe('the edge rate rules on this machine', () => {
  it('counts one address’s matching requests over a trailing window and says when to try again', () => {
    let now = 1_000_000;
    const limiter = edgeRateLimiter({ now: () => now });
    const payments = rule('payments');
    for (let i = 0; i < payments.limit; i++) {
      expect(limiter.site('203.0.113.1', 'POST', '/api/donations/payments').allowed).toBe(true);
      now += 1000;
    }
    const refused = limiter.site('203.0.113.1', 'POST', '/api/donations/me/payments');
    expect(refused).toEqual({ allowed: false, rule: payments, retryAfterSeconds: payments.windowSeconds - payments.limit });
    // Another address, another method or path, are counted apart.
    expect(limiter.site('203.0.113.2', 'POST', '/api/donations/payments').allowed).toBe(true);
    expect(limiter.site('203.0.113.1', 'GET', '/api/donations/payments/01KDEM0GFT0000000000000001/status').allowed).toBe(true);
    // Once the oldest request leaves the window, one more is let through.
    now += (refused.allowed ? 0 : refused.retryAfterSeconds) * 1000;
    expect(limiter.site('203.0.113.1', 'POST', '/api/donations/payments').allowed).toBe(true);
    expect(limiter.site('203.0.113.1', 'POST', '/api/donations/payments').allowed).toBe(false);
  });

  it('counts a fundraising page’s donate calls with the payments (they charge cards too), not the page’s other calls', () => {
    const limiter = edgeRateLimiter({ now: () => 5_000_000 });
    const payments = rule('payments');
    for (let i = 0; i < payments.limit; i++) {
      const path = i % 2 ? '/api/fundraising/pages/01KDEM0PAGE00000000000001/donate' : '/api/fundraising/me/pages/01KDEM0PAGE00000000000001/donate';
      expect(limiter.site('203.0.113.9', 'POST', path).allowed).toBe(true);
    }
    expect(limiter.site('203.0.113.9', 'POST', '/api/donations/payments').allowed).toBe(false);
    expect(limiter.site('203.0.113.9', 'POST', '/api/fundraising/pages/01KDEM0PAGE00000000000001/comments').allowed).toBe(true);
    expect(limiter.site('203.0.113.9', 'POST', '/api/fundraising/pages/x/y/donate').allowed).toBe(true);
  });

  it('applies the per-address ceiling to every request, and the sign-in rule to the user pool’s sign-in calls only', () => {
    const limiter = edgeRateLimiter({ now: () => 0 });
    const ceiling = rule('per-address').limit;
    for (let i = 0; i < ceiling; i++) limiter.site('198.51.100.9', 'GET', `/assets/chunk-${i}.js`);
    expect(limiter.site('198.51.100.9', 'GET', '/nz')).toMatchObject({ allowed: false, rule: { name: 'per-address' } });

    const signIn = rule('sign-in').limit;
    for (let i = 0; i < signIn; i++) expect(limiter.userPool('192.0.2.1', 'AWSCognitoIdentityProviderService.InitiateAuth').allowed).toBe(true);
    expect(limiter.userPool('192.0.2.1', 'AWSCognitoIdentityProviderService.SignUp')).toMatchObject({ allowed: false, rule: { name: 'sign-in' } });
    expect(limiter.userPool('192.0.2.1', 'AWSCognitoIdentityProviderService.GetUser').allowed).toBe(true);
  });

  it('raises every limit by the platform’s scale, which must be a positive number', () => {
    const limiter = edgeRateLimiter({ scale: 2, now: () => 0 });
    for (let i = 0; i < rule('voucher-lookups').limit * 2; i++) expect(limiter.site('192.0.2.7', 'POST', '/api/donations/vouchers/lookup').allowed).toBe(true);
    expect(limiter.site('192.0.2.7', 'POST', '/api/donations/vouchers/lookup').allowed).toBe(false);
    expect(rateLimitScaleFromEnvironment({})).toBe(1);
    expect(rateLimitScaleFromEnvironment({ LOCAL_EDGE_RATE_LIMIT_SCALE: '50' })).toBe(50);
    expect(() => rateLimitScaleFromEnvironment({ LOCAL_EDGE_RATE_LIMIT_SCALE: '0' })).toThrow(/positive number/);
  });

  it('forgets requests that left the window, however many were counted (the benchmark’s raised limits)', () => {
    let now = 0;
    const limiter = edgeRateLimiter({ scale: 1000, now: () => now });
    const payments = rule('payments');
    const pay = () => limiter.site('192.0.2.8', 'POST', '/api/donations/payments');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < payments.limit * 1000; i++) {
        expect(pay().allowed).toBe(true);
        now += 1;
      }
      expect(pay()).toMatchObject({ allowed: false, rule: { name: 'payments' } });
      now += payments.windowSeconds * 1000;
    }
  });

  it('keeps to what WAF allows: a limit of at least 10 over 1, 2, 5 or 10 minutes, unique names', () => {
    for (const r of RATE_RULES) {
      expect(r.limit).toBeGreaterThanOrEqual(10);
      expect([60, 120, 300, 600]).toContain(r.windowSeconds);
      expect(r.name).toMatch(/^[a-z-]+$/);
    }
    expect(new Set(RATE_RULES.map((r) => r.name)).size).toBe(RATE_RULES.length);
  });
});
