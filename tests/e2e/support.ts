import { expect, type Page } from '@playwright/test';
import { DEFAULT_TRANSACTION_PROCESSING_FEES } from '@giving/shared/contracts/payment-gateway';
import { transactionFeeCents } from '@giving/shared/fees';
import { CARD_GATEWAY_API_KEY, CARD_GATEWAY_TRUST_API_KEY } from '../../tools/local/src/config';

/**
 * Holds the checkout's first payment-status answer a moment, so the processing modal can be read: a sandbox card
 * can be approved or declined before a test looks at the modal.
 */
export async function holdFirstPaymentStatus(page: Page, ms = 1500) {
  let held = false;
  await page.route('**/api/donations/payments/*/status', async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await route.continue();
  });
}

/**
 * Holds the payment's status look-ups until the test calls the answer, so the processing modal stays open for as
 * long as the test looks at it (a declined card otherwise closes it within a second, however slow the machine is).
 */
export async function holdPaymentStatusUntilReleased(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/donations/payments/*/status', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Addresses of the platform Playwright started (see playwright.config.ts). */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5100);
export const OUTBOX_URL = `http://localhost:${PORT_BASE + 70}`;
export const GATEWAY_URL = `http://127.0.0.1:${PORT_BASE + 10}`;

export interface Card {
  name: string;
  number: string;
  month: string;
  year: string;
  cvc: string;
}

export const card = (number: string): Card => ({ name: 'Jane Donor', number, month: '12', year: String((new Date().getFullYear() + 3) % 100), cvc: '123' });

/** Types into the gateway's hosted fields, which live in a frame on the gateway's own origin. */
export async function fillCard(page: Page, details: Card) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Name on Card').fill(details.name);
  await frame.getByLabel('Card Number').fill(details.number);
  await frame.getByLabel('Expiry Month').fill(details.month);
  await frame.getByLabel('Expiry Year').fill(details.year);
  await frame.getByLabel('CVC').fill(details.cvc);
}

export async function fillDonor(page: Page, donor: { firstName: string; lastName: string; email: string; receiptName?: string }) {
  await page.getByLabel('First Name').fill(donor.firstName);
  await page.getByLabel('Last Name').fill(donor.lastName);
  await page.getByLabel('Email').fill(donor.email);
  if (donor.receiptName) await page.getByLabel('Receipt Name').fill(donor.receiptName);
}

/** Waits for the receipt the donations service e-mails on DonationCompleted to reach the outbox. */
export async function receiptFor(email: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        found = messages[0];
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found as { subject: string; text: string };
}

/** The sandbox gateway's record of charges for one idempotency key (our tracking number). */
export async function chargesFor(trackingNumber: string): Promise<{ amount: number; currency: string; status: string }[]> {
  // nz payments are charged on the Trust's merchant account, au payments on the platform's: ask both.
  const charges = await Promise.all(
    [CARD_GATEWAY_API_KEY, CARD_GATEWAY_TRUST_API_KEY].map(async (secretKey) => {
      const response = await fetch(`${GATEWAY_URL}/v1/charges?idempotency_key=${encodeURIComponent(trackingNumber)}`, {
        headers: { authorization: `Bearer ${secretKey}` },
      });
      return ((await response.json()) as { data: { amount: number; currency: string; status: string }[] }).data;
    }),
  );
  return charges.flat();
}

/** The fee the donor covers on an nz card payment (1.9% + 30c on the local platform), as the checkout shows it. */
export const nzCardFee = (cardCents: number) => transactionFeeCents(cardCents, DEFAULT_TRANSACTION_PROCESSING_FEES.nz);

/** Signs in on the login modal (header Login) or the sign-in page (payroll and recurring go through /login/sso). */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'Log in to your Koha Account' })).toBeVisible();
  await page.getByLabel('Email Address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Log in to your Koha Account' })).toBeHidden();
}
