import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { expectNoAxeViolations } from './a11y';
import { card, fillCard, fillDonor, logIn, OUTBOX_URL } from './support';

const ALEX = { email: 'alex.morgan@koha.nz', password: 'Koha-demo-2026!' };

/** The subjects of the e-mails sent to this address, from the local outbox. */
async function subjectsMailedTo(email: string): Promise<string[]> {
  const answer = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
}

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

/**
 * Issue 17 item 5: a donor gave $50 where they meant $25. Alex opens the payment, refunds $25 of the donation with the
 * reason, and watches it being given back until it is refunded; the donor is e-mailed the receipt that replaces theirs.
 */
test('the back office refunds part of a donation and sees it refunded', async ({ page, browser }) => {
  const email = `tama.${Date.now()}@example.org`;
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await page.getByRole('button', { name: 'Increase Quantity' }).click();
  await fillDonor(page, { firstName: 'Tama', lastName: 'Rewi', email, receiptName: 'Tama Rewi' });
  await fillCard(page, card(TEST_CARDS.approve));
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/nz');
  await admin.getByRole('button', { name: 'Login' }).click();
  await logIn(admin, ALEX);
  await admin.goto('/admin/backoffice/payments');
  await admin.getByLabel('Tracking number or e-mail').fill(email);
  await admin.getByLabel('Tracking number or e-mail').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: 'Tama Rewi' });
  await expect(row.getByText('Completed')).toBeVisible();
  await row.getByRole('button', { name: /Details/ }).click();
  await admin.getByRole('button', { name: /^Refund payment/ }).click();
  const form = admin.getByRole('form', { name: /Refund payment/ });
  await form.getByLabel('What to refund').selectOption('part');
  await form.getByLabel(/Amount/).fill('25');
  await form.getByLabel(/Reason/).fill('Meant to give one kiwi chick, not two');
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  const refunds = admin.getByRole('list', { name: 'Refunds' });
  await expect(refunds.getByText('$25.00 of the donation')).toBeVisible();
  await expect(refunds.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText('$25.00 to the card')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'History' }).getByText('Refund workflow').first()).toBeVisible();
  await expectNoAxeViolations(admin);
  await context.close();

  // The donor hears of it, with the receipt that replaces theirs.
  await expect.poll(() => subjectsMailedTo(email), { timeout: 30_000 }).toContain('Your refund from Koha: Kiwi Coast Rescue');
});

/**
 * A gift voucher bought by mistake: Alex refunds what is left unspent on it. The form says what a voucher's refund
 * does; the voucher's balance is taken off at once, and the buyer is e-mailed.
 */
test('the back office refunds a gift voucher purchase: its unspent value back to the card, off the voucher', async ({ page, browser }) => {
  const email = `hemi.${Date.now()}@example.org`;
  await page.goto('/nz/charity/gift-vouchers/new-voucher');
  await page.getByRole('button', { name: '$20', exact: true }).click();
  await page.getByLabel('First Name').fill('Hemi');
  await page.getByLabel('Last Name').fill('Walker');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await fillCard(page, card(TEST_CARDS.approve));
  await page.getByRole('button', { name: 'Buy $20.00 Voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your gift voucher' })).toBeVisible({ timeout: 30_000 });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  await admin.goto('/login?returnUrl=/admin/backoffice/payments');
  await logIn(admin, ALEX);
  await admin.getByLabel('Tracking number or e-mail').fill(email);
  await admin.getByLabel('Tracking number or e-mail').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: 'Hemi Walker' });
  await expect(row.getByText('Completed')).toBeVisible();
  await row.getByRole('button', { name: /Details/ }).click();
  await expect(admin.getByText('$20.00 left to refund ($20.00 of the voucher’s unspent value).')).toBeVisible();
  await admin.getByRole('button', { name: /^Refund payment/ }).click();
  const form = admin.getByRole('form', { name: /Refund payment/ });
  await expect(form.getByText(/taken off the voucher at once, so it can no longer be spent/)).toBeVisible();
  await form.getByLabel(/Reason/).fill('Bought by mistake');
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  const refunds = admin.getByRole('list', { name: 'Refunds' });
  await expect(refunds.getByText('$20.00 in full')).toBeVisible();
  await expect(refunds.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Nothing is left on the voucher: no more refunds are offered.
  await expect(admin.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await context.close();

  await expect.poll(() => subjectsMailedTo(email), { timeout: 30_000 }).toContain('Your refund from Koha: A $20.00 gift voucher');
});
