import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, chargesFor, fillCard, fillDonor, holdFirstPaymentStatus, nzCardFee, receiptFor } from './support';

test.describe('a guest gives a general donation to a charity by card', () => {
  test('from a gift page’s ‘Give a General Donation’ to the charity’s donation form, pays with a tip and is thanked', async ({ page }) => {
    const email = `aroha.${Date.now()}@example.com`;
    await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    await expect(page.getByRole('heading', { name: 'Feed a kiwi chick for a week', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Give a General Donation' }).click();
    await expect(page).toHaveURL(/\/nz\/charity\/kiwi-coast-rescue#donate$/);
    const form = page.getByRole('form', { name: 'Donate Amount of Your Choice' });
    await expect(form).toBeVisible();
    await expect(form).toBeInViewport();
    await expect(form.getByLabel('Quantity')).toHaveCount(0);
    await expect(form.getByLabel('Donation Amount')).toHaveValue('10.00');

    await form.getByRole('button', { name: '$20', exact: true }).click();
    await form.getByRole('group', { name: 'Support the website' }).getByLabel('$2', { exact: true }).check();
    // The donor covers nz's card fee (1.9% + 30c): $0.72 on $22.
    await expect(form.getByRole('status', { name: 'Transaction fee' })).toHaveText('$0.72');
    await expect(form.getByRole('status', { name: 'Total' })).toHaveText('$22.72');

    await form.getByLabel('Donation Amount').fill('0.50');
    await form.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(form.getByText('Invalid Amount!')).toBeVisible();
    await form.getByRole('button', { name: '$20', exact: true }).click();

    await fillDonor(page, { firstName: 'Aroha', lastName: 'Ngata', email });
    await fillCard(page, card(TEST_CARDS.approve));
    await holdFirstPaymentStatus(page);
    await form.getByRole('button', { name: 'Donate', exact: true }).click();

    const modal = page.getByRole('dialog', { name: 'Payment Processing' });
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    await expect(page.getByText('Your donation to Kiwi Coast Rescue has been received', { exact: false })).toBeVisible();
    await expect(page.getByText('General donation')).toBeVisible();
    await expect(page.getByText('$22.72').first()).toBeVisible();

    const receipt = await receiptFor(email);
    expect(receipt.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    // Only the $20.00 is the donation; the $2.00 tip to the website is listed apart (issue 11).
    expect(receipt.text).toContain('Thank you for your general donation of $20.00 to Kiwi Coast Rescue.');
    expect(receipt.text).toContain('Donation: $20.00');
    expect(receipt.text).toContain('Tip to Koha: $2.00');
    expect(receipt.text).toContain('Transaction fee: $0.72');
    expect(receipt.text).toContain('Charged to your card: $22.72');

    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 2200 + nzCardFee(2200), currency: 'nzd', status: 'succeeded' })]);
  });

  test('a declining card keeps the donor on the charity page with the gateway’s message', async ({ page }) => {
    await page.goto('/nz/charity/harbour-city-food-bank');
    const form = page.getByRole('form', { name: 'Donate Amount of Your Choice' });
    await expect(form).toBeVisible();
    await fillDonor(page, { firstName: 'Jane', lastName: 'Donor', email: `jane.${Date.now()}@example.com` });
    await fillCard(page, card(TEST_CARDS.decline));
    await form.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Your card was declined.', { timeout: 30_000 });
    await expect(page).toHaveURL(/\/nz\/charity\/harbour-city-food-bank$/);
  });
});
