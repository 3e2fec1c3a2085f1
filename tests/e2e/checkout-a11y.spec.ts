import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { expectNoAxeViolations } from './a11y';
import { card, fillCard, fillDonor } from './support';

/**
 * Issue 12 item 8: axe finds nothing on the gift page's checkout with its errors shown, nor with the processing modal
 * open, at a phone's size and a desktop's.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

async function openGift(page: Page) {
  await page.goto('/nz/harbour-city-food-bank/family-food-parcel');
  await expect(page.getByRole('heading', { name: 'Fill a family food parcel', level: 1 })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Name on Card')).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`the gift page's checkout on a ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('with its errors shown', async ({ page }) => {
      await openGift(page);
      await page.getByRole('button', { name: 'Donate', exact: true }).click();
      await expect(page.getByText('Required Field!').first()).toBeVisible();
      await expect(page.frameLocator('iframe[title="Card details"]').getByText('Invalid Card Number!')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('with the processing modal open', async ({ page }) => {
      await openGift(page);
      await fillDonor(page, { firstName: 'Axe', lastName: 'Check', email: `axe.${Date.now()}@example.com` });
      await fillCard(page, card(TEST_CARDS.approve));
      // The payment is held unanswered, so the modal stays open while axe looks.
      await page.route('**/api/donations/payments', () => undefined);
      await page.getByRole('button', { name: 'Donate', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Payment Processing' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
