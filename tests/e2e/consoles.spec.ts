import { expect, test, type Page } from '@playwright/test';

/**
 * Each demo user signs in, opens the console their account menu offers and finds what their role should find;
 * a charity admin cannot open another charity's console; a charity's profile change goes live only when the back
 * office approves it; a donor accepts a charity's invitation from their dashboard.
 */
const PASSWORD = 'Koha-demo-2026!';

async function signIn(page: Page, email: string, name: string) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

const sideNav = (page: Page, label: string) => page.getByRole('navigation', { name: label });
/** The side nav's items once the member's permissions have loaded (items needing none show at once). */
async function menuLabels(page: Page, label: string) {
  const nav = sideNav(page, label);
  await expect(nav).toBeVisible();
  await expect(nav.getByText('Loading menu')).toHaveCount(0);
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

test.describe('the consoles', () => {
  test('a charity admin manages their charity, and gets 403 on another charity', async ({ page }) => {
    await signIn(page, 'sam.tane@kiwicoastrescue.org.nz', 'Sam Tane');
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
    await expect(page).toHaveURL(/\/admin\/charity\/[^/]+\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Kiwi Coast Rescue' }).first()).toBeVisible();
    expect(await menuLabels(page, 'Charity admin')).toEqual(['Dashboard', 'Members', 'Invited Members', 'Dollar Handles', 'Volunteer Roles', 'Volunteer Applications', 'Fundraising', 'Donation Reports', 'Volunteering Reports', 'Remittance', 'Membership', 'Settings', 'Help']);

    await sideNav(page, 'Charity admin').getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page.getByRole('cell', { name: 'sam.tane@kiwicoastrescue.org.nz' })).toBeVisible();
    await sideNav(page, 'Charity admin').getByRole('link', { name: 'Invited Members' }).click();
    await expect(page.getByRole('rowheader', { name: 'dana.donor@demo.koha.nz' })).toBeVisible();
    await page.screenshot({ path: 'test-results/charity-console.png', fullPage: true });

    // Another charity's console: the page guard refuses, and so does the API behind it.
    const charities = (await (await page.request.get('/api/accounts/charities?country=nz')).json()) as { items: { id: string; charityUrl: string }[] };
    const other = charities.items.find((charity) => charity.charityUrl !== 'kiwi-coast-rescue')!;
    await page.goto(`/admin/charity/${other.id}/members`);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test("a charity's profile change waits for the back office, then goes live", async ({ page, browser }) => {
    const description = `We rescue and rehabilitate injured seabirds along the coast. Updated ${Date.now()}.`;
    await signIn(page, 'sam.tane@kiwicoastrescue.org.nz', 'Sam Tane');
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
    await sideNav(page, 'Charity admin').getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText(/waiting for approval/i).first()).toBeVisible();
    // Not live yet (asked outside the browser's HTTP cache, which keeps the public profile for a minute).
    const live = async () => ((await (await page.request.get('/api/accounts/charities/kiwi-coast-rescue?country=nz')).json()) as { description: string }).description;
    expect(await live()).not.toBe(description);

    const office = await (await browser.newContext()).newPage();
    await signIn(office, 'alex.morgan@koha.nz', 'Alex Morgan');
    await office.getByRole('link', { name: 'Management Console' }).click();
    await expect(office).toHaveURL(/\/admin\/backoffice\/dashboard$/);
    expect(await menuLabels(office, 'Back Office')).toEqual([
      'Dashboard',
      'Charities',
      'Content Approval',
      'Members',
      'Admins',
      'Dollar Handles',
      'Volunteer Roles',
      'Workplaces',
      'Payments',
      'Matching Payments',
      'Vouchers',
      'Fundraising',
      'Volunteering Reports',
      'Eligibility Files',
      'Email Templates',
      'Badges',
      'Security',
    ]);
    await sideNav(office, 'Back Office').getByRole('link', { name: 'Content Approval' }).click();
    await expect(office.getByText(description)).toBeVisible();
    await office.screenshot({ path: 'test-results/content-approval.png', fullPage: true });
    await office.getByRole('button', { name: 'Approve the changes to Kiwi Coast Rescue' }).click();
    await expect(office.getByText(description)).toHaveCount(0);

    await page.goto('/nz/charity/kiwi-coast-rescue');
    await expect(page.getByText(description)).toBeVisible();
  });

  test('a denied profile change shows its reason on the charity’s settings; the back office names who decided and counts volunteer roles waiting', async ({ page, browser }) => {
    await signIn(page, 'sam.tane@kiwicoastrescue.org.nz', 'Sam Tane');
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
    await sideNav(page, 'Charity admin').getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Location').fill('Somewhere up north');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText(/waiting for approval/i).first()).toBeVisible();

    const office = await (await browser.newContext()).newPage();
    await signIn(office, 'alex.morgan@koha.nz', 'Alex Morgan');
    await office.getByRole('link', { name: 'Management Console' }).click();
    const waiting = office.getByRole('list', { name: 'Waiting for you' });
    await expect(waiting.getByRole('link', { name: /volunteer roles? waiting for approval/ })).toBeVisible();
    await expect(waiting.getByRole('link', { name: /profile changes? waiting for approval/ })).toBeVisible();
    await office.screenshot({ path: 'test-results/back-office-dashboard.png', fullPage: true });
    await sideNav(office, 'Back Office').getByRole('link', { name: 'Content Approval' }).click();
    await expect(office.getByText('Somewhere up north')).toBeVisible();
    await expect(office.getByText(/Profile changes sent by Sam Tane on/).first()).toBeVisible();
    await office.getByRole('button', { name: 'Deny the changes to Kiwi Coast Rescue' }).click();
    const dialog = office.getByRole('dialog', { name: 'Deny changes?' });
    await dialog.getByLabel('Reason').fill('Please give the town your rangers work from.');
    await dialog.getByRole('button', { name: 'Deny changes' }).click();
    await office.getByRole('tab', { name: 'Denied' }).click();
    await expect(office.getByText(/denied by Alex Morgan on/).first()).toBeVisible();

    await page.reload();
    const denied = page.getByRole('region', { name: 'Not approved' });
    await expect(denied.getByText('Please give the town your rangers work from.')).toBeVisible();
    await page.screenshot({ path: 'test-results/charity-settings-denied.png', fullPage: true });
  });

  test('a workplace admin sees the workplace console; a workplace member does not', async ({ page, browser }) => {
    await signIn(page, 'grace.liu@tasman-engineering.co.nz', 'Grace Liu');
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Tasman Engineering/ }).click();
    await expect(page).toHaveURL(/\/admin\/workplace\/[^/]+\/dashboard$/);
    const console = page.url();
    expect(await menuLabels(page, 'Workplace admin')).toEqual(['Dashboard', 'Charities', 'Pay Cycles', 'Payroll File Structures', 'Members', 'Corporate Members', 'Invited Members', 'Payroll Payments', 'Matching Payments', 'External Donations', 'Matching', 'Gift Vouchers', 'Donation Reports', 'Volunteering', 'Engagement Reports', 'Badge Reports', 'Eligibility Files', 'Settings', 'Help']);
    await sideNav(page, 'Workplace admin').getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page.getByRole('cell', { name: 'wiremu.parata@tasman-engineering.co.nz' })).toBeVisible();
    await page.screenshot({ path: 'test-results/workplace-console.png', fullPage: true });

    const member = await (await browser.newContext()).newPage();
    await signIn(member, 'wiremu.parata@tasman-engineering.co.nz', 'Wiremu Parata');
    // Not offered the console that would refuse him (signIn opened his account menu).
    await expect(member.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(member.getByText('Loading your accounts')).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Switch accounts' })).toHaveCount(0);
    await member.goto(console.replace('/dashboard', '/members'));
    await expect(member.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('a donor accepts an invitation on their dashboard and can then switch to the charity', async ({ page }) => {
    await signIn(page, 'dana.donor@demo.koha.nz', 'Dana Whitfield');
    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/admin\/user\/dashboard$/);
    expect(await menuLabels(page, 'My Account')).toEqual(['Dashboard', 'Badges', 'Donation History', 'Upcoming Donations', 'External Donations', 'Volunteering', 'Gift Vouchers', 'Fundraising', 'Memberships', 'Settings', 'Your data', 'Help']);
    await page.getByRole('button', { name: 'Accept the invitation from Kiwi Coast Rescue' }).click();
    await expect(page.getByRole('button', { name: 'Accept the invitation from Kiwi Coast Rescue' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/user-dashboard.png', fullPage: true });
    await page.getByRole('button', { name: /Dana Whitfield/ }).click();
    await page.getByRole('button', { name: 'Switch accounts' }).click();
    await expect(page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ })).toBeVisible();
  });

  test('a content admin edits the menu links in the CMS', async ({ page }) => {
    await signIn(page, 'casey.brown@tasman-engineering.co.nz', 'Casey Brown');
    await page.getByRole('link', { name: 'CMS' }).click();
    await expect(page).toHaveURL(/\/admin\/cms\/menu-links$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
    await expect(page.getByLabel('Link 1 name')).toHaveValue('Volunteer');
    await expect(page.getByLabel('Link 2 name')).toHaveValue('Donate');
    await expect(page.getByLabel('Link 3 name')).toHaveValue('Fundraise');
    await expect(page.getByLabel('Link 4 name')).toHaveValue('Charities');
    await expect(page.getByLabel('Link 5 name')).toHaveValue('Gift card');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByLabel('Link 6 name').fill('Kiwi Coast Rescue');
    await page.getByLabel('Link 6 address').fill('/nz/charity/kiwi-coast-rescue');
    await page.getByRole('button', { name: 'Save menu links' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Kiwi Coast Rescue' })).toHaveAttribute('href', '/nz/charity/kiwi-coast-rescue');
    await page.screenshot({ path: 'test-results/cms.png', fullPage: true });
  });
});
