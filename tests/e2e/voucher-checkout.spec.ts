import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { demoVoucherCodes } from '../../tools/local/src/seed/vouchers';
import { card, chargesFor, fillCard, fillDonor } from './support';

/** Dana's seeded vouchers: $100 (covers a gift) and $10 (a card tops it up). */
const [HUNDRED, TEN] = demoVoucherCodes();
const GIFT = '/nz/kiwi-coast-rescue/buy-a-predator-trap';

async function applyVoucher(page: Page, code: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Gift Voucher', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Donate', exact: true })).toBeDisabled();
  await main.getByLabel('Gift Voucher Code').fill(code);
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByText('Voucher applied.')).toBeVisible();
}

test.describe('paying with a gift voucher', () => {
  test('a voucher that covers the total pays it all: no card details, no charge', async ({ page }) => {
    expect(HUNDRED?.valueCents).toBe(10_000);
    await page.goto(GIFT);
    const main = page.getByRole('main');
    await fillDonor(page, { firstName: 'Dana', lastName: 'Whitfield', email: 'dana.donor@demo.koha.nz' });
    await applyVoucher(page, HUNDRED?.code ?? '');
    await expect(main.getByText('Your voucher covers the total.')).toBeVisible();
    // Spec §2's $60 trap off a $100 voucher: what stays on it after this gift.
    await expect(main.getByText('Balance left on your voucher after this gift: $40.00')).toBeVisible();
    await expect(page.locator('iframe[title="Card details"]')).toBeHidden();
    await page.screenshot({ path: 'test-results/voucher-covering.png', fullPage: true });

    await main.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([]);

    // The voucher keeps the rest of its balance: $100 less the $60 trap, then less another $60 would not cover it.
    await page.goto(GIFT);
    await applyVoucher(page, HUNDRED?.code ?? '');
    await expect(main.getByText('Paid by voucher: $40.00')).toBeVisible();
    await expect(main.getByText('Balance left on your voucher after this gift: $0.00')).toBeVisible();
  });

  test('a voucher that does not cover the total is topped up by card', async ({ page }) => {
    expect(TEN?.valueCents).toBe(1_000);
    await page.goto(GIFT);
    const main = page.getByRole('main');
    await fillDonor(page, { firstName: 'Dana', lastName: 'Whitfield', email: 'dana.donor@demo.koha.nz' });
    await applyVoucher(page, TEN?.code ?? '');
    await expect(main.getByText(/Left to pay by card: \$/)).toBeVisible();
    await expect(main.getByRole('group', { name: 'Card details for the rest' })).toBeVisible();
    await fillCard(page, card(TEST_CARDS.approve));

    await main.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    const [charge] = await chargesFor(reference);
    const total = Number((await page.getByText(/^\$[0-9.]+$/).last().textContent())?.replace('$', '')) * 100;
    expect(charge).toMatchObject({ status: 'succeeded', amount: total - 1_000 });
  });

  test('a wrong code is refused with the API’s message and nothing is applied', async ({ page }) => {
    await page.goto(GIFT);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Gift Voucher', exact: true }).click();
    await main.getByLabel('Gift Voucher Code').fill('ZZZZZZZZ');
    await main.getByRole('button', { name: 'Apply' }).click();
    await expect(main.getByText(/Voucher not found/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Donate', exact: true })).toBeDisabled();
  });
});
