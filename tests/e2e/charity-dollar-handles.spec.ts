import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/**
 * A charity admin (Sam, Kiwi Coast Rescue) adds a gift with a picture in the charity console and finds it on the
 * charity's public page; then opens the donation report and downloads it as a CSV file.
 */
const PASSWORD = 'Koha-demo-2026!';
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openCharityConsole(page: Page) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
  await dialog.getByLabel('Email Address').fill('sam.tane@kiwicoastrescue.org.nz');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /Sam Tane/ }).click();
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
  await expect(page).toHaveURL(/\/admin\/charity\/[^/]+\/dashboard$/);
}

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Charity admin' });

test('a charity admin adds a gift that the public charity page shows, and downloads the donation report', async ({ page }) => {
  const title = `Band a kiwi chick ${Date.now().toString(36)}`;
  await openCharityConsole(page);

  await sideNav(page).getByRole('link', { name: 'Dollar Handles' }).click();
  const gifts = page.getByRole('table', { name: 'Gifts' });
  await expect(gifts.getByRole('rowheader', { name: 'Feed a kiwi chick for a week' })).toBeVisible();
  await page.getByRole('button', { name: 'Add gift' }).click();
  const form = page.getByRole('form', { name: 'Add gift' });
  await form.getByLabel('Title').fill(title);
  await expect(form.getByLabel('Page address')).toHaveValue(title.toLowerCase().replace(/ /g, '-'));
  await form.getByLabel('Price (dollars)').fill('35');
  await form.getByLabel('Description').fill('A transmitter band so our rangers can follow a chick through its first year.');
  await form.getByRole('button', { name: 'Add gift' }).click();
  await expect(page.getByText(`“${title}” was added. Add its pictures below.`)).toBeVisible();
  await expect(gifts.getByRole('rowheader', { name: title })).toBeVisible();

  await page.getByLabel('Gift page picture').setInputFiles({ name: 'band.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('Gift page picture uploaded.')).toBeVisible();
  await page.screenshot({ path: 'test-results/dollar-handles.png', fullPage: true });

  // The public charity page lists the new gift; its page has the picture and the price.
  await page.goto('/nz/charity/kiwi-coast-rescue');
  const donations = page.getByRole('region', { name: 'More Donations' });
  await donations.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', /\/media\/gifts\/.+\/image-[0-9a-f]+\.png$/);

  // The donation report: the seeded donations, totals, and the CSV file.
  await page.goBack();
  await page.goBack();
  await sideNav(page).getByRole('link', { name: 'Donation Reports' }).click();
  const report = page.getByRole('table', { name: 'Donations' });
  await expect(report.getByRole('rowheader', { name: 'Anonymous' }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Totals' })).toContainText('Total received');
  await page.screenshot({ path: 'test-results/donation-report.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kiwi-coast-rescue-donations-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Donor,Receipt name,Gift,Quantity,Amount,Currency,Payment type,Tracking number');
  expect(lines.length).toBeGreaterThan(5);
  expect(text).toContain('Anonymous,Anonymous');
  expect(text).toContain('Feed a kiwi chick for a week');

  // Remittance: what Koha owes the charity (this month's donations; the back office paid last months').
  await sideNav(page).getByRole('link', { name: 'Remittance' }).click();
  await expect(page.getByRole('list', { name: 'Remittance' })).toContainText('Owed to you');
  await expect(page.getByRole('table', { name: 'Payments to you' })).toContainText('Koha remittance');
  await page.screenshot({ path: 'test-results/remittance.png', fullPage: true });
});
