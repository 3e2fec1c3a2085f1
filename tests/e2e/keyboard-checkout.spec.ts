import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { card, holdPaymentStatusUntilReleased } from './support';

/**
 * Issue 12 item 9: a gift given with the keyboard alone (Tab, Shift+Tab, Space, Enter and typing; no clicks), from
 * the gift page to the thank-you page, meeting a decline on the way.
 */

const cardFrame = (page: Page) => page.frameLocator('iframe[title="Card details"]');

/** Has keyboard focus: the active element of its document, and (inside the card frame) the frame has the page's. */
async function hasFocus(page: Page, target: Locator, inFrame: boolean): Promise<boolean> {
  if (inFrame && !(await page.evaluate<boolean>("document.activeElement?.tagName === 'IFRAME'"))) return false;
  return target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { back = false, inFrame = false, max = 120 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await hasFocus(page, target, inFrame)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never took focus in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** WCAG 2.4.11 Focus Not Obscured: the focused control is not under the sticky header. */
async function expectNotUnderHeader(page: Page, target: Locator) {
  const header = await page.getByRole('banner').boundingBox();
  const box = await target.boundingBox();
  expect(header && box).toBeTruthy();
  if (header && box) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
}

/** Replaces what the focused field holds with `text`, by keyboard. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a keyboard-only donor gives a gift, meets a decline, fixes the card and reaches the thank-you', async ({ page }) => {
      await page.goto('/nz/harbour-city-food-bank/family-food-parcel');
      await expect(page.getByRole('heading', { name: 'Fill a family food parcel', level: 1 })).toBeVisible();
      await expect(cardFrame(page).getByLabel('Name on Card')).toBeVisible();
      const donate = page.getByRole('button', { name: 'Donate', exact: true });
      const firstName = page.getByLabel('First Name');

      // Donate with nothing filled in: focus goes to the first field to fix.
      await tabTo(page, donate);
      await page.keyboard.press('Enter');
      await expect(firstName).toBeFocused();
      await expect(page.getByText('Required Field!').first()).toBeVisible();
      await expectNotUnderHeader(page, firstName);

      // The form now shows errors: Donate says it cannot pay (aria-disabled) but stays in the tab order, and pressing it
      // goes to the first error again instead of doing nothing.
      await expect(donate).toHaveAttribute('aria-disabled', 'true');
      await tabTo(page, donate);
      await page.keyboard.press('Space');
      await expect(firstName).toBeFocused();

      await page.keyboard.type('Kiri');
      await tabTo(page, page.getByLabel('Last Name'));
      await page.keyboard.type('Keys');
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(`kiri.keys.${Date.now()}@example.com`);
      await tabTo(page, page.getByLabel('Receipt Name'));
      await expect(page.getByLabel('Receipt Name')).toHaveValue('Kiri Keys');

      // Into the gateway's card fields, with the card the sandbox declines.
      const declining = card(TEST_CARDS.decline);
      const frame = cardFrame(page);
      await tabTo(page, frame.getByLabel('Name on Card'), { inFrame: true });
      await page.keyboard.type(declining.name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(declining.number);
      await page.keyboard.press('Tab');
      await page.keyboard.type(declining.month);
      await page.keyboard.press('Tab');
      await page.keyboard.type(declining.year);
      await page.keyboard.press('Tab');
      await expect(frame.getByLabel('CVC')).toBeFocused();
      await page.keyboard.type(declining.cvc);

      await expect(donate).not.toHaveAttribute('aria-disabled', 'true');
      const releaseStatus = await holdPaymentStatusUntilReleased(page);
      await tabTo(page, donate);
      await page.keyboard.press('Enter');

      // The processing modal: the page behind it is inert, and Tab stays inside it.
      const modal = page.getByRole('dialog', { name: 'Payment Processing' });
      await expect(modal).toBeVisible();
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement))).toBe(true);
      releaseStatus();

      // Declined: the modal closes and focus is on the message saying why.
      const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
      await expect(declined).toBeVisible({ timeout: 30_000 });
      await expect(modal).toBeHidden();
      await expect(declined).toBeFocused();
      await expectNotUnderHeader(page, declined);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');

      // Back into the card fields (they come just before the message) to change the number.
      await tabTo(page, frame.getByLabel('Card Number'), { back: true, inFrame: true });
      await expectNotUnderHeader(page, frame.getByLabel('Card Number'));
      await retype(page, card(TEST_CARDS.approve).number);

      await tabTo(page, donate);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Thank you for your donation', level: 1 })).toBeFocused();
    });
  });
}
