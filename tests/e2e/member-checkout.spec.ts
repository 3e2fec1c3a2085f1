import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { OUTBOX_URL, card, chargesFor, fillCard, nzCardFee } from './support';

/** Demo sign-in seeded by the local platform (tools/local/src/seed/data.ts). */
const DANA = { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', name: 'Dana Whitfield' };

test.describe('a signed-in donor gives to a gift', () => {
  test('Dana logs in, gives without typing her names or e-mail, and sees the thank-you page', async ({ page }) => {
    await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    await expect(page.getByRole('heading', { name: 'Feed a kiwi chick for a week', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to your Koha Account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email Address').fill(DANA.email);
    await dialog.getByLabel('Password').fill(DANA.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();

    // Spec §6: logged-in donors skip e-mail and names; the form says who is giving and starts the receipt name at hers.
    await expect(page.getByText(`Giving as ${DANA.name} (${DANA.email})`)).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveCount(0);
    await expect(page.getByLabel('Last Name')).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Receipt Name')).toHaveValue(DANA.name);

    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/donations/me/payments'));
    await fillCard(page, card(TEST_CARDS.approve));
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    const request = await posted;
    expect(request.postDataJSON()).not.toHaveProperty('donor');
    expect(request.headers().authorization).toMatch(/^Bearer /);

    await expect(page).toHaveURL(/\/nz\/thankyou$/, { timeout: 30_000 });
    await expect(page.getByText('Kiwi Coast Rescue').first()).toBeVisible();
    const reference = (await page.getByText(/^[0-9A-HJKMNP-TV-Z]{26}$/).textContent()) ?? '';
    expect(await chargesFor(reference)).toEqual([expect.objectContaining({ amount: 2500 + nzCardFee(2500), currency: 'nzd', status: 'succeeded' })]);

    // The receipt goes to the e-mail her sign-in carries, addressed to her receipt name.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(DANA.email)}`);
          const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
          return messages.find((message) => message.text.includes(reference))?.text ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain(`Dear ${DANA.name},`);
  });
});
