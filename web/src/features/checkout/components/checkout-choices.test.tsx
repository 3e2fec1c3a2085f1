import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RETURN_COOKIE } from '../../../lib/return-path';
import { resetSessionForTests, setLoginHandler, type LoginRequest } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER, aGift } from '../../../testing/fixtures';
import { loadCheckoutState } from '../saved-checkout-state';
import { GIFT_PATH, donateButton, field, renderCheckout } from '../testing';
import { MONTHLY_SIGN_IN_HINT } from './payment-method-choice';

afterEach(() => {
  act(() => resetSessionForTests());
  document.cookie = `${RETURN_COOKIE}=; Max-Age=0; Path=/`;
});

const monthly = () => within(screen.getByRole('group', { name: 'How often' })).getByLabelText('Monthly');

describe('CheckoutForm: saved checkout state (spec §3)', () => {
  it('keeps the donor’s choices for this gift in the tab and starts from them next time', async () => {
    const fetch = installFetchFake();
    const first = await renderCheckout(fetch);
    await first.user.clear(field('Donation Amount'));
    await first.user.type(field('Donation Amount'), '35');
    await first.user.clear(field('Quantity'));
    await first.user.type(field('Quantity'), '3');
    await first.user.type(screen.getByPlaceholderText('Message'), 'For the lunches');
    await first.user.click(screen.getByLabelText('Donate Anonymously'));

    await waitFor(() => expect(loadCheckoutState(aGift().id)).toMatchObject({ donationAmount: '35', quantity: '3', message: 'For the lunches', isAnonymous: true }));
    first.unmount();

    await renderCheckout(fetch);
    expect(field('Donation Amount').value).toBe('35');
    expect(field('Quantity').value).toBe('3');
    expect((screen.getByPlaceholderText('Message') as HTMLTextAreaElement).value).toBe('For the lunches');
    expect((screen.getByLabelText('Donate Anonymously') as HTMLInputElement).checked).toBe(true);
  });

  it('never keeps names, e-mail or anything of the card', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch);
    await user.type(field('First Name'), 'Aroha');
    await user.type(field('Email'), 'aroha@example.co.nz');

    await waitFor(() => expect(loadCheckoutState(aGift().id)).toBeDefined());
    const stored = JSON.stringify(window.sessionStorage);
    expect(stored).not.toContain('Aroha');
    expect(stored).not.toContain('aroha@example.co.nz');
  });

  it('is cleared when the payment completes', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/donations/payments', json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await user.type(field('First Name'), 'Aroha');
    await user.type(field('Last Name'), 'Ngata');
    await user.type(field('Email'), 'aroha@example.co.nz');
    await waitFor(() => expect(loadCheckoutState(aGift().id)).toBeDefined());

    await user.click(donateButton());

    await screen.findByRole('heading', { name: /thank you/i });
    expect(loadCheckoutState(aGift().id)).toBeUndefined();
  });
});

describe('CheckoutForm: monthly giving for a guest (spec §4 "Recurring while not logged in")', () => {
  it('saves the form, sets the 60-second return cookie and asks to sign in, coming back to this page', async () => {
    const fetch = installFetchFake();
    const logins: LoginRequest[] = [];
    setLoginHandler((request) => logins.push(request));
    const { user } = await renderCheckout(fetch);
    await user.clear(field('Donation Amount'));
    await user.type(field('Donation Amount'), '25');

    await user.click(monthly());

    expect(logins).toEqual([{ returnTo: GIFT_PATH, reason: 'recurring' }]);
    expect(document.cookie).toContain(`${RETURN_COOKIE}=${encodeURIComponent(GIFT_PATH)}`);
    expect(loadCheckoutState(aGift().id)).toMatchObject({ donationAmount: '25', isRecurring: true, paymentType: 'CARD' });
    expect(screen.getByText(MONTHLY_SIGN_IN_HINT)).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });
});
