import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, fillCard, fillDonor } from './support';

/** On a phone: one card per row, a menu that closes when you navigate, and a checkout that works. */
test('a donor on a phone browses one card per row and gives through the mobile menu and checkout', async ({ page }) => {
  await page.goto('/au');
  const cards = page.getByRole('main').getByRole('link', { name: /Reef Guardians Australia|Outback Flying Books/ });
  await expect(cards.first()).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1); // stacked, not side by side

  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Charities' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

  await page.goto('/au/sydney-street-meals/serve-a-hot-meal');
  await expect(page.getByRole('heading', { name: 'Serve a hot meal', level: 1 })).toBeVisible();
  await expect(page.getByText('$12.00').first()).toBeVisible();
  await fillDonor(page, { firstName: 'Mia', lastName: 'Nguyen', email: 'mia.nguyen@example.com', receiptName: 'Mia Nguyen' });
  await fillCard(page, card(TEST_CARDS.approve));
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/au\/thankyou$/, { timeout: 30_000 });
  await expect(page.getByText('Sydney Street Meals').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/mobile-thank-you.png', fullPage: true });
});
