import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { OUTBOX_URL, card, chargesFor, fillCard, holdFirstPaymentStatus } from './support';

/** Demo sign-in seeded by the local platform (tools/local/src/seed/data.ts). */
const DANA = { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', name: 'Dana Whitfield' };

/** The gift voucher e-mail for one purchase (its receipt number is the purchase's tracking number), from the outbox. */
async function voucherMailFor(email: string, reference: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        text = messages.find((message) => message.subject === 'Your Koha gift voucher' && message.text.includes(reference))?.text ?? '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toContain('Voucher code: ');
  return text;
}

test.describe('gift vouchers', () => {
  test('a guest buys a voucher from the Gift card link, reads the code in the e-mail, and sees the voucher once signed in', async ({ page }) => {
    await page.goto('/nz');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gift card' }).click();
    await expect(page).toHaveURL(/\/nz\/charity\/gift-vouchers\/new-voucher$/);
    await expect(page.getByRole('heading', { name: 'Charity Gift Vouchers', level: 1 })).toBeVisible();
    await expect(page.locator('#voucher-select')).toBeVisible();

    await page.getByRole('button', { name: '$20', exact: true }).click();
    await expect(page.getByLabel('Voucher Value')).toHaveValue('20.00');
    await page.getByLabel('Recipient Name').fill('Mere');
    await page.getByLabel('Message to the recipient').fill('Happy birthday!');
    // Bought as a guest with Dana's e-mail: once she signs in, it is hers.
    await page.getByLabel('First Name').fill('Dana');
    await page.getByLabel('Last Name').fill('Whitfield');
    await page.getByLabel('Email', { exact: true }).fill(DANA.email);
    await fillCard(page, card(TEST_CARDS.approve));
    await page.screenshot({ path: 'test-results/gift-voucher-purchase.png', fullPage: true });
    await holdFirstPaymentStatus(page);
    await page.getByRole('button', { name: 'Buy $20.00 Voucher' }).click();

    const modal = page.getByRole('dialog', { name: 'Payment Processing' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Please be patient. This may take a few moments to process')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you for your gift voucher' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`The voucher code is on its way by e-mail to ${DANA.email}.`)).toBeVisible();
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 2000, currency: 'nzd', status: 'succeeded' })]);

    const mail = await voucherMailFor(DANA.email, reference);
    const code = /Voucher code: ([A-Z0-9]{8})/.exec(mail)?.[1] ?? '';
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(mail).toContain('Value: $20.00');

    // The code was e-mailed, never shown on the page.
    await expect(page.getByText(code)).toHaveCount(0);

    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
    await dialog.getByLabel('Email Address').fill(DANA.email);
    await dialog.getByLabel('Password').fill(DANA.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/admin/user/gift-vouchers');
    const table = page.getByRole('table', { name: 'Your gift vouchers' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Mere' }) });
    await expect(row).toContainText(`••••••${code.slice(-2)}`);
    await expect(row).toContainText('$20.00');
    await expect(row).toContainText('Active');
    await expect(table).not.toContainText(code);
    await page.screenshot({ path: 'test-results/my-gift-vouchers.png', fullPage: true });
  });
});
