import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { logIn } from './support';

/** Demo sign-ins seeded by the local platform (tools/local/src/seed/data.ts). */
const WIREMU = { email: 'wiremu.parata@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };
const CHARITY = '/nz/charity/kiwi-coast-rescue';

test.describe('Add to giving (spec 2 §7 "Workplace giving")', () => {
  test('a guest is offered nothing and asks for no payment options', async ({ page }) => {
    const optionCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/payment-options')) optionCalls.push(request.url());
    });
    await page.goto(CHARITY);
    await expect(page.getByRole('form', { name: 'Donate Amount of Your Choice' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Add to giving' })).toHaveCount(0);
    expect(optionCalls).toEqual([]);
  });

  test('a Tasman Engineering member adds a charity to their giving from its page and finds it in upcoming donations', async ({ page }) => {
    await page.goto(CHARITY);
    await page.getByRole('button', { name: 'Login' }).click();
    await logIn(page, WIREMU);

    const giving = page.getByRole('region', { name: 'Workplace giving' });
    await expect(giving).toContainText('Give from your pay at Tasman Engineering');
    const button = giving.getByRole('button', { name: 'Add to giving' });
    await button.click();

    const dialog = page.getByRole('dialog', { name: 'Add Kiwi Coast Rescue to your giving' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Tasman Engineering’s payroll deducts this amount from your pay, and you can stop it any time from Upcoming donations.');
    await expectNoAxeViolations(page, { include: '[role="dialog"]' });

    // Escape closes it, and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    const amount = dialog.getByLabel('Amount per pay');
    await amount.fill('0.50');
    await dialog.getByRole('button', { name: 'Add to giving' }).click();
    await expect(dialog.getByText('Invalid Amount!')).toBeVisible();
    await amount.fill('17.50');
    await dialog.getByText('Every pay', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Add to giving' }).click();

    const done = page.getByRole('dialog', { name: 'Added to your giving' });
    await expect(done).toContainText('Kiwi Coast Rescue: $17.50 every pay, through Tasman Engineering’s payroll.');
    await done.getByRole('link', { name: 'Go to upcoming donations' }).click();

    await expect(page).toHaveURL(/\/nz\/admin\/user\/donations\/upcoming$/);
    const pledges = page.getByRole('region', { name: 'Payroll donations' });
    const row = pledges.getByRole('row').filter({ hasText: 'General donation to Kiwi Coast Rescue' }).filter({ hasText: '$17.50' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Every pay cycle');
    await expect(row).toContainText('Tasman Engineering');
    await expect(row).toContainText('Active');
  });
});
