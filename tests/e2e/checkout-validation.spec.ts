import { expect, test, type Page } from '@playwright/test';

/**
 * Spec §5 "Validation rules", as a donor meets them: every message in the spec's words, under its field, and
 * Donate disabled while a card payment has errors. The card messages come from the gateway's hosted fields.
 */
/** A gift without a price ('Area of greatest need'): the donor types the amount. */
const GIFT = '/nz/kiwi-coast-rescue/where-it-is-needed-most';
const donate = (page: Page) => page.getByRole('button', { name: 'Donate', exact: true });
const cardField = (page: Page, label: string) => page.frameLocator('iframe[title="Card details"]').getByLabel(label);

test.describe('the checkout’s validation messages', () => {
  test('required fields, e-mail, amount and quantity, and Donate disabled until they are right', async ({ page }) => {
    await page.goto(GIFT);
    const main = page.getByRole('main');

    await donate(page).click();
    for (const label of ['First Name', 'Last Name', 'Email', 'Receipt Name']) {
      await expect(main.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(main.getByText('Required Field!')).toHaveCount(4);
    await expect(main.getByLabel('First Name')).toBeFocused();
    await expect(donate(page)).toBeDisabled();

    await main.getByLabel('Email').fill('not-an-email');
    await main.getByLabel('Email').blur();
    await expect(main.getByText('Invalid Email!')).toBeVisible();

    await main.getByLabel('Donation Amount').fill('0.99');
    await main.getByLabel('Donation Amount').blur();
    await expect(main.getByText('Invalid Amount!')).toBeVisible();

    await main.getByLabel('Quantity', { exact: true }).fill('0');
    await main.getByLabel('Quantity', { exact: true }).blur();
    await expect(main.getByText('Invalid Input!')).toBeVisible();

    // Names are trimmed on blur; once every field is right, Donate is enabled again.
    await main.getByLabel('First Name').fill('  Ari  ');
    await main.getByLabel('First Name').blur();
    await expect(main.getByLabel('First Name')).toHaveValue('Ari');
    await main.getByLabel('Last Name').fill('Tane');
    await main.getByLabel('Email').fill('ari@example.co.nz');
    await main.getByLabel('Donation Amount').fill('12.50');
    await main.getByLabel('Quantity', { exact: true }).fill('2');
    await main.getByLabel('Quantity', { exact: true }).blur();
    await expect(main.getByLabel('Receipt Name')).toHaveValue('Ari Tane');
    await expect(donate(page)).toBeEnabled();
    // $25 + nz's card fee (1.9% + 30c), which the donor covers.
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');
  });

  test('card name, number, CVC, month, date and year, in the gateway’s fields', async ({ page }) => {
    await page.goto(GIFT);
    const check = async (label: string, value: string, message: string) => {
      await cardField(page, label).fill(value);
      await cardField(page, label).blur();
      await expect(page.frameLocator('iframe[title="Card details"]').getByText(message)).toBeVisible();
    };
    await check('Name on Card', '12345', 'Invalid Card Name!');
    await check('Card Number', '4242 4242 4242 4241', 'Invalid Card Number!');
    await check('CVC', '12', 'Invalid Number!');
    await check('Expiry Year', '2', 'Invalid Year!');
    await check('Expiry Month', '13', 'Invalid Month!');
    // A past month this year is 'Invalid Date!'; a single-digit month is padded on blur.
    await cardField(page, 'Expiry Year').fill(String(new Date().getFullYear() % 100 - 1).padStart(2, '0'));
    await check('Expiry Month', '1', 'Invalid Date!');
    await expect(cardField(page, 'Expiry Month')).toHaveValue('01');
    // The fields take no more than the spec allows: month and year 2 characters (a four-digit year becomes its last
    // two), CVC 4.
    await cardField(page, 'CVC').fill('123456');
    await expect(cardField(page, 'CVC')).toHaveValue('1234');
    await cardField(page, 'Expiry Year').fill('2030');
    await expect(cardField(page, 'Expiry Year')).toHaveValue('30');
    await cardField(page, 'Expiry Month').fill('123');
    await expect(cardField(page, 'Expiry Month')).toHaveValue('12');
  });

  test('the first Donate with nothing filled in shows the card fields’ errors with the form’s', async ({ page }) => {
    await page.goto(GIFT);
    const frame = page.frameLocator('iframe[title="Card details"]');
    await expect(frame.getByLabel('Card Number')).toBeVisible();
    await donate(page).click();
    await expect(page.getByRole('main').getByText('Required Field!')).toHaveCount(4);
    for (const message of ['Invalid Card Name!', 'Invalid Card Number!', 'Invalid Month!', 'Invalid Year!', 'Invalid Number!']) {
      await expect(frame.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole('main').getByLabel('First Name')).toBeFocused();
  });
});
