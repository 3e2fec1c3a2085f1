import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 14 (search), as a visitor meets it on the local platform with its seeded demo data
 * (tools/local/src/seed): the header's search box with a misspelt word, the typed cards of /search and where each
 * goes, the charity page's grids filled from the indexes, and /donating from the main navigation.
 */

/** The header's search box (spec 1 §2 placeholder). */
const headerSearch = (page: Page) => page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

test.describe('the site search', () => {
  test('a visitor types a misspelt word in the header, picks the gift’s card and lands on the gift page', async ({ page }) => {
    await page.goto('/nz');
    const box = headerSearch(page);
    await expect(box).toHaveAttribute('placeholder', 'Search for Charities, Events and Causes to support');
    // Typing alone searches nothing (spec 1 §5): only Enter or the icon.
    await box.fill('kiwii chik');
    await expect(page).toHaveURL(/\/nz$/);
    await box.press('Enter');

    await expect(page).toHaveURL(/\/nz\/search\?q=kiwii\+chik$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search' })).toHaveValue('kiwii chik');
    // Typo tolerant: "Feed a kiwi chick for a week" (Kiwi Coast Rescue, $25) is found; its card is a gift's.
    const gift = results(page).getByRole('article').filter({ has: page.getByRole('link', { name: 'Feed a kiwi chick for a week' }) });
    await expect(gift).toBeVisible();
    await expect(gift.getByText('$25')).toBeVisible();
    await expect(gift.getByText('Donation', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ results? for “kiwii chik”$/)).toBeVisible();
    await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: 'test-results/search-results.png', fullPage: true });

    await gift.getByRole('link', { name: 'Feed a kiwi chick for a week' }).click();
    await expect(page).toHaveURL(/\/nz\/kiwi-coast-rescue\/feed-a-kiwi-chick$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Feed a kiwi chick for a week' })).toBeVisible();
  });

  test('the search icon submits a word as typed; the Donations tab narrows it; a role’s and a charity’s cards open their pages', async ({ page }) => {
    await page.goto('/nz/volunteering');
    await headerSearch(page).fill('preda');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/nz\/search\?q=preda$/);
    // Prefix as typed: 'preda' finds the predator trap.
    await expect(results(page).getByRole('link', { name: 'Buy a predator trap' })).toBeVisible();

    await page.getByRole('tab', { name: /^Donations/ }).click();
    await expect(page).toHaveURL(/\/nz\/search\?q=preda&type=charitygift$/);
    await expect(results(page).getByRole('article').filter({ hasNotText: 'Donation' })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/nz\/search\?q=preda$/);
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');

    // A volunteering role's card opens the role page (charityUrl/vacancyUrl from its slug).
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).fill('trap line walker');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).press('Enter');
    const role = results(page).getByRole('link', { name: 'Saturday trap line walker' });
    await expect(role).toBeVisible();
    await role.click();
    await expect(page).toHaveURL(/\/nz\/charity\/kiwi-coast-rescue\/volunteering\/saturday-trap-line-walker$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saturday trap line walker' })).toBeVisible();

    // A charity's card opens the charity page.
    await headerSearch(page).fill('harbour city food');
    await headerSearch(page).press('Enter');
    // Only the charity's own card has its name as the title link (its gifts' cards name it under theirs; its general
    // donation's card reads 'Donate to …').
    const charity = results(page).getByRole('link', { name: 'Harbour City Food Bank', exact: true });
    await expect(charity).toBeVisible();
    await charity.click();
    await expect(page).toHaveURL(/\/nz\/charity\/harbour-city-food-bank$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour City Food Bank' })).toBeVisible();
  });

  test('a fundraiser’s card opens the page within its event; nothing matching says so', async ({ page }) => {
    await page.goto('/nz/search?q=dana%20walks');
    const fundraiser = results(page).getByRole('link', { name: 'Dana walks for kiwi' });
    await expect(fundraiser).toBeVisible();
    // `has` is looked for inside each card: a locator from the page, not from the list.
    await expect(results(page).getByRole('article').filter({ has: page.getByRole('link', { name: 'Dana walks for kiwi' }) }).getByRole('progressbar', { name: 'Raised' })).toBeVisible();
    await fundraiser.click();
    await expect(page).toHaveURL(/\/nz\/fundraising\/kiwi-coast-walk-2027\/dana-walks-for-kiwi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dana walks for kiwi' })).toBeVisible();

    await page.goto('/nz/search?q=xqzvbnmw');
    await expect(page.getByRole('heading', { name: 'No results for “xqzvbnmw”' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse charities' })).toHaveAttribute('href', '/nz/charities');
  });
});

test('the charity page’s grids fill in from the indexes: its public roles and its gifts, with their See more links', async ({ page }) => {
  await page.goto('/nz/charity/kiwi-coast-rescue');
  await expect(page.getByRole('heading', { level: 1, name: 'Kiwi Coast Rescue' })).toBeVisible();

  const roles = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'More Volunteering Roles' }) });
  const roleGrid = roles.getByRole('list', { name: 'Volunteering roles' });
  await expect(roleGrid.getByRole('link', { name: 'Kiwi crèche chick weigh-in' })).toBeVisible();
  await expect(roleGrid.getByRole('link', { name: 'Saturday trap line walker' })).toBeVisible();
  // Exclusive to a workplace, or not approved: never in the public index.
  await expect(roleGrid.getByRole('link', { name: 'Tasman Engineering conservation day' })).toHaveCount(0);
  await expect(roleGrid.getByRole('link', { name: 'Kiwi call count night' })).toHaveCount(0);
  await expect(roles.getByRole('link', { name: 'See more volunteering roles >' })).toHaveAttribute('href', '/nz/volunteering');

  const gifts = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'More Donations' }) });
  const giftGrid = gifts.getByRole('list', { name: 'Donations' });
  await expect(giftGrid.getByRole('link', { name: 'Feed a kiwi chick for a week' })).toBeVisible();
  await expect(giftGrid.getByRole('link', { name: 'Buy a predator trap' })).toBeVisible();
  await expect(giftGrid.getByRole('article').filter({ hasText: 'Where it is needed most' }).getByText('Area of greatest need')).toBeVisible();
  // Only this charity's gifts.
  await expect(giftGrid.getByRole('link', { name: 'Fill a family food parcel' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/charity-grids.png', fullPage: true });

  await gifts.getByRole('link', { name: 'See more donations >' }).click();
  await expect(page).toHaveURL(/\/nz\/donating$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Donate' })).toBeVisible();
});

test('Donate in the main navigation lists the gifts, filtered by cause and price', async ({ page }) => {
  await page.goto('/nz');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Spec 1 §1's order (consoles.spec.ts may have added a link of its own after them).
  await expect(nav.getByRole('link', { name: 'Donate' })).toBeVisible();
  expect((await nav.getByRole('link').allTextContents()).slice(0, 5)).toEqual(['Volunteer', 'Donate', 'Fundraise', 'Charities', 'Gift card']);
  await nav.getByRole('link', { name: 'Donate' }).click();
  await expect(page).toHaveURL(/\/nz\/donating$/);
  const grid = page.getByRole('list', { name: 'Donations' });
  await expect(grid.getByRole('link', { name: 'Feed a kiwi chick for a week' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Fill a family food parcel' })).toBeVisible();

  await page.getByLabel('Cause').selectOption('Hunger relief');
  await expect(page).toHaveURL(/\/nz\/donating\?cause=Hunger\+relief$/);
  await expect(grid.getByRole('link', { name: 'Fill a family food parcel' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Feed a kiwi chick for a week' })).toHaveCount(0);

  // $25 to $50: the $45 food parcel and the $30 breakfast, not the $15 fruit shelf.
  await page.getByLabel('Price').selectOption({ label: '$25 to $50' });
  await expect(grid.getByRole('link', { name: 'Fill a family food parcel' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Breakfast for a school class' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Stock the fresh fruit shelf' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/donating.png', fullPage: true });
});
