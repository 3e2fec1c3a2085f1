import { devices, expect, test, type Page } from '@playwright/test';

/** Demo sign-ins seeded by the local platform (tools/local/src/seed/data.ts). */
const PASSWORD = 'Koha-demo-2026!';
const DONOR = { email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' };
const BACK_OFFICE = { email: 'alex.morgan@koha.nz', name: 'Alex Morgan' };
const CONTENT_ADMIN = { email: 'casey.brown@tasman-engineering.co.nz', name: 'Casey Brown' };
const CHARITY_ADMIN = { email: 'sam.tane@kiwicoastrescue.org.nz', name: 'Sam Tane' };

/** Fills the login form (modal or page) and submits it. */
async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in through the header's Login button and the login modal. */
async function logInFromHeader(page: Page, email: string) {
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
  await expect(dialog).toBeVisible();
  await fillLogin(page, email);
  await expect(dialog).toBeHidden();
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

test.describe('signing in and the account menu', () => {
  test('a donor logs in from the header and gets My Account and Logout, not the consoles', async ({ page }) => {
    const amplifyChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/auth-client-/.test(request.url())) amplifyChunks.push(request.url());
    });
    await page.goto('/nz');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(amplifyChunks).toEqual([]); // anonymous visitors never download Amplify

    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
    await expect(dialog.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await expect(dialog.getByLabel('Remember Me')).not.toBeChecked();
    await expect(dialog.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/Identity/Account/ForgotPassword');
    await expect(dialog.getByRole('link', { name: 'Resend it' })).toHaveAttribute('href', '/Identity/Account/ResendEmailConfirmation');
    await page.screenshot({ path: 'test-results/login-modal.png' });
    await fillLogin(page, DONOR.email);
    await expect(dialog).toBeHidden();
    expect(amplifyChunks.length).toBeGreaterThan(0);

    await accountMenu(page, DONOR.name).click();
    await expect(page.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/admin/user/dashboard');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Management Console' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'CMS' })).toHaveCount(0);
    await expect(accountMenu(page, DONOR.name)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(accountMenu(page, DONOR.name)).toHaveAttribute('aria-expanded', 'false');

    // The session survives a reload (tokens in sessionStorage, the koha_session marker for this browser session).
    await page.reload();
    await expect(accountMenu(page, DONOR.name)).toBeVisible();
    const marker = (await page.context().cookies()).find((cookie) => cookie.name === 'koha_session');
    expect(marker).toMatchObject({ value: 'session', path: '/', sameSite: 'Lax', expires: -1 });
  });

  test('the back office gets the Management Console and the CMS', async ({ page }) => {
    await page.goto('/nz');
    await logInFromHeader(page, BACK_OFFICE.email);
    await accountMenu(page, BACK_OFFICE.name).click();
    await expect(page.getByRole('link', { name: 'Management Console' })).toHaveAttribute('href', '/admin/backoffice/dashboard');
    await expect(page.getByRole('link', { name: 'CMS' })).toHaveAttribute('href', '/admin/cms');
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
    await page.screenshot({ path: 'test-results/account-menu.png' });
  });

  test('a content admin gets the CMS only, and their workplace under Switch accounts', async ({ page }) => {
    await page.goto('/nz');
    await logInFromHeader(page, CONTENT_ADMIN.email);
    await accountMenu(page, CONTENT_ADMIN.name).click();
    await expect(page.getByRole('link', { name: 'CMS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Management Console' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await expect(page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Tasman Engineering/ })).toHaveAttribute(
      'href',
      /^\/admin\/workplace\/[^/]+\/dashboard$/,
    );
  });

  test('a charity admin can switch to their charity’s dashboard', async ({ page }) => {
    await page.goto('/nz');
    await logInFromHeader(page, CHARITY_ADMIN.email);
    await accountMenu(page, CHARITY_ADMIN.name).click();
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    const charity = page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ });
    await expect(charity).toHaveAttribute('href', /^\/admin\/charity\/[^/]+\/dashboard$/);
    await charity.click();
    await expect(page).toHaveURL(/\/admin\/charity\/[^/]+\/dashboard$/);
  });

  test('a wrong password says so and keeps the visitor signed out', async ({ page }) => {
    // cognito-local answers InvalidPasswordException, Cognito NotAuthorizedException: both read the same.
    await page.goto('/nz');
    await page.getByRole('button', { name: 'Login' }).click();
    await fillLogin(page, DONOR.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
    await expect(page.getByRole('dialog', { name: 'Log in to your Koha Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('logout returns to the site root, signed out', async ({ page }) => {
    await page.goto('/nz/charities');
    await logInFromHeader(page, DONOR.email);
    await accountMenu(page, DONOR.name).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/nz$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('koha_session');
    // Amplify's tokens went with it: a reload stays signed out.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate("Object.keys(sessionStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.'))")).toEqual([]);
  });

  test('/login/sso returns to the page in the koha_return cookie after signing in', async ({ page }) => {
    await page.goto('/nz');
    await page.evaluate("document.cookie = 'koha_return=/nz/charities'");
    await page.goto('/login/sso');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to your Koha Account' })).toBeVisible();
    await fillLogin(page, DONOR.email);
    await expect(page).toHaveURL(/\/nz\/charities$/);
    await expect(accountMenu(page, DONOR.name)).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('koha_return');
  });

  test('/login?returnUrl= goes to the return address, with Remember Me keeping the session for 30 days', async ({ page }) => {
    await page.goto(`/login?returnUrl=${encodeURIComponent('/nz/charities')}`);
    await page.getByLabel('Remember Me').check();
    await fillLogin(page, DONOR.email);
    await expect(page).toHaveURL(/\/nz\/charities$/);
    const marker = (await page.context().cookies()).find((cookie) => cookie.name === 'koha_session');
    expect(marker?.value).toBe('remember');
    expect(marker!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
  });

  test('/access-denied explains the 403', async ({ page }) => {
    await page.goto('/access-denied');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
  });
});

// The Pixel 7 preset without its browser type: that is the project's (Chromium) already, and changing it needs a worker.
const { defaultBrowserType: _chromium, ...pixel7 } = devices['Pixel 7'];

test.describe('on a phone', () => {
  test.use(pixel7);

  test('the account menu drops down under the bar and closes on navigation', async ({ page }) => {
    await page.goto('/nz');
    await logInFromHeader(page, BACK_OFFICE.email);
    const button = accountMenu(page, BACK_OFFICE.name);
    await expect(button).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await button.click();
    const consoleLink = page.getByRole('link', { name: 'Management Console' });
    await expect(consoleLink).toBeInViewport();
    const box = await consoleLink.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: 'test-results/mobile-account-menu.png' });
    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/admin\/user\/dashboard$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
