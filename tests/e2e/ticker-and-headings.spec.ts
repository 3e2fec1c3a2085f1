import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';

/**
 * Issue 12, items 3, 6 and 7: the moving ticker can be paused, is one tab stop for its items, has a close button
 * the sticky header never covers, and holds its place before its data arrives; headings go in order on every
 * public page. At a phone's size and a desktop's.
 */
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const TICKER_PAGES = { home: '/nz', 'a charity page': '/nz/charity/kiwi-coast-rescue' };
const PUBLIC_PAGES = {
  ...TICKER_PAGES,
  charities: '/nz/charities',
  'the gift page': '/nz/kiwi-coast-rescue/feed-a-kiwi-chick',
  'gift vouchers': '/nz/charity/gift-vouchers/new-voucher',
  volunteering: '/nz/volunteering',
  'a volunteering role': '/nz/charity/kiwi-coast-rescue/volunteering/saturday-trap-line-walker',
  'a page that does not exist': '/nz/no-such-page/here/either',
};

const AXE_PAGES = { ...TICKER_PAGES, volunteering: '/nz/volunteering' };

const ticker = (page: Page) => page.getByRole('region', { name: 'Recent activity' });

/** What has focus, described well enough to tell the ticker's controls and links apart. */
// (Browser-side code is given as text: the tests' TypeScript has no DOM types, as in the other specs.)
const focused = (page: Page) =>
  page.evaluate<{ inTicker: boolean; tag: string; name: string }>(`(() => {
    const element = document.activeElement;
    return { inTicker: Boolean(element?.closest('section[aria-label="Recent activity"]')), tag: element?.tagName ?? '', name: element?.getAttribute('aria-label') ?? element?.textContent ?? '' };
  })()`);

/** The track's own animation: its play state, and where it is now. */
const trackAnimation = (page: Page) =>
  page.evaluate<{ playState?: string; computed: string; time: number }>(`(() => {
    const track = document.querySelector('section[aria-label="Recent activity"] ul').parentElement;
    const [animation] = track.getAnimations();
    return { playState: animation?.playState, computed: getComputedStyle(track).animationPlayState, time: Number(animation?.currentTime ?? 0) };
  })()`);

const blur = (page: Page) => page.evaluate('document.activeElement?.blur()');

