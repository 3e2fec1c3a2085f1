import { expect, test } from '@playwright/test';
import { E2E_CHROMIUM } from './platform-dirs';
import { GATEWAY_URL } from './support';

/**
 * Issue 12 (the gift page's main thread): the card gateway's fields are on another site than the page, as a real
 * gateway's domain is, so Chromium runs their frame in a renderer process of its own (an out-of-process iframe). On the
 * same site (localhost and localhost:another port) the frame's loading, layout and paint ran on the page's own main
 * thread, in tasks long enough to count against Total Blocking Time.
 */
// The other browser tests keep frames in the page's process (playwright.config.ts says why); this one has Chromium's
// own site isolation, as a visitor's browser does.
test.use({ launchOptions: E2E_CHROMIUM });

test("the card fields' frame runs in its own renderer process, off the page's main thread", async ({ page }) => {
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Name on Card')).toBeVisible();
  expect(new URL(GATEWAY_URL).hostname).not.toBe(new URL(page.url()).hostname);

  const cdp = await page.context().newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const frames = targetInfos.filter((target) => target.type === 'iframe');
  expect(frames.map((frame) => new URL(frame.url).origin)).toContain(GATEWAY_URL);
});
