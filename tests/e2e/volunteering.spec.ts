import { expect, test, type Browser, type Page } from '@playwright/test';
import { logIn } from './support';

/**
 * Volunteering end to end, as people would do it: the charity admin adds a role and the back office approves it; a
 * member finds it, signs in on the way and applies as a team of 3; a teammate answers Going; the charity accepts
 * and completes the application and gives its feedback; the member gives theirs; the header's volunteered hours go up.
 */
const PASSWORD = 'Koha-demo-2026!';
const SAM = { email: 'sam.tane@kiwicoastrescue.org.nz', name: 'Sam Tane' };
const ALEX = { email: 'alex.morgan@koha.nz', name: 'Alex Morgan' };
const DANA = { email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' };
const WIREMU = { email: 'wiremu.parata@tasman-engineering.co.nz', name: 'Wiremu Parata' };
const GRACE = 'grace.liu@tasman-engineering.co.nz';

async function signedIn(browser: Browser, who: { email: string; name: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, { email: who.email, password: PASSWORD });
  await expect(page.getByRole('button', { name: new RegExp(who.name) })).toBeVisible();
  return page;
}

/** The header's 'hours volunteered' figure. */
async function headerHours(page: Page): Promise<number> {
  const figure = page.getByLabel('Site-wide stats').locator('div').filter({ hasText: 'hours volunteered' }).locator('dd');
  await expect(figure).toBeVisible();
  return Number((await figure.innerText()).replace(/[^\d]/g, ''));
}

/** Today in Wellington, YYYY-MM-DD: the new role's one session runs all day today, so it can be applied for and completed now. */
const todayInNz = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('a team volunteers: apply, accept the invitation, accept, complete, feedback both ways, and the hours go up', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const title = `Dune restoration ${Date.now().toString(36)}`;
  const teamName = 'Dune Raiders';

  // The charity admin adds the role.
  const sam = await signedIn(browser, SAM);
  await sam.getByRole('button', { name: /Sam Tane/ }).click();
  await sam.getByRole('button', { name: 'Switch accounts' }).click();
  await sam.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Kiwi Coast Rescue/ }).click();
  await expect(sam).toHaveURL(/\/admin\/charity\/[^/]+\/dashboard$/);
  const consoleUrl = sam.url().replace(/\/dashboard$/, '');
  await sam.goto(`${consoleUrl}/volunteer-roles`);
  await sam.getByRole('button', { name: 'Add role' }).click();
  const form = sam.getByRole('form', { name: 'Add a volunteering role' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Plant spinifex and pīngao on the Ngunguru dunes with our rangers.');
  await form.getByLabel('Image address').fill('/media/charities/kiwi-coast-rescue/logo.svg');
  await form.getByLabel('Environment').check();
  await form.getByLabel('Gardening').check();
  await form.getByLabel('Suburb').fill('Ngunguru');
  await form.getByLabel('Latitude').fill('-35.6217');
  await form.getByLabel('Longitude').fill('174.5036');
  const session = form.getByRole('group', { name: 'Session 1' });
  await session.getByLabel('Date').fill(todayInNz());
  await session.getByLabel('Starts').fill('00:01');
  await session.getByLabel('Ends').fill('23:59');
  await session.getByLabel('Hours').fill('3');
  await form.getByLabel('Teams may apply').check();
  await form.getByLabel('Largest team, leader included').fill('5');
  await form.getByLabel('Contact e-mail').fill(SAM.email);
  await sam.screenshot({ path: 'test-results/volunteering-role-form.png', fullPage: true });
  await form.getByRole('button', { name: 'Add role' }).click();
  await expect(sam.getByText(`“${title}” was added. It is listed once the back office approves it.`)).toBeVisible();
  await expect(sam.getByRole('table', { name: 'Volunteer roles' }).getByRole('row', { name: new RegExp(title) })).toContainText('Proposed');

  // The back office approves it.
  const alex = await signedIn(browser, ALEX);
  await alex.goto('/admin/backoffice/volunteer-roles');
  await alex.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(alex.getByText(`“${title}” is approved and live.`)).toBeVisible();

  // A visitor finds it, chooses the session and signs in to go on.
  await page.goto('/nz');
  const hoursBefore = await headerHours(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Volunteer' }).click();
  await expect(page).toHaveURL(/\/nz\/volunteering$/);
  // The list comes from the volunteering index, which takes the approval in within seconds: look again until it has.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/volunteering-list.png', fullPage: true });
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The share bar's QR code downloads as a PNG made in the browser.
  const share = page.getByRole('region', { name: 'Share' });
  await share.getByRole('button', { name: 'QR code' }).click();
  await expect(share.getByRole('img', { name: `QR code for ${title}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Download QR' }).click();
  expect((await download).suggestedFilename()).toMatch(/^dune-restoration-[a-z0-9]+-qr\.png$/);
  const apply = page.getByRole('region', { name: 'Apply' });
  await apply.getByRole('radio').first().check();
  await apply.getByRole('button', { name: 'Next' }).click();
  await logIn(page, { email: DANA.email, password: PASSWORD });
  await expect(page.getByRole('button', { name: /Dana Whitfield/ })).toBeVisible();
  await apply.getByRole('button', { name: 'Next' }).click();

  // ... and applies as a team of 3.
  await apply.getByLabel(/My team/).check();
  await apply.getByLabel('Team name').fill(teamName);
  await apply.getByRole('button', { name: 'Add teammate' }).click();
  await apply.getByLabel('Teammate 1 e-mail').fill(WIREMU.email);
  await apply.getByLabel('Teammate 2 e-mail').fill(GRACE);
  await expect(apply.getByText(/Places needed: 3/)).toBeVisible();
  await apply.getByRole('button', { name: 'Next' }).click();
  await expect(apply.getByText(`Team “${teamName}” of 3`)).toBeVisible();
  await page.screenshot({ path: 'test-results/volunteering-apply.png', fullPage: true });
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(apply.getByText(`We’ve e-mailed your teammates an invitation to join “${teamName}”.`)).toBeVisible();

  // A teammate answers Going.
  const wiremu = await signedIn(browser, WIREMU);
  await wiremu.goto('/admin/user/volunteering/application');
  const invitations = wiremu.getByRole('table', { name: 'Team invitations' });
  await invitations.getByRole('button', { name: `Going with ${teamName}`, exact: true }).click();
  await expect(wiremu.getByText(`You’re going with “${teamName}”.`)).toBeVisible();

  // The charity accepts and completes the application, and gives its feedback (the role's only application).
  await sam.goto(`${consoleUrl}/volunteer-applications`);
  await sam.getByLabel('Role').selectOption({ label: title });
  const applications = sam.getByRole('table', { name: 'Applications' });
  await expect(applications.getByRole('row')).toHaveCount(2);
  await expect(applications).toContainText(DANA.email);
  await expect(applications).toContainText(`Team “${teamName}”`);
  await applications.getByRole('button', { name: /^Accept / }).click();
  await expect(sam.getByText(/was accepted\.$/)).toBeVisible();
  await applications.getByRole('button', { name: /^Complete / }).click();
  await sam.getByRole('form', { name: 'Mark as completed?' }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(sam.getByText(/application is completed\.$/)).toBeVisible();
  await applications.getByRole('button', { name: /^Give feedback / }).click();
  const charityFeedback = sam.getByRole('form', { name: /^Feedback on / });
  await charityFeedback.getByLabel('Rating').selectOption('5');
  await charityFeedback.getByLabel('Comment (optional)').fill('A great team: 40 plants in!');
  await charityFeedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(sam.getByText(/^Your feedback on .* was sent\.$/)).toBeVisible();
  await expect(applications).toContainText('Charity feedback given');
  await sam.screenshot({ path: 'test-results/volunteer-applications.png', fullPage: true });

  // The member gives theirs.
  await page.goto('/admin/user/volunteering/application');
  await page.getByRole('button', { name: `Give feedback ${title}` }).click();
  const feedback = page.getByRole('form', { name: `Feedback on ${title}` });
  await feedback.getByLabel('Rating').selectOption('5');
  await feedback.getByLabel('Would you volunteer with this charity again?').selectOption('Yes');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Applications' }).getByRole('row', { name: new RegExp(title) })).toContainText('Both feedbacks given');
  await page.screenshot({ path: 'test-results/my-volunteering.png', fullPage: true });

  // The completed hours reach the header's stats (through the hours event).
  await expect
    .poll(
      async () => {
        await page.goto('/nz');
        return headerHours(page);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(hoursBefore);
});

test('a recurring role shows its next meetings on its schedule: Saturdays, 8:00 am – 11:00 am in Whangārei', async ({ page }) => {
  await page.goto('/nz/charity/kiwi-coast-rescue/volunteering/saturday-trap-line-walker');
  await expect(page.getByRole('heading', { level: 1, name: 'Saturday trap line walker' })).toBeVisible();
  await expect(page.getByText(/^Every week on Saturday, 08:00–11:00, from /)).toBeVisible();
  const meetings = page.getByRole('region', { name: 'Next meetings' }).getByRole('listitem');
  await expect(meetings).toHaveCount(6);
  for (const text of await meetings.allInnerTexts()) expect(text).toMatch(/^Sat, .* 8:00\s?am – 11:00\s?am/);
  await expect(page.getByText('Volunteers apply once and come along to every meeting.', { exact: false })).toBeVisible();
  await page.screenshot({ path: 'test-results/recurring-role.png', fullPage: true });
});
