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
  // au card payments: the donor covers 1.75% + 30c.
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$12.51');
  await fillDonor(page, { firstName: 'Mia', lastName: 'Nguyen', email: 'mia.nguyen@example.com', receiptName: 'Mia Nguyen' });
  await fillCard(page, card(TEST_CARDS.approve));
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/au\/thankyou$/, { timeout: 30_000 });
  await expect(page.getByText('Sydney Street Meals').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/mobile-thank-you.png', fullPage: true });
});

test('the consoles fit a phone: wide tables scroll in their own box, never the page', async ({ page }) => {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email Address').fill('alex.morgan@koha.nz');
  await page.getByLabel('Password').fill('Koha-demo-2026!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /Alex Morgan/ })).toBeVisible();
  // Signed in, the header still fits: the account button (initials only on a phone) never covers the Menu button.
  const [account, menu] = [await page.getByRole('button', { name: /Alex Morgan/ }).boundingBox(), await page.getByRole('button', { name: 'Menu' }).boundingBox()];
  expect(account!.x + account!.width).toBeLessThanOrEqual(menu!.x);
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const screen of ['members', 'admins', 'charities', 'workplaces', 'email-templates', 'badges']) {
    await page.goto(`/admin/backoffice/${screen}`);
    await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow, `/admin/backoffice/${screen} is wider than the phone`).toBeLessThanOrEqual(0);
  }
  // The side nav is a drawer on a phone.
  await page.getByRole('button', { name: 'Menu' }).last().click();
  await page.getByRole('navigation', { name: 'Back Office' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/backoffice\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Back Office' })).toBeHidden();
});

test('on a phone the search box sits behind its toggle, which closes once the search is made', async ({ page }) => {
  await page.goto('/nz');
  const toggle = page.getByRole('button', { name: 'Open search' });
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
  await expect(box).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toBeFocused();
  await box.fill('kiwii chik');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/nz\/search\?q=kiwii\+chik$/);
  await expect(page.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toBeHidden();
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Feed a kiwi chick for a week' })).toBeVisible();
});
