import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, chargesFor, fillCard, fillDonor, holdFirstPaymentStatus, nzCardFee, receiptFor } from './support';

/** The header's overall donations, in whole dollars. */
async function donatedInHeader(page: Page): Promise<number> {
  const stats = page.getByLabel('Site-wide stats');
  await expect(stats).toContainText('donated');
  const text = (await stats.textContent()) ?? '';
  return Number(/donated\$([\d,]+)/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
}

test.describe('a guest gives to a gift by card', () => {
  test('finds a charity, picks a gift, pays with an approving card and sees the thank-you page', async ({ page }) => {
    const email = `jane.${Date.now()}@example.com`;
    await page.goto('/');
    await expect(page).toHaveURL(/\/nz$/);
    const donatedSoFar = await donatedInHeader(page);
    await page.getByRole('main').getByRole('link', { name: /Kiwi Coast Rescue/ }).first().click();
    await expect(page).toHaveURL(/\/nz\/charity\/kiwi-coast-rescue$/);
    await expect(page.getByRole('heading', { name: 'Kiwi Coast Rescue', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'More Donations', level: 2 })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: /Feed a kiwi chick for a week/ }).first().click();
    await expect(page).toHaveURL(/\/nz\/(charity\/)?kiwi-coast-rescue\/feed-a-kiwi-chick$/);
    await expect(page.getByRole('heading', { name: 'Feed a kiwi chick for a week', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Donation Amount')).toHaveValue('25.00');
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');
    await expect(page.getByText('Or Donate Amount of Your Choice')).toBeVisible();

    // Four chicks at the gift's price: three presses of the quantity's + button.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Increase Quantity' }).click();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('4');
    // $100 by card in nz: the donor covers the 1.9% + 30c fee.
    await expect(page.getByRole('status', { name: 'Transaction fee' })).toHaveText('$2.20');
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$102.20');
    await page.getByPlaceholder('Message').fill('Kia kaha, little kiwi!');
    await fillDonor(page, { firstName: 'Jane', lastName: 'Donor', email, receiptName: 'Jane and Tom Donor' });
    await fillCard(page, card(TEST_CARDS.approve));
    await holdFirstPaymentStatus(page);
    await page.getByRole('button', { name: 'Donate', exact: true }).click();

    const modal = page.getByRole('dialog', { name: 'Payment Processing' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Please be patient. This may take a few moments to process')).toBeVisible();
    await expect(modal.getByText('Please don’t click away from this screen until payment is completed')).toBeVisible();

    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    await expect(page.getByText('Kiwi Coast Rescue').first()).toBeVisible();
    await expect(page.getByText('$102.20').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/thank-you.png', fullPage: true });

    const receipt = await receiptFor(email);
    expect(receipt.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    expect(receipt.text).toContain('Dear Jane and Tom Donor,');
    expect(receipt.text).toContain('$100.00');

    // The gateway holds exactly one charge for this donation (keyed by its reference), for the server-priced total.
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 10000 + nzCardFee(10000), currency: 'nzd', status: 'succeeded' })]);

    // The header's stats and the ticker follow from the DonationCompleted event (the gift, not the tip).
    await expect
      .poll(async () => {
        await page.goto('/nz');
        return donatedInHeader(page);
      }, { timeout: 20_000 })
      .toBe(donatedSoFar + 100);
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByText('$100').first()).toBeVisible();
  });

  test('a declining card shows the gateway’s message and keeps the donor on the form', async ({ page }) => {
    await page.goto('/nz/harbour-city-food-bank/family-food-parcel');
    await expect(page.getByRole('heading', { name: 'Fill a family food parcel', level: 1 })).toBeVisible();
    await fillDonor(page, { firstName: 'Ari', lastName: 'Decline', email: 'ari.decline@example.com', receiptName: 'Ari Decline' });
    await fillCard(page, card(TEST_CARDS.decline));
    await holdFirstPaymentStatus(page);
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Processing' })).toBeVisible();
    await expect(page.getByText('Your card was declined.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/nz\/harbour-city-food-bank\/family-food-parcel$/);
    await expect(page.getByLabel('First Name')).toHaveValue('Ari');
    await page.screenshot({ path: 'test-results/declined.png', fullPage: true });
  });

  test('a fulfilled gift takes no donations but offers a general donation', async ({ page }) => {
    await page.goto('/nz/nga-rakau-forest-trust/plant-ten-seedlings');
    await expect(page.getByText('Project has been fulfilled. This gift is not taking further donations.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Donate', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Give a General Donation' }).click();
    await expect(page).toHaveURL(/\/nz\/charity\/nga-rakau-forest-trust#donate$/);
  });
});
