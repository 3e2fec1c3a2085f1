import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { TRANSACTION_FEE_CHANGED_MESSAGE } from '@giving/shared/contracts/payment-gateway';
import { aGift, paymentGateways, TRACKING_NUMBER } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { GIFT_PATH, donateButton, errorOf, field, renderCheckout } from '../testing';
import { typeWhenFocused } from '../../../testing/typing';
import { CARD_FORM_UNAVAILABLE } from '../../../lib/card-errors';
import { CheckoutForm } from './checkout-form';

type User = Awaited<ReturnType<typeof renderCheckout>>['user'];

async function fillDonor(user: User) {
  await user.type(field('First Name'), 'Aroha');
  await user.type(field('Last Name'), 'Ngata');
  await user.type(field('Email'), 'aroha@example.co.nz');
}

/** A gift without a price ('Area of greatest need'): the donor chooses the amount (spec §2). */
const areaOfNeed = () => aGift({ title: 'Area of greatest need', price: { cents: 0, currency: 'NZD' } });
const quickPick = (name: string) => within(screen.getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name });
const total = () => screen.getByRole('status', { name: 'Total' });
const fee = () => screen.getByRole('status', { name: 'Transaction fee' });

describe('CheckoutForm', () => {
  it('shows the spec’s messages under each field and focuses the first wrong one', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch);

    await user.click(donateButton());

    await waitFor(() => expect(errorOf(field('First Name'))).toBe(MESSAGES.requiredField));
    expect(errorOf(field('Last Name'))).toBe('Required Field!');
    expect(errorOf(field('Email'))).toBe('Required Field!');
    expect(errorOf(field('Receipt Name'))).toBe('Required Field!');
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('First Name'));
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });

  it('moves focus once per press: a donor typing at once in the first wrong field keeps it', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch);
    // The donor starts typing the moment First Name takes focus: their name makes it right.
    typeWhenFocused(field('First Name'), 'Kiri');

    await user.click(donateButton());

    await waitFor(() => expect(errorOf(field('Last Name'))).toBe('Required Field!'));
    await waitFor(() => expect(errorOf(field('First Name'))).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field('First Name'));
    expect(field('First Name')).toHaveProperty('value', 'Kiri');
  });

  it('the first Donate with the form and the card both empty has the card fields show their errors too', async () => {
    const fetch = installFetchFake();
    const { user, gateway } = await renderCheckout(fetch);

    await user.click(donateButton());

    await waitFor(() => expect(errorOf(field('First Name'))).toBe('Required Field!'));
    expect(gateway.validateRequests()).toHaveLength(1);
    expect(gateway.tokeniseRequests()).toHaveLength(0);
  });

  it('says Invalid Email!, Invalid Amount! and Invalid Input! for bad values', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });

    await user.type(field('Email'), 'not-an-email');
    await user.clear(field('Donation Amount'));
    await user.type(field('Donation Amount'), '0.99');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '0');
    await user.tab();

    await waitFor(() => expect(errorOf(field('Email'))).toBe('Invalid Email!'));
    expect(errorOf(field('Donation Amount'))).toBe('Invalid Amount!');
    expect(errorOf(field('Quantity'))).toBe('Invalid Input!');
    // Spec §5: submit is disabled while a card payment has form errors; aria-disabled, so it stays in the tab order.
    expect(donateButton().getAttribute('aria-disabled')).toBe('true');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);

    // After a submit, fields re-validate as the donor types (validation is asynchronous).
    await user.clear(field('Donation Amount'));
    await waitFor(() => expect(errorOf(field('Donation Amount'))).toBe('Invalid Amount!'));
    await user.type(field('Donation Amount'), '1');
    await waitFor(() => expect(errorOf(field('Donation Amount'))).toBeUndefined());
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '1.5');
    await waitFor(() => expect(errorOf(field('Quantity'))).toBe('Invalid Input!'));
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'dana@example.com');
    await user.tab();
    await waitFor(() => expect(donateButton().hasAttribute('aria-disabled')).toBe(false));
  });

  it('pressing Donate while it shows the form has errors moves focus to the first one and pays nothing', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch);
    await fillDonor(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.clear(field('Receipt Name'));
    await user.tab();
    await waitFor(() => expect(donateButton().getAttribute('aria-disabled')).toBe('true'));

    // Reached by keyboard, as a keyboard user would: it is still in the tab order.
    donateButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });

  it('lets number fields take only digits, ".", "e", "E", "+" and "-"', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });

    await user.clear(field('Donation Amount'));
    await user.type(field('Donation Amount'), '1a2,b.5$0');
    expect(field('Donation Amount').value).toBe('12.50');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2x,$');
    expect(field('Quantity').value).toBe('2');
  });

  it('sells a priced gift at its price: the amount is read-only, no quick picks, the total is price x quantity + the card fee', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { gift: aGift({ price: { cents: 2500, currency: 'NZD' } }) });

    expect(field('Donation Amount').value).toBe('25.00');
    expect(field('Donation Amount').readOnly).toBe(true);
    expect(field('Quantity').value).toBe('1');
    expect(screen.queryByRole('group', { name: 'Quick amounts' })).toBeNull();
    // nz card payments: 1.9% + 30c, which the donor covers.
    expect(fee().textContent).toBe('$0.78');
    expect(total().textContent).toBe('$25.78');

    await user.type(field('Donation Amount'), '9');
    expect(field('Donation Amount').value).toBe('25.00');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '3');
    expect(fee().textContent).toBe('$1.73');
    expect(total().textContent).toBe('$76.73');
    // The spinner's buttons step the quantity (spec 2 §5).
    await user.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    expect(field('Quantity').value).toBe('4');
    expect(total().textContent).toBe('$102.20');
  });

  it('a gift without a price takes the amount the donor chooses: quick picks set it, and the total is amount x quantity + the card fee', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });

    expect(field('Donation Amount').readOnly).toBe(false);
    expect(within(screen.getByRole('group', { name: 'Quick amounts' })).queryAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Quick amounts' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '$10',
      '$20',
      '$50',
      '$100',
      '$200',
    ]);

    await user.click(quickPick('$50'));
    expect(field('Donation Amount').value).toBe('50.00');
    expect(quickPick('$50').getAttribute('aria-pressed')).toBe('true');
    expect(quickPick('$20').getAttribute('aria-pressed')).toBe('false');

    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '3');
    expect(fee().textContent).toBe('$3.15');
    expect(total().textContent).toBe('$153.15');

    await user.clear(field('Donation Amount'));
    expect(total().textContent).toBe('—');
  });

  it('starts at $10 when the gift has no price', async () => {
    const fetch = installFetchFake();
    await renderCheckout(fetch, { gift: areaOfNeed() });
    expect(field('Donation Amount').value).toBe('10.00');
    expect(quickPick('$10').getAttribute('aria-pressed')).toBe('true');
  });

  it('suggests the receipt name from first and last name until the donor edits it, and trims names on blur', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch);

    await user.type(field('First Name'), '  Aroha ');
    await user.tab();
    expect(field('First Name').value).toBe('Aroha');
    expect(field('Receipt Name').value).toBe('');
    await user.type(field('Last Name'), 'Ngata');
    expect(field('Receipt Name').value).toBe('Aroha Ngata');

    await user.clear(field('Receipt Name'));
    await user.type(field('Receipt Name'), ' The Ngata Whānau ');
    await user.tab();
    expect(field('Receipt Name').value).toBe('The Ngata Whānau');
    await user.type(field('Last Name'), '-Smith');
    expect(field('Receipt Name').value).toBe('The Ngata Whānau');
  });

  it('disables Donate while the card is tokenised and while the payment is sent', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/donations/payments', () => new Promise<Response>(() => undefined));
    const { user, gateway } = await renderCheckout(fetch);
    await fillDonor(user);

    gateway.replyNext({ event: 'silent' });
    await user.click(donateButton());
    await waitFor(() => expect(gateway.tokeniseRequests()).toHaveLength(1));
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Donate disabled behind the processing modal while the payment request is open', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/donations/payments', () => new Promise<Response>(() => undefined));
    const { user } = await renderCheckout(fetch);
    await fillDonor(user);

    await user.click(donateButton());
    expect(await screen.findByRole('dialog', { name: 'Payment Processing' })).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Donate', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps Donate enabled and moves focus into the card frame when the card details are invalid', async () => {
    const fetch = installFetchFake();
    const { user, gateway } = await renderCheckout(fetch);
    await fillDonor(user);

    gateway.replyNext({ event: 'invalid', errors: { number: 'Invalid Card Number!' } });
    await user.click(donateButton());

    await waitFor(() => expect((donateButton() as HTMLButtonElement).disabled).toBe(false));
    expect(document.activeElement).toBe(screen.getByTitle('Card details'));
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the card gateway’s error above Donate', async () => {
    const fetch = installFetchFake();
    const { user, gateway } = await renderCheckout(fetch);
    await fillDonor(user);

    gateway.replyNext({ event: 'error', message: 'The payment provider is unavailable. Please try again shortly.' });
    await user.click(donateButton());

    expect((await screen.findByRole('alert')).textContent).toBe('The payment provider is unavailable. Please try again shortly.');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the API’s field errors under their fields and the rest above Donate', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'POST',
      '/api/donations/payments',
      problem(400, {
        title: 'Your request has invalid fields.',
        code: 'ValidationFailed',
        errors: [
          { field: 'body.donor.email', message: 'Invalid Email!' },
          { field: 'body.card.token', message: 'Invalid card token.' },
        ],
      }),
    );
    const { user } = await renderCheckout(fetch);
    await fillDonor(user);

    await user.click(donateButton());

    await waitFor(() => expect(errorOf(field('Email'))).toBe('Invalid Email!'));
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid card token.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('First Name').value).toBe('Aroha');
  });

  it('sends the gift payment in cents with an idempotency key', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/donations/payments', json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });
    await fillDonor(user);
    await user.clear(field('Donation Amount'));
    await user.type(field('Donation Amount'), '12.5');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2');
    await user.type(screen.getByPlaceholderText('Message'), '  Kia kaha  ');
    await user.click(screen.getByLabelText('Donate Anonymously'));

    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(1));
    const [post] = fetch.callsTo('POST', '/api/donations/payments');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      pageType: 'GIFT',
      country: 'nz',
      giftId: aGift().id,
      donationAmount: 1250,
      quantity: 2,
      supportingAmount: 0,
      // $25.00 by card in nz: 1.9% + 30c, shown to the donor and checked by the API.
      transactionFeeCents: 78,
      paymentType: 'CARD',
      isRecurring: false,
      message: 'Kia kaha',
      isAnonymous: true,
      receiptName: 'Aroha Ngata',
      donor: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.co.nz' },
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });
  });

  it('frames nz card fields with the Trust account’s client key (the card is encrypted in the frame)', async () => {
    const fetch = installFetchFake();
    await renderCheckout(fetch);
    const src = new URL((screen.getByTitle('Card details') as HTMLIFrameElement).src);
    expect(src.searchParams.get('clientKey')).toBe('ck_test_trust_nz');
    expect(src.searchParams.has('publishableKey')).toBe(false);
  });

  it('when the API says the fee changed, shows its message and the new fee, and pays with it on the next press', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { gift: aGift({ price: { cents: 2500, currency: 'NZD' } }) });
    fetch.sequence('POST', '/api/donations/payments', [
      () =>
        problem(409, {
          title: 'Conflict',
          code: 'Conflict',
          detail: TRANSACTION_FEE_CHANGED_MESSAGE,
          errors: [{ field: 'body.transactionFeeCents', message: TRANSACTION_FEE_CHANGED_MESSAGE }],
        }),
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    // The rates went up to 2% + 30c since the page loaded.
    fetch.on('GET', '/api/donations/payment-gateway?country=nz', json(200, { ...paymentGateways.nz, transactionProcessingFees: { percentBasisPoints: 200, fixedCents: 30 } }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { paymentProcessingStatus: 'Processing', messages: [] }));
    await fillDonor(user);

    await user.click(donateButton());

    expect(await screen.findByText(TRANSACTION_FEE_CHANGED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(fee().textContent).toBe('$0.80'));
    expect(total().textContent).toBe('$25.80');
    await user.click(donateButton());
    await waitFor(() => expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(2));
    expect((fetch.callsTo('POST', '/api/donations/payments')[1]?.body as { transactionFeeCents: number }).transactionFeeCents).toBe(80);
  });

  it('says the card form is unavailable when the runtime config cannot be loaded', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, { cardGatewayUrl: 'not a url' }));
    const { user } = renderWithRouter(<CheckoutForm target={{ pageType: 'GIFT', gift: aGift() }} country="nz" />, { path: GIFT_PATH, userOptions: { delay: null } });

    expect((await screen.findByRole('alert')).textContent).toBe(CARD_FORM_UNAVAILABLE);
    expect(screen.queryByTitle('Card details')).toBeNull();
    await fillDonor(user);
    await user.click(donateButton());
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([CARD_FORM_UNAVAILABLE, CARD_FORM_UNAVAILABLE]));
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });
});
