import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { expectNoAxeViolations } from './a11y';
import { card, logIn } from './support';

/**
 * Issue 17 items 1-3, as people meet them: Sam (Kiwi Coast Rescue) offers a membership plan; Dana finds "Become a
 * member" on the charity's page, joins with a new card through the payment workflow, and sees her membership and its
 * card (with its QR code) in My Account; Sam finds her among the charity's members.
 */
const PASSWORD = 'Koha-demo-2026!';

async function signIn(page: Page, email: string) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, { email, password: PASSWORD });
}

test('a charity offers a plan; a donor joins it by card, sees her membership card, and the charity sees her', async ({ page, browser }) => {
  const plan = `Kiwi Guardian ${Date.now().toString(36)}`;
  await signIn(page, 'sam.tane@kiwicoastrescue.org.nz');
  await page.getByRole('button', { name: /Sam Tane/ }).click();
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
  await expect(page).toHaveURL(/\/admin\/charity\/[^/]+\/dashboard$/);
  await page.getByRole('navigation', { name: 'Charity admin' }).getByRole('link', { name: 'Membership' }).click();
  await page.getByRole('button', { name: 'Add a plan' }).click();
  const form = page.getByRole('form', { name: 'Add a plan' });
  await form.getByLabel('Name').fill(plan);
  await form.getByLabel('Description').fill('Stand with the kiwi all year.');
  await form.getByLabel('Fee (dollars)').fill('40');
  await form.getByLabel('Benefits').fill('A kiwi pin\nOur newsletter');
  await form.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByRole('table', { name: 'Plans' }).getByRole('rowheader', { name: plan })).toBeVisible();
  const consoleUrl = page.url();

  const context = await browser.newContext();
  const dana = await context.newPage();
  await signIn(dana, 'dana.donor@demo.koha.nz');
  await dana.goto('/nz/charity/kiwi-coast-rescue');
  await dana.getByRole('button', { name: new RegExp(`^Become a member ?: ${plan}$`) }).click();
  const dialog = dana.getByRole('dialog', { name: 'Join Kiwi Coast Rescue' });
  // A new card (Dana may have saved ones from other tests: choose a new card when offered).
  const newCard = dialog.getByRole('radio', { name: /new card/i });
  if (await newCard.isVisible().catch(() => false)) await newCard.check();
  // The charity page's own checkout has card fields too: fill the dialog's.
  const fields = dialog.frameLocator('iframe[title="Card details"]');
  const details = card(TEST_CARDS.approve);
  await fields.getByLabel('Name on Card').fill('Dana Whitfield');
  await fields.getByLabel('Card Number').fill(details.number);
  await fields.getByLabel('Expiry Month').fill(details.month);
  await fields.getByLabel('Expiry Year').fill(details.year);
  await fields.getByLabel('CVC').fill(details.cvc);
  // Dana's saved cards are other specs' (they choose her one saved Visa): this card is not kept, so it will not renew.
  await dialog.getByRole('checkbox', { name: 'Securely save my card, so my membership can renew' }).uncheck();
  await dialog.getByRole('button', { name: 'Pay $40.00 and join' }).click();
  await expect(dana.getByText('Welcome, you are now a member of Kiwi Coast Rescue')).toBeVisible({ timeout: 30_000 });
  await dana.getByRole('link', { name: 'See my memberships' }).click();
  await expect(dana).toHaveURL(/\/admin\/user\/memberships$/);
  const mine = dana.getByRole('list', { name: 'Your memberships' }).getByRole('listitem').filter({ hasText: plan });
  await expect(mine.getByText('New', { exact: true }).first()).toBeVisible();
  const number = (await mine.getByText(/^KCR-\d{6}$/).textContent())!;
  await mine.getByRole('button', { name: /Show card/ }).click();
  const cardDialog = dana.getByRole('dialog', { name: 'Membership card' });
  await expect(cardDialog.getByText(number)).toBeVisible();
  await expect(cardDialog.getByRole('img', { name: /QR/ })).toBeVisible();
  await expectNoAxeViolations(dana);
  await dana.setViewportSize({ width: 390, height: 844 });
  await dana.screenshot({ path: 'test-results/membership-card-phone.png' });
  await context.close();

  await page.goto(consoleUrl);
  await page.getByLabel('Search members').fill(number);
  await page.getByLabel('Search members').press('Enter');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByText(number)).toBeVisible();
  await expect(members.getByText('Dana Whitfield')).toBeVisible();
  await expectNoAxeViolations(page);
});
