import { expect, test } from '@playwright/test';

// A phone's viewport: integrators read the reference there too (the page must never be wider than the screen).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Issue 17 item 8: the API reference, from the running API's own /api/openapi.json. */
test('an integrator on a phone reads the payment call: who may call it, its body, its answer and errors', async ({ page }) => {
  await page.goto('/developers/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download the OpenAPI 3\.1 document/ })).toHaveAttribute('href', '/api/openapi.json');
  const donations = page.getByRole('region', { name: 'donations' });
  const payment = donations.locator('details').filter({ has: page.getByText('/donations/payments', { exact: true }) }).filter({ hasText: 'POST' });
  await payment.locator('summary').click();
  await expect(payment.getByRole('heading', { level: 3, name: 'Request body' })).toBeVisible();
  await expect(payment).toContainText('Public: no sign-in needed.');
  await expect(payment).toContainText('Idempotency-Key (header, required)');
  await expect(payment).toContainText('CreatePaymentRequest');
  await expect(payment).toContainText('202 Success.');
  await expect(payment).toContainText('429 Past a rate limit');
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, 'the reference is wider than the phone').toBeLessThanOrEqual(0);
  await payment.screenshot({ path: 'test-results/api-reference-payment-phone.png' });

  await page.getByRole('searchbox', { name: 'Filter by path, words or permission' }).fill('Charity_MemberView');
  await expect(page.getByRole('region', { name: 'donations' })).toHaveCount(0);
  const members = page
    .getByRole('region', { name: 'accounts' })
    .locator('details')
    .filter({ has: page.getByText('/accounts/charity/{charityId}/members', { exact: true }) })
    .filter({ hasText: 'GET' });
  await members.locator('summary').click();
  await expect(members).toContainText('Needs any of these permissions in the charity named by {charityId}: Charity_MemberView.');
});
