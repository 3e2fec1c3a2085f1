import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import { card, fillCard, fillDonor, receiptFor } from './support';

/** Demo sign-in seeded by the local platform (tools/local/src/seed/data.ts). */
const DANA = { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', name: 'Dana Whitfield' };

/** A downloaded PDF's words (pdf.js), runs of spaces folded. */
async function wordsOf(download: Download): Promise<string> {
  const path = await download.path();
  return (await pdfText(new Uint8Array(await readFile(path)))).text.replace(/[ \t]+/g, ' ');
}

async function logInAsDana(page: Page) {
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
  await dialog.getByLabel('Email Address').fill(DANA.email);
  await dialog.getByLabel('Password').fill(DANA.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('receipts and tax statements', () => {
  test('a guest’s receipt e-mail separates the tip, and its PDF link opens without signing in', async ({ page }) => {
    const email = `aroha.${Date.now()}@example.nz`;
    await page.goto('/nz/charity/kiwi-coast-rescue');
    const form = page.getByRole('form', { name: 'Donate Amount of Your Choice' });
    await form.getByRole('button', { name: '$20', exact: true }).click();
    await form.getByRole('group', { name: 'Support the website' }).getByLabel('$2', { exact: true }).check();
    await fillDonor(page, { firstName: 'Aroha', lastName: 'Ngata', email });
    await fillCard(page, card(TEST_CARDS.approve));
    await form.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });

    const receipt = await receiptFor(email);
    expect(receipt.text).toContain('Thank you for your general donation of $20.00 to Kiwi Coast Rescue.');
    expect(receipt.text).toContain('Tip to Koha: $2.00');
    const link = /https?:\/\/\S+\/api\/donations\/receipts\/\S+/.exec(receipt.text)?.[0];
    expect(link).toBeDefined();

    // Opened from the e-mail in a fresh browser (no session): the PDF downloads.
    const guest = await page.context().browser()!.newContext();
    const tab = await guest.newPage();
    const downloading = tab.waitForEvent('download');
    await tab.goto(link!).catch(() => undefined); // a download aborts the navigation
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^koha-receipt-[0-9A-Z]{26}\.pdf$/);
    const words = await wordsOf(download);
    expect(words).toContain('Donation receipt');
    expect(words).toContain('A general donation of $20.00 to Kiwi Coast Rescue.');
    expect(words).toContain('Tip to Koha $2.00');
    await guest.close();
  });

  test('Dana downloads a donation’s PDF receipt and this tax year’s statement from her donation history', async ({ page }) => {
    await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    await logInAsDana(page);
    await fillCard(page, card(TEST_CARDS.approve));
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';

    await page.goto('/admin/user/donations/history');
    const table = page.getByRole('table', { name: 'Donation history' });
    const row = table.getByRole('row').filter({ hasText: reference });
    await expect(row).toBeVisible();

    const receiptDownload = page.waitForEvent('download');
    await row.getByRole('button', { name: /PDF receipt for your donation to Kiwi Coast Rescue/ }).click();
    const receipt = await receiptDownload;
    expect(receipt.suggestedFilename()).toBe(`koha-receipt-${reference}.pdf`);
    const receiptWords = await wordsOf(receipt);
    expect(receiptWords).toContain(`Receipt number ${reference}`);
    expect(receiptWords).toContain('Received from Dana Whitfield');
    expect(receiptWords).toContain('Feed a kiwi chick for a week');

    const panel = page.getByRole('region', { name: 'Tax statements' });
    const picker = panel.getByLabel('Tax year');
    await expect(picker).toContainText('tax year');
    const statementDownload = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download tax statement' }).click();
    const statement = await statementDownload;
    expect(statement.suggestedFilename()).toMatch(/^koha-tax-statement-nz-\d{4}\.pdf$/);
    const statementWords = await wordsOf(statement);
    expect(statementWords).toContain('Annual tax statement');
    expect(statementWords).toContain('Prepared for Dana Whitfield');
    expect(statementWords).toContain(reference);
  });
});
