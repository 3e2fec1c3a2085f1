import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { card, fillCard, fillDonor, logIn, receiptFor } from './support';

/**
 * Issue 13 item 17: Wiremu creates a page through the create flow; a guest gives to it by card; a second tab that has
 * the page open sees the total move without a reload; Wiremu sees the donor and the total on his page.
 */
const WIREMU = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('a member creates a page, a guest gives to it by card, and the owner and an open tab see the total move', async ({ page: owner, browser }) => {
  test.setTimeout(120_000);
  const address = `wiremu-runs-${Date.now().toString(36)}`;
  const title = 'Wiremu runs the Tutukaka trail';

  // Wiremu signs in and creates a page of his own for Kiwi Coast Rescue.
  await owner.goto('/nz/fundraising');
  await owner.getByRole('button', { name: 'Login' }).click();
  await logIn(owner, { email: WIREMU.email, password: DEMO_PASSWORD });
  await owner.getByRole('link', { name: 'Start fundraising' }).click();
  await expect(owner).toHaveURL(/\/nz\/fundraising\/create/);
  await owner.getByRole('group', { name: 'Choose a charity' }).getByLabel(/Kiwi Coast Rescue/).check();
  await owner.getByRole('button', { name: 'Next' }).click();
  await owner.getByRole('group', { name: 'What are you creating?' }).getByLabel(/A page for yourself/).check();
  await owner.getByRole('button', { name: 'Next' }).click();
  await owner.getByLabel('Title').fill(title);
  await owner.getByLabel('Your story').fill('Twenty kilometres of coastal trail for the kiwi chicks of Tutukaka.');
  await owner.getByLabel('Target ($)').fill('500');
  await owner.getByLabel('End date').fill(inDays(30));
  await owner.getByRole('button', { name: 'Next' }).click();
  await owner.getByLabel('Page address').fill(address);
  await owner.getByRole('button', { name: 'Next' }).click();
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  const pageUrl = new URL(owner.url()).pathname;
  expect(pageUrl).toContain(address);

  // A visitor has the page open in another tab.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(pageUrl);
  await expect(watcher.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(watcher.getByRole('main').getByText('$0 raised', { exact: false }).first()).toBeVisible();
  // Its live socket is open before the gift (the page follows its channel).
  await watcher.waitForEvent('websocket', { timeout: 15_000 }).catch(() => undefined);
  await watcher.waitForTimeout(1000);

  // A guest gives $20 by card, with a message for Wiremu.
  const donorContext = await browser.newContext();
  const donor = await donorContext.newPage();
  const email = `mere.${Date.now()}@example.com`;
  await donor.goto(pageUrl);
  const form = donor.getByRole('form', { name: 'Donate to Wiremu’s fundraiser' });
  await expect(form).toBeVisible({ timeout: 15_000 });
  await form.getByRole('button', { name: '$20', exact: true }).click();
  await form.getByLabel('A message for Wiremu').fill('Go Wiremu, from Mere!');
  await fillDonor(donor, { firstName: 'Mere', lastName: 'Hohaia', email });
  await fillCard(donor, card(TEST_CARDS.approve));
  await form.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(donor).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
  await expect(donor.getByText(title, { exact: false }).first()).toBeVisible();
  expect((await receiptFor(email)).text).toContain(`through Wiremu Parata's fundraising page "${title}"`);

  // The open tab's total moves without a reload.
  await expect(watcher.getByRole('main').getByText('$20 raised', { exact: false }).first()).toBeVisible({ timeout: 10_000 });

  // Wiremu sees the donor, the message and the total on his page.
  await owner.reload();
  await expect(owner.getByRole('main').getByText('$20 raised', { exact: false }).first()).toBeVisible();
  const donors = owner.getByRole('region', { name: 'Donors' });
  await expect(donors.getByText('Mere Hohaia')).toBeVisible();
  await expect(donors.getByText('Go Wiremu, from Mere!')).toBeVisible();

  await watcherContext.close();
  await donorContext.close();
});
