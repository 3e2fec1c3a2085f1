import { expect, test } from '@playwright/test';
import { logIn } from './support';

/** Demo sign-ins seeded by the local platform (tools/local/src/seed/data.ts). */
const WIREMU = { email: 'wiremu.parata@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };
/** A gift without a price ('Area of greatest need'): the donor chooses the amount. */
const GIFT = '/nz/kiwi-coast-rescue/where-it-is-needed-most';

test.describe('payroll giving (spec §4 "Payroll")', () => {
  test('a guest picks payroll, logs in as a workplace member, confirms, and finds the pledge in upcoming donations', async ({ page }) => {
    await page.goto(GIFT);
    const main = page.getByRole('main');
    await main.getByLabel('Donation Amount').fill('15');
    await main.getByLabel('Quantity', { exact: true }).fill('2');
    await main.getByRole('button', { name: 'Payroll', exact: true }).click();

    // Spec §4, §5: logged out, the payroll button reads 'Please Login', says why, and goes to sign in with the form kept.
    await expect(main.getByText(/Payroll giving is for workplace members/)).toBeVisible();
    await main.getByRole('button', { name: 'Please Login' }).click();
    await logIn(page, WIREMU);

    // Back on the gift with the form as it was, the confirmation opens by itself.
    await expect(page).toHaveURL(new RegExp(`${GIFT}$`));
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to add this donation to Payroll?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('$30.00 will be deducted from your pay at Tasman Engineering');
    await expect(main.getByLabel('Donation Amount')).toHaveValue('15');
    await confirm.getByText('Every pay cycle').click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const done = page.getByRole('dialog', { name: 'Donation added succesfully to your payroll' });
    await expect(done).toBeVisible({ timeout: 20_000 });
    await expect(done.getByRole('button', { name: 'View Thank You Message' })).toBeVisible();
    await done.getByRole('button', { name: 'Go to upcoming donations' }).click();

    // Spec §2 "Payroll confirmation": /{country}/admin/user/donations/upcoming.
    await expect(page).toHaveURL(/\/nz\/admin\/user\/donations\/upcoming$/);
    const pledges = page.getByRole('region', { name: 'Payroll donations' });
    await expect(pledges.getByText('Where it is needed most').first()).toBeVisible();
    await expect(pledges.getByText('$30.00').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/payroll-upcoming.png', fullPage: true });
  });

  test('an invalid amount shows the form’s error instead of the confirmation', async ({ page }) => {
    await page.goto(GIFT);
    await page.getByRole('button', { name: 'Login' }).click();
    await logIn(page, WIREMU);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Payroll', exact: true }).click();
    await main.getByRole('button', { name: 'Add to Payroll' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to add this donation to Payroll?' });
    await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await main.getByLabel('Donation Amount').fill('');
    await main.getByRole('button', { name: 'Add to Payroll' }).click();
    // An invalid form shows its errors instead of the confirmation.
    await expect(main.getByText('Invalid Amount!')).toBeVisible();
    await expect(confirm).toBeHidden();
  });
});
