import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, chargesFor, fillCard, logIn, nzCardFee } from './support';

/** Demo sign-in seeded by the local platform (tools/local/src/seed/data.ts). */
const DANA = { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', name: 'Dana Whitfield' };

/** A gift without a price ('Area of greatest need'): the donor chooses the amount. */
const AREA_OF_NEED = '/nz/kiwi-coast-rescue/where-it-is-needed-most';

const referenceOn = async (page: Page) => (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';

test.describe('monthly giving and saved cards', () => {
  test('a guest starts a monthly gift: signs in, comes back to the filled form, and the gift is listed as upcoming', async ({ page }) => {
    await page.goto(AREA_OF_NEED);
    const main = page.getByRole('main');
    await main.getByLabel('Donation Amount').fill('18');
    await main.getByPlaceholder('Message').fill('Every month for the chicks');

    // Spec §4: a guest choosing Monthly is told why it needs a login; logging in saves the form, sets the 60-second
    // return cookie and goes to sign in.
    await main.getByLabel('Monthly').check();
    await expect(main.getByText(/Monthly giving is for members/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${AREA_OF_NEED}$`));
    await main.getByRole('button', { name: 'Log in to give monthly' }).click();
    await expect(page).toHaveURL(/\/login\/sso/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'koha_return')?.value).toBe(encodeURIComponent(AREA_OF_NEED));
    await logIn(page, DANA);

    await expect(page).toHaveURL(new RegExp(`${AREA_OF_NEED}$`));
    await expect(main.getByLabel('Donation Amount')).toHaveValue('18');
    await expect(main.getByPlaceholder('Message')).toHaveValue('Every month for the chicks');
    await expect(main.getByLabel('Monthly')).toBeChecked();
    await expect(main.getByLabel('Securely save my card for future donations')).toBeChecked();
    await fillCard(page, card(TEST_CARDS.approve));
    await main.getByRole('button', { name: 'Donate Monthly' }).click();

    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    await expect(page.getByText(/Your monthly donation to Kiwi Coast Rescue has started/)).toBeVisible();
    const reference = await referenceOn(page);
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 1800 + nzCardFee(1800), status: 'succeeded' })]);

    await page.goto('/admin/user/donations/upcoming');
    const monthly = page.getByRole('table', { name: 'Monthly donations' });
    await expect(monthly.getByText('Where it is needed most').first()).toBeVisible({ timeout: 20_000 });
    await expect(monthly.getByText('$18.00')).toBeVisible();
    await expect(monthly.getByText(/•••• 4242/)).toBeVisible();
    await page.screenshot({ path: 'test-results/monthly-upcoming.png', fullPage: true });
  });

  test('Dana pays with the card she saved: chosen by its last 4 digits, no card details typed', async ({ page }) => {
    await page.goto('/nz/kiwi-coast-rescue/buy-a-predator-trap');
    await page.getByRole('button', { name: 'Login' }).click();
    await logIn(page, DANA);
    const main = page.getByRole('main');

    await main.getByRole('button', { name: 'Use Saved Card(s)' }).click();
    await main.getByRole('radio', { name: /4242/ }).check();
    await expect(main.getByText(/\d{12,}/)).toHaveCount(0);
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/donations/me/payments'));
    await main.getByRole('button', { name: 'Donate', exact: true }).click();
    expect((await posted).postDataJSON().card).toEqual({ savedCardId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/) });

    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    const reference = await referenceOn(page);
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});
