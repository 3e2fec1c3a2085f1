import { expect, test } from '@playwright/test';
import { logIn } from './support';

const ALEX = { email: 'alex.morgan@koha.nz', password: 'Koha-demo-2026!' };

/**
 * On a laptop (Desktop Chrome: 1280 x 720), the back office's tables fit beside its side nav: none hides its last
 * column (a row's actions) behind a sideways scroll. These hid 12-131 px of it before their columns were set closer.
 */
test('the back office’s tables show every column beside the side nav on a laptop', async ({ page }) => {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, ALEX);
  for (const screen of ['dashboard', 'volunteer-roles', 'vouchers']) {
    await page.goto(`/admin/backoffice/${screen}`);
    const tables = page.getByRole('main').getByRole('table');
    await expect(tables.first()).toBeVisible();
    const hidden = await tables.evaluateAll((all) => all.map((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth));
    expect(hidden, `/admin/backoffice/${screen}: pixels of each table out of view`).toEqual(hidden.map(() => 0));
  }
});
