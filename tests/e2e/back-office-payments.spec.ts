import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { expectNoAxeViolations } from './a11y';
import { card, fillCard, fillDonor, logIn } from './support';

const ALEX = { email: 'alex.morgan@koha.nz', password: 'Koha-demo-2026!' };

/**
 * Issue 17 item 4, as support meets it: a donor says their card was declined; Alex finds their payments by e-mail in
 * the back office, opens the declined one and reads what happened to it, step by step.
 */
test('the back office finds a donor’s payments by e-mail and reads a declined one’s history', async ({ page, browser }) => {
  const email = `aroha.${Date.now()}@example.org`;
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await fillDonor(page, { firstName: 'Aroha', lastName: 'Ngata', email, receiptName: 'Aroha Ngata' });
  await fillCard(page, card(TEST_CARDS.decline));
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible({ timeout: 30_000 });

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/nz');
  await admin.getByRole('button', { name: 'Login' }).click();
  await logIn(admin, ALEX);
  await admin.goto('/admin/backoffice/payments');
  await admin.getByLabel('Tracking number or e-mail').fill(email);
  await admin.getByLabel('Tracking number or e-mail').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: 'Aroha Ngata' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Failed')).toBeVisible();
  await row.getByRole('button', { name: /Details/ }).click();
  const history = admin.getByRole('list', { name: /History/ });
  await expect(history.getByText('Charge card').first()).toBeVisible();
  await expect(history.getByText('Fail payment').first()).toBeVisible();
  await expect(admin.getByText(/ending 0002/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await context.close();
});
