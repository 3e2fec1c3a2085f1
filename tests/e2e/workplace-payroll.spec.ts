import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support';

/**
 * Workplace payroll giving (issue 15 item 14), as Tasman Engineering's admin does it: a payroll file structure from
 * the generic preset, a monthly pay cycle that uses it, 'Export now', and the file downloaded from Payroll Payments.
 */
const GRACE = { email: 'grace.liu@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };
const WIREMU = { email: 'wiremu.parata@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };

/** Signs in as Grace and opens one of Tasman Engineering's console screens from the side nav. */
async function openConsole(page: Page, screen: string) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, GRACE);
  await page.getByRole('button', { name: /Grace Liu/ }).click();
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Tasman Engineering/ }).click();
  await expect(page).toHaveURL(/\/admin\/workplace\/[^/]+\/dashboard$/);
  await nav(page).getByRole('link', { name: screen, exact: true }).click();
}
const nav = (page: Page) => page.getByRole('navigation', { name: 'Workplace admin' });

test.describe.configure({ mode: 'serial' });

test.describe('workplace payroll giving', () => {
  test('the admin sets up a file structure and a pay cycle, exports now and downloads the payroll file', async ({ page }) => {
    await openConsole(page, 'Payroll File Structures');
    await expect(page.getByRole('heading', { name: 'Payroll File Structures' })).toBeVisible();
    await page.getByRole('button', { name: 'New file structure' }).click();
    const editor = page.getByRole('form', { name: 'New file structure' });
    await editor.getByLabel('Payroll system').selectOption({ label: 'Generic CSV' });
    await expect(editor.getByLabel('Name', { exact: true })).toHaveValue('Generic payroll giving CSV');
    await editor.getByLabel('Name', { exact: true }).fill('Finance team CSV');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: /^Preview of payroll-giving_Sample-pay-cycle_/ });
    await expect(preview).toContainText('Batch Id,Employee Number,External Id,First Name');
    await page.getByRole('button', { name: 'Save file structure' }).click();
    await expect(page.getByText('Version 1 saved.')).toBeVisible();

    await nav(page).getByRole('link', { name: 'Pay Cycles', exact: true }).click();
    await page.getByRole('button', { name: 'New pay cycle' }).click();
    const form = page.getByRole('form', { name: 'New pay cycle' });
    await form.getByLabel('Name', { exact: true }).fill('Monthly salaried (e2e)');
    await form.getByLabel('How often employees are paid').selectOption('Monthly');
    const today = new Date();
    const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    await form.getByLabel('Period end').fill(monthEnd);
    await form.getByLabel('Pay date').fill(monthEnd);
    await form.getByLabel('Cut-off time').fill('17:00');
    await form.getByLabel('File structure').selectOption({ label: 'Finance team CSV' });
    await form.getByLabel('Finance contact 1').fill('finance-e2e@tasman-engineering.co.nz');
    await form.getByRole('button', { name: 'Save pay cycle' }).click();
    const row = page.getByRole('row', { name: /Monthly salaried \(e2e\)/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Finance team CSV');

    await row.getByRole('button', { name: /Export now/ }).click();
    const ready = page.getByText(/Monthly salaried \(e2e\): the payroll file for .* is ready\./);
    await expect(ready).toBeVisible();
    await page.screenshot({ path: 'test-results/payroll-pay-cycles.png', fullPage: true });
    await page.getByRole('link', { name: 'See it in Payroll Payments' }).click();

    await expect(page.getByRole('heading', { name: 'Payroll Payments' })).toBeVisible();
    const batch = page.getByRole('row', { name: /Monthly salaried \(e2e\)/ });
    await expect(batch).toBeVisible();
    const downloading = page.waitForEvent('download');
    await batch.getByRole('button', { name: /Download/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`payroll-giving_Monthly-salaried-e2e_${monthEnd}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = text.split('\r\n').filter(Boolean);
    expect(header).toBe('Batch Id,Employee Number,External Id,First Name,Last Name,Email,Pay Period Start,Pay Period End,Pay Date,Deduction Code,Amount,Currency,Change Type,Charity,Charity Registration Number,Payment Reference,NZ Tax Credit,STP Deduction Type');
    // The demo's employees give from their pay: Wiremu, Grace and the content admin.
    expect(lines.some((line) => line.includes(',TE-1042,') && line.includes('Wiremu,Parata'))).toBe(true);
    expect(lines.some((line) => line.includes(',TE-1007,') && line.includes(',50.00,NZD,NEW,Harbour City Food Bank,'))).toBe(true);

    // Payroll ran, and took $40 of Grace's $50 to the food bank: finance uploads what was actually deducted.
    const actuals = text.replace(/(,TE-1007,[^\r\n]*?),50\.00,NZD,/, '$1,40.00,NZD,');
    expect(actuals).not.toBe(text);
    await batch.getByRole('link', { name: 'Reconcile' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'actuals.csv', mimeType: 'text/csv', buffer: Buffer.from(actuals) });
    const under = page.getByRole('region', { name: /Under-deducted/ }).or(page.getByText('Under-deducted', { exact: false }).first());
    await expect(under.first()).toBeVisible();
    await expect(page.getByText(/Payroll deducted \$40\.00 of \$50\.00\./)).toBeVisible();
    await page.screenshot({ path: 'test-results/payroll-reconciliation.png', fullPage: true });
    await page.getByRole('button', { name: /^Confirm and give/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Give .* to the charities\?$/ });
    await dialog.getByRole('button', { name: /^Give / }).click();
    await expect(page.getByText(/^Donations given: \$[\d,.]+ from \d+ employees?\.$/)).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/payroll-payments-phone.png', fullPage: true });
  });

  test('the member sees a confirmed payroll deduction in their donation history', async ({ page }) => {
    // The previous test confirmed a batch that included Wiremu's pledges (tests in this file run in order).
    await page.goto('/nz');
    await page.getByRole('button', { name: 'Login' }).click();
    await logIn(page, WIREMU);
    await page.goto('/admin/user/donations/history');
    const payroll = page.getByRole('cell', { name: 'Payroll', exact: true });
    await expect(payroll.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Feed a kiwi chick for a week').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/payroll-member-history.png', fullPage: true });
  });
});
