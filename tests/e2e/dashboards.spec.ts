import { expect, test, type Page } from '@playwright/test';

/**
 * The consoles' dashboards (issue 17 item 6) as their administrators open them, on a desktop and on a phone: what
 * waits for them, leading to where it is handled; this month's donations beside last month's with the chart of each
 * day drawn; the charity's top gifts. Nothing is wider than a phone's screen.
 */
const PASSWORD = 'Koha-demo-2026!';
const PHONE = { width: 390, height: 844 };

async function signIn(page: Page, email: string, name: string) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

async function openConsole(page: Page, name: RegExp) {
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The donations panel's month blocks are drawn: a canvas with a size for each (Chart.js loaded with the first chart). */
async function expectChartDrawn(page: Page, region: string) {
  const canvas = page.getByRole('region', { name: region }).locator('canvas').first();
  await expect(canvas).toBeAttached();
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  // Something is painted: the canvas has pixels that are not transparent.
  await expect
    .poll(() =>
      canvas.evaluate((element) => {
        // The tests' types have no DOM: the canvas as far as this reads it.
        const drawn = element as unknown as { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } };
        const { data } = drawn.getContext('2d').getImageData(0, 0, drawn.width, drawn.height);
        let painted = 0;
        for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted += 1;
        return painted;
      }),
    )
    .toBeGreaterThan(1000);
}

/** On a phone-sized screen: nothing wider than the screen, and a full-page picture of it. */
async function onPhone(page: Page, picture: string) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/${picture}-phone.png`, fullPage: true });
}

test.describe('dashboards', () => {
  test('a charity admin sees what waits, this month’s donations beside last month’s, the top gifts and volunteering', async ({ page }) => {
    await signIn(page, 'sam.tane@kiwicoastrescue.org.nz', 'Sam Tane');
    await openConsole(page, /Kiwi Coast Rescue/);
    const waiting = page.getByRole('list', { name: 'Waiting for you' });
    await expect(waiting.getByRole('link', { name: /applications? to review/ })).toHaveAttribute('href', /\/volunteer-applications$/);
    const donations = page.getByRole('region', { name: 'Donations' });
    await expect(donations.getByRole('list', { name: /^Donations: \w+ beside \w+$/ }).getByText(/^Given in /).first()).toBeVisible();
    await expect(donations.getByRole('heading', { name: /^Top gifts in / })).toBeVisible();
    await expectChartDrawn(page, 'Donations');
    await expect(page.getByRole('region', { name: 'Volunteering' }).getByText(/^Hours in /).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/charity-dashboard.png', fullPage: true });
    await onPhone(page, 'charity-dashboard');
    await waiting.getByRole('link', { name: /applications? to review/ }).click();
    await expect(page.getByRole('heading', { name: 'Volunteer Applications' }).first()).toBeVisible();
  });

  test('a workplace admin sees the waiting payroll and external donations, and their people’s giving this month', async ({ page }) => {
    await signIn(page, 'grace.liu@tasman-engineering.co.nz', 'Grace Liu');
    await openConsole(page, /Tasman Engineering/);
    // The demo's workplace may have nothing waiting yet (its pay cycle's batch is made by the 5-minute job), and its
    // people's gifts reach it only from DonationCompleted: either way the dashboard says what there is.
    const waiting = page.getByRole('region', { name: 'Waiting for you' });
    const batches = waiting.getByRole('link', { name: /payroll batch(es)? waiting for what payroll deducted/ });
    await expect(waiting.getByText('Nothing is waiting for you.').or(batches)).toBeVisible();
    if (await batches.count()) {
      await expect(batches).toHaveAttribute('href', /\/payments$/);
      await expect(waiting.getByRole('link', { name: /external donations? to approve or decline/ })).toHaveAttribute('href', /\/external-donations$/);
    }
    const giving = page.getByRole('region', { name: 'Giving' });
    await expect(giving.getByRole('heading', { name: 'This month beside last month' }).or(giving.getByRole('heading', { name: 'No donations yet this year' }))).toBeVisible();
    await page.screenshot({ path: 'test-results/workplace-dashboard.png', fullPage: true });
    await onPhone(page, 'workplace-dashboard');
  });

  test('the back office sees what waits across the platform and its donations in each currency', async ({ page }) => {
    await signIn(page, 'alex.morgan@koha.nz', 'Alex Morgan');
    await page.getByRole('link', { name: 'Management Console' }).click();
    await expect(page).toHaveURL(/\/admin\/backoffice\/dashboard$/);
    const waiting = page.getByRole('list', { name: 'Waiting for you' });
    await expect(waiting.getByRole('link', { name: /matching months? ended unpaid/ })).toHaveAttribute('href', '/admin/backoffice/matching-payments');
    const donations = page.getByRole('region', { name: 'Donations' });
    await expect(donations.getByRole('list', { name: / in NZD$/ })).toBeVisible();
    await expect(donations.getByRole('list', { name: / in AUD$/ })).toBeVisible();
    await expectChartDrawn(page, 'Donations');
    await page.screenshot({ path: 'test-results/back-office-dashboard-donations.png', fullPage: true });
    await onPhone(page, 'back-office-dashboard');
  });
});
