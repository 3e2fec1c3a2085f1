import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, chargesFor, fillCard, fillDonor, nzCardFee } from './support';

/** Spec 1 §2: a priced gift's amount is read-only; the donor chooses the amount only where the gift has no price. */
const KIWI_CHICK = '/nz/kiwi-coast-rescue/feed-a-kiwi-chick';
const PRICE_CHANGED = 'The price of this gift has changed. Please check the total and try again.';

test.describe('a priced gift is sold at its price', () => {
  test('the amount is the gift’s price, read-only; the donor cannot give another amount, and pays price x quantity', async ({ page }) => {
    await page.goto(KIWI_CHICK);
    const main = page.getByRole('main');
    const amount = main.getByLabel('Donation Amount');
    await expect(amount).toHaveValue('25.00');
    await expect(amount).not.toBeEditable();
    await expect(main.getByRole('group', { name: 'Quick amounts' })).toHaveCount(0);

    // Typing over the price changes nothing.
    await amount.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10');
    await expect(amount).toHaveValue('25.00');

    // Two chicks: the spinner's + button, then the arrow key steps back and forth.
    await main.getByRole('button', { name: 'Increase Quantity' }).click();
    await main.getByLabel('Quantity', { exact: true }).press('ArrowUp');
    await main.getByLabel('Quantity', { exact: true }).press('ArrowDown');
    await expect(main.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText(`$${((5000 + nzCardFee(5000)) / 100).toFixed(2)}`);
    await page.screenshot({ path: 'test-results/priced-gift.png', fullPage: true });

    await fillDonor(page, { firstName: 'Ana', lastName: 'Price', email: `ana.price.${Date.now()}@example.com`, receiptName: 'Ana Price' });
    await fillCard(page, card(TEST_CARDS.approve));
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/donations/payments'));
    await main.getByRole('button', { name: 'Donate', exact: true }).click();
    expect((await posted).postDataJSON()).toMatchObject({ donationAmount: 2500, quantity: 2 });

    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 5000 + nzCardFee(5000), status: 'succeeded' })]);
  });

  test('a payment sent with another amount per item is refused with the API’s words, and nothing is charged', async ({ page }) => {
    await page.goto(KIWI_CHICK);
    const main = page.getByRole('main');
    await fillDonor(page, { firstName: 'Ana', lastName: 'Cheap', email: `ana.cheap.${Date.now()}@example.com`, receiptName: 'Ana Cheap' });
    await fillCard(page, card(TEST_CARDS.approve));
    // What a tampered page (or a stale one) would send: $10 for the $25 gift, with the fee on $10 so that only the
    // price is wrong (issue 11: two kiwi chicks were once sold for $10 each).
    await page.route('**/api/donations/payments', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, donationAmount: 1000, transactionFeeCents: nzCardFee(1000) }) });
    });
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/donations/payments'));
    await main.getByRole('button', { name: 'Donate', exact: true }).click();

    expect((await answered).status()).toBe(409);
    await expect(main.getByText(PRICE_CHANGED)).toBeVisible();
    await expect(main.getByLabel('Donation Amount')).toHaveValue('25.00');
    await expect(page).toHaveURL(new RegExp(`${KIWI_CHICK}$`));
  });

  test('a gift without a price shows “Area of greatest need” on its card, and its checkout takes the donor’s amount', async ({ page }) => {
    await page.goto('/nz/charity/kiwi-coast-rescue');
    const gifts = page.getByRole('region', { name: 'More Donations' });
    const card = gifts.getByRole('listitem').filter({ hasText: 'Where it is needed most' });
    await expect(card.getByText('Area of greatest need')).toBeVisible();
    await card.getByRole('link', { name: 'Where it is needed most' }).click();

    // The charity page has its own checkout: the gift's heading says the gift page has replaced it.
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Where it is needed most' })).toBeVisible();
    await expect(main.getByLabel('Donation Amount')).toBeEditable();
    await main.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '$50' }).click();
    await expect(main.getByLabel('Donation Amount')).toHaveValue('50.00');
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText(`$${((5000 + nzCardFee(5000)) / 100).toFixed(2)}`);
  });
});