/** True when the point at the centre of the locator's box is the element or inside it (nothing covers it). */
async function uncovered(page: Page, selector: string) {
  return page.evaluate<boolean>(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(hit && element.contains(hit));
  })()`);
}

for (const [sizeName, viewport] of Object.entries(SIZES)) {
  test.describe(`at a ${sizeName}'s size`, () => {
    test.use({ viewport });

    for (const [pageName, path] of Object.entries(TICKER_PAGES)) {
      test(`${pageName}: the ticker holds its place, is paused by its button, is one tab stop, and its close button is big enough and never covered`, async ({ page }) => {
        // The ticker's data arrives late: nothing below it may move when it does (item 3).
        await page.route('**/api/accounts/site/recent*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.goto(path);
        const main = page.getByRole('main');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(ticker(page)).toHaveCount(0);
        const before = (await main.boundingBox())!.y;
        await expect(ticker(page)).toBeVisible();
        expect((await main.boundingBox())!.y).toBe(before);

        // Pause (WCAG 2.2.2): the track stops once the pointer and focus are elsewhere, and moves again on Play.
        await ticker(page).getByRole('button', { name: 'Pause recent activity' }).click();
        await page.mouse.move(5, viewport.height - 5);
        await blur(page);
        const paused = await trackAnimation(page);
        expect(paused).toMatchObject({ playState: 'paused', computed: 'paused' });
        await page.waitForTimeout(300);
        expect((await trackAnimation(page)).time).toBe(paused.time);
        await ticker(page).getByRole('button', { name: 'Play recent activity' }).click();
        await page.mouse.move(5, viewport.height - 5);
        await blur(page);
        expect(await trackAnimation(page)).toMatchObject({ playState: 'running', computed: 'running' });

        // One tab stop for the items: Tab through the page from the top and list what stops in the ticker.
        const linkCount = await ticker(page).getByRole('link').count();
        expect(linkCount).toBeGreaterThanOrEqual(3);
        await page.getByRole('link', { name: 'Skip to main content' }).focus();
        const stops: { tag: string; name: string }[] = [];
        let entered = false;
        for (let presses = 0; presses < 40; presses += 1) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          if (now.inTicker) {
            entered = true;
            stops.push({ tag: now.tag, name: now.name });
          } else if (entered) break;
        }
        expect(stops.map((stop) => stop.tag)).toEqual(['BUTTON', 'A', 'BUTTON']);
        expect(stops[0]!.name).toBe('Pause recent activity');
        expect(stops[2]!.name).toBe('Dismiss recent activity');
        // Arrow keys reach the other items, and the item with focus is in view.
        await ticker(page).getByRole('link').first().focus();
        await page.keyboard.press('End');
        const last = ticker(page).getByRole('list').first().getByRole('link').last();
        await expect(last).toBeFocused();
        await expect(last).toBeInViewport();

        // The close button: at least 24 x 24 CSS px (WCAG 2.5.8), not covered by the sticky header, scrolled or not.
        const close = '[aria-label="Dismiss recent activity"]';
        const box = (await page.locator(close).boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
        expect(await uncovered(page, close)).toBe(true);
        // Scrolled until the button is under the header, then focused: the page scrolls it out from under the header
        // (WCAG 2.4.11), as it does for whatever is focused or scrolled to.
        await page.evaluate(`(() => {
          document.documentElement.style.minHeight = '3000px';
          window.scrollTo(0, document.querySelector(${JSON.stringify(close)}).getBoundingClientRect().top + window.scrollY - 10);
        })()`);
        expect(await uncovered(page, close)).toBe(false);
        await page.locator(close).focus();
        expect(await uncovered(page, close)).toBe(true);
        await page.screenshot({ path: `test-results/ticker-${sizeName}-${pageName.replace(/ /g, '-')}.png` });

        await page.locator(close).click();
        await expect(ticker(page)).toHaveCount(0);
      });
    }

    test('under prefers-reduced-motion the ticker never moves, keeps its height, and has no pause button to need', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/nz');
      await expect(ticker(page)).toBeVisible();
      expect((await trackAnimation(page)).playState).toBeUndefined();
      await expect(ticker(page).getByRole('button', { name: 'Pause recent activity' })).toBeHidden();
      expect((await ticker(page).boundingBox())!.height).toBe(40);
      await page.screenshot({ path: `test-results/ticker-reduced-motion-${sizeName}.png` });
    });

    test('axe finds nothing on home, a charity page and volunteering, the ticker showing and then paused', async ({ page }) => {
      for (const path of Object.values(AXE_PAGES)) {
        await page.goto(path);
        await expect(ticker(page)).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await ticker(page).getByRole('button', { name: 'Pause recent activity' }).click();
        await expectNoAxeViolations(page, { include: 'section[aria-label="Recent activity"]' });
      }
    });

    test('headings go in order on every public page: one h1 first, then never a level skipped', async ({ page }) => {
      for (const [pageName, path] of Object.entries(PUBLIC_PAGES)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The page's sections and cards have arrived (each list shows its cards or says it is empty).
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        const levels = await page.evaluate<number[]>("[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName.slice(1)))");
        expect(levels[0], `${pageName} starts with its h1`).toBe(1);
        expect(levels.filter((level) => level === 1), `${pageName} has one h1`).toHaveLength(1);
        levels.forEach((level, index) => {
          if (index > 0) expect(level, `${pageName}: heading ${index + 1} (h${level}) after an h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
        });
      }
    });
  });
}
