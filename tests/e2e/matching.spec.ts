import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import { expectNoAxeViolations } from './a11y';
import { card, fillCard, logIn } from './support';

/**
 * Spec 1 §2 "Gift page: campaigns for the gift, if any, are listed above it" and spec 2 §2 "Matching banner", given
 * the demo's campaign: Tasman Engineering matches its staff's gifts of "Feed a kiwi chick for a week".
 */
test.describe('matching campaigns on the gift page', () => {
  test('shows the seeded campaign’s rules above the gift, and ‘Dismiss notification’ hides it for the session', async ({ page }) => {
    await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    const heading = page.getByRole('heading', { name: 'Feed a kiwi chick for a week', level: 1 });
    await expect(heading).toBeVisible();
    const banner = page.getByRole('complementary', { name: 'Matching campaign: Kiwi chick match' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Tasman Engineering matches staff donations 100%, up to $500.00 per person, up to $10,000.00 in total.');
    // Above the gift.
    const [bannerBox, headingBox] = [await banner.boundingBox(), await heading.boundingBox()];
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headingBox!.y);
    // The purchase panel is untouched by it.
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');

    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');
    await expect(page.getByRole('complementary', { name: /Matching campaign/ })).toHaveCount(0);
  });
});

const WIREMU = { email: 'wiremu.parata@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };
const GRACE = { email: 'grace.liu@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };

/**
 * Issue 16, as the people involved meet it: Wiremu (a permanent Tasman Engineering employee) reads in the checkout that
 * his gift will be matched, pays, and the thank-you page confirms the match; Grace (Tasman's admin) then finds what
 * Tasman owes for it under Matching Payments and downloads the month's invoice.
 */
test('Wiremu’s gift is matched from the checkout to the thank-you page; Grace sees what Tasman owes and downloads the invoice', async ({ page, browser }) => {
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, WIREMU);
  const promise = page.getByText(/^Tasman Engineering will match this gift: \+\$\d+\.\d{2} \(Kiwi chick match\)\.$/);
  await expect(promise).toBeVisible();
  const bonus = /\+(\$\d+\.\d{2})/.exec((await promise.textContent()) ?? '')?.[1] ?? '';
  expect(bonus).not.toBe('');

  await fillCard(page, card(TEST_CARDS.approve));
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
  await expect(page.getByText(`Tasman Engineering matched this gift: +${bonus} (Kiwi chick match).`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your receipt shows the match.')).toBeVisible();

  // Grace, in her own browser.
  const context = await browser.newContext();
  page = await context.newPage();
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, GRACE);
  await page.getByRole('button', { name: /Grace Liu/ }).click();
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Tasman Engineering/ }).click();
  await page.getByRole('navigation', { name: 'Workplace admin' }).getByRole('link', { name: 'Matching Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/workplace\/[^/]+\/matching-payments$/);
  const month = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'Pacific/Auckland' }).format(new Date());
  const row = page.getByRole('row').filter({ hasText: 'Kiwi chick match' }).filter({ hasText: month });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Invoice \(PDF\)/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^matching-invoice-kiwi-chick-match-\d{4}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await pdfText(new Uint8Array(bytes));
  expect(text).toContain('Matching invoice');
  expect(text).toContain('Tasman Engineering');
  expect(text).toContain(bonus);
  await context.close();
});
