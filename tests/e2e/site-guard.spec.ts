import { expect, test } from '@playwright/test';
import { PORT_BASE } from './support';

/**
 * The optional site-wide guard (spec §2 Account). The e2e platform turns it on for the host 127.0.0.1 only
 * (LOCAL_SITE_GUARD_DOMAINS in playwright.config.ts), so the same site at localhost stays open for the other tests.
 */
const GUARDED = `http://127.0.0.1:${PORT_BASE}`;

test.describe('the site-wide guard on a configured domain', () => {
  test("answers anonymous visitors with a 302 to login and the spec's message, and leaves the login pages open", async ({ request }) => {
    const page = await request.get(`${GUARDED}/nz/charities?sort=name`, { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe('/login?returnUrl=%2Fnz%2Fcharities%3Fsort%3Dname');
    expect(await page.text()).toBe('Redirecting to login...');
    expect(page.headers()['content-security-policy']).toContain("object-src 'none'");

    for (const open of ['/login', '/login/sso', '/signup', '/auth/denied', '/access-denied', '/account-deleted']) {
      expect((await request.get(`${GUARDED}${open}`, { maxRedirects: 0 })).status(), open).toBe(200);
    }
    // Other domains are not guarded.
    expect((await request.get(`http://localhost:${PORT_BASE}/nz/charities`, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('a visitor is sent to log in, signs in, and lands on the page they asked for', async ({ page }) => {
    await page.goto(`${GUARDED}/nz/charities`);
    await expect(page).toHaveURL(`${GUARDED}/login?returnUrl=%2Fnz%2Fcharities`);
    await page.getByLabel('Email Address').fill('dana.donor@demo.koha.nz');
    await page.getByLabel('Password').fill('Koha-demo-2026!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${GUARDED}/nz/charities`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(`${GUARDED}/nz/charities`);
  });
});
