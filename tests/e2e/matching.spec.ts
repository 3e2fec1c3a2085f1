import { expect, test } from '@playwright/test';

/**
 * Spec 1 §2 "Gift page: campaigns for the gift, if any, are listed above it" and spec 2 §2 "Matching banner", given
 * the demo's campaign: Tasman Engineering matches its staff's gifts of "Feed a kiwi chick for a week".
 */
test.describe('matching campaigns on the gift page', () => {
  test('shows the seeded campaign’s rules above the gift, and ‘Dismiss notification’ hides it for the session', async ({ page }) => {
    await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    const heading = page.getByRole('heading', { name: 'Feed a kiwi chick for a week', level: 1 });
    await expect(heading).toBeVisible();
    const banner = page.getByRole('complementary', { name: 'Matching campaign: Kiwi chick match' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Tasman Engineering matches staff donations 100%, up to $500.00 per person, up to $10,000.00 in total.');
    // Above the gift.
    const [bannerBox, headingBox] = [await banner.boundingBox(), await heading.boundingBox()];
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headingBox!.y);
    // The purchase panel is untouched by it.
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');

    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$25.78');
    await expect(page.getByRole('complementary', { name: /Matching campaign/ })).toHaveCount(0);
  });
});
