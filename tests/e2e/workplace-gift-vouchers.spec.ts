import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { expectNoAxeViolations } from './a11y';
import { OUTBOX_URL, card, chargesFor, fillCard, logIn } from './support';

/**
 * Workplace gift vouchers (issue 15 item 9), as Tasman Engineering's admin buys them: a voucher each for the
 * Wellington office (Wiremu) and someone pasted by address, one card payment, then both in the console's list with
 * their balances.
 */
const GRACE = { email: 'grace.liu@tasman-engineering.co.nz', password: 'Koha-demo-2026!' };
const WIREMU = 'wiremu.parata@tasman-engineering.co.nz';

/** The subjects of the mail an address has been sent, once there is some. */
async function subjectsFor(email: string): Promise<string[]> {
  let subjects: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
        subjects = ((await response.json()) as { messages: { subject: string }[] }).messages.map((message) => message.subject);
        return subjects.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return subjects;
}

test('a workplace admin buys a voucher each for a business unit and a pasted address, then sees both with their balances', async ({ page }) => {
  const hine = `hine.walker.${Date.now()}@example.com`;
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, GRACE);
  await page.getByRole('button', { name: /Grace Liu/ }).click();
  await page.getByRole('button', { name: 'Switch accounts' }).click();
  await page.getByRole('list', { name: 'Your charities and workplaces' }).getByRole('link', { name: /Tasman Engineering/ }).click();
  await page.getByRole('navigation', { name: 'Workplace admin' }).getByRole('link', { name: 'Gift Vouchers', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/workplace\/[^/]+\/gift-vouchers$/);
  await expect(page.getByRole('heading', { name: 'Gift Vouchers', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Buy vouchers' }).click();
  const form = page.getByRole('form', { name: 'Buy vouchers' });
  await form.getByLabel('Add from your workplace').selectOption({ label: 'Wellington (1 person)' });
  await form.getByRole('button', { name: 'Add Wellington' }).click();
  await expect(form.getByText('Added 1 person from Wellington.')).toBeVisible();
  await form.getByLabel('E-mail addresses').fill(`Hine Walker <${hine}>`);
  await form.getByRole('button', { name: 'Add to the list' }).click();
  await expect(form.getByLabel('Email of person 1')).toHaveValue(WIREMU);
  await expect(form.getByLabel('Name of person 1')).toHaveValue('Wiremu Parata');
  await expect(form.getByLabel('Email of person 2')).toHaveValue(hine);
  await expect(form.getByLabel('Name of person 2')).toHaveValue('Hine Walker');
  await expect(form.getByText('2 people in the list.')).toBeVisible();

  await form.getByRole('button', { name: '$20', exact: true }).click();
  await form.getByLabel('Voucher Value').fill('25');
  await form.getByLabel('Message to everyone').fill('Thank you for a great year.');
  await fillCard(page, card(TEST_CARDS.approve));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/workplace-gift-vouchers-order.png', fullPage: true });
  await form.getByRole('button', { name: 'Buy 2 vouchers for $50.00' }).click();

  await expect(page.getByText('Payment received. The voucher codes are on their way to 2 people by e-mail; their vouchers are in the list below.')).toBeVisible({ timeout: 30_000 });
  await expect(form).toHaveCount(0);
  const list = page.getByRole('table', { name: 'Gift vouchers' });
  const hineRow = list.getByRole('row', { name: new RegExp(hine.replace(/\./g, '\\.')) });
  await expect(hineRow).toBeVisible();
  await expect(hineRow.getByRole('cell')).toHaveText(['$25.00', '$25.00', 'Active', /^\d{1,2} \w{3} \d{4}$/, /^\d{1,2} \w{3} \d{4}Order [0-9A-HJKMNP-TV-Z]{26}by Grace Liu$/]);
  const order = /Order ([0-9A-HJKMNP-TV-Z]{26})/.exec((await hineRow.getByRole('cell').last().textContent()) ?? '')?.[1] ?? '';
  const wiremuRow = list.getByRole('row').filter({ hasText: WIREMU }).filter({ hasText: order });
  await expect(wiremuRow.getByRole('cell')).toHaveText(['$25.00', '$25.00', 'Active', /\d/, new RegExp(`Order ${order}by Grace Liu$`)]);
  await expect(hineRow.getByRole('rowheader')).toHaveText(`Hine Walker${hine}`);
  await page.screenshot({ path: 'test-results/workplace-gift-vouchers-list.png', fullPage: true });

  // One charge for both, and each person's code by e-mail.
  expect(await chargesFor(order)).toEqual([expect.objectContaining({ amount: 5000, currency: 'nzd', status: 'succeeded' })]);
  expect(await subjectsFor(hine)).toContain('Tasman Engineering sent you a Koha gift voucher');
});
