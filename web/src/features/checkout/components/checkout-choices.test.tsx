import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RETURN_COOKIE } from '../../../lib/return-path';
import { resetSessionForTests, setIdTokenProvider, setLoginHandler, setSession, type LoginRequest } from '../../../lib/session';
import { VOUCHER_BALANCE_CHANGED_SINCE_APPLIED } from '@giving/shared/contracts/voucher-codes';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER, aGift } from '../../../testing/fixtures';
import { loadCheckoutState, saveCheckoutState } from '../saved-checkout-state';
import { GIFT_PATH, donateButton, errorOf, field, renderCheckout } from '../testing';
import { MONTHLY_LOG_IN, MONTHLY_SIGN_IN_HINT } from './payment-method-choice';

afterEach(() => {
  act(() => resetSessionForTests());
  document.cookie = `${RETURN_COOKIE}=; Max-Age=0; Path=/`;
});

/** A gift without a price ('Area of greatest need'): the donor chooses the amount (spec §2). */
const areaOfNeed = () => aGift({ title: 'Area of greatest need', price: { cents: 0, currency: 'NZD' } });
const monthly = () => within(screen.getByRole('group', { name: 'How often' })).getByLabelText('Monthly');

describe('CheckoutForm: saved checkout state (spec §3)', () => {
  it('keeps the donor’s choices for this gift in the tab and starts from them next time', async () => {
    const fetch = installFetchFake();
    const first = await renderCheckout(fetch, { gift: areaOfNeed() });
    await first.user.clear(field('Donation Amount'));
    await first.user.type(field('Donation Amount'), '35');
    await first.user.clear(field('Quantity'));
    await first.user.type(field('Quantity'), '3');
    await first.user.type(screen.getByPlaceholderText('Message'), 'For the lunches');
    await first.user.click(screen.getByLabelText('Donate Anonymously'));

    await waitFor(() => expect(loadCheckoutState(aGift().id)).toMatchObject({ donationAmount: '35', quantity: '3', message: 'For the lunches', isAnonymous: true }));
    first.unmount();

    await renderCheckout(fetch, { gift: areaOfNeed() });
    expect(field('Donation Amount').value).toBe('35');
    expect(field('Quantity').value).toBe('3');
    expect((screen.getByPlaceholderText('Message') as HTMLTextAreaElement).value).toBe('For the lunches');
    expect((screen.getByLabelText('Donate Anonymously') as HTMLInputElement).checked).toBe(true);
  });

  it('a priced gift starts at today’s price, whatever amount was kept', async () => {
    const fetch = installFetchFake();
    saveCheckoutState(aGift().id, { ...SAVED, donationAmount: '10.00', quantity: '2' });
    await renderCheckout(fetch);
    expect(field('Donation Amount').value).toBe('25.00');
    expect(field('Quantity').value).toBe('2');
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
  it('says why monthly giving needs a login first; then saves the form, sets the 60-second return cookie and asks to sign in, coming back to this page', async () => {
    const fetch = installFetchFake();
    const logins: LoginRequest[] = [];
    setLoginHandler((request) => logins.push(request));
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });
    await user.clear(field('Donation Amount'));
    await user.type(field('Donation Amount'), '25');

    await user.click(monthly());

    // Told why before being sent anywhere.
    expect(screen.getByText(MONTHLY_SIGN_IN_HINT)).toBeTruthy();
    expect(logins).toEqual([]);
    await user.click(screen.getByRole('button', { name: MONTHLY_LOG_IN }));

    expect(logins).toEqual([{ returnTo: GIFT_PATH, reason: 'recurring' }]);
    expect(document.cookie).toContain(`${RETURN_COOKIE}=${encodeURIComponent(GIFT_PATH)}`);
    expect(loadCheckoutState(aGift().id)).toMatchObject({ donationAmount: '25', isRecurring: true, paymentType: 'CARD' });
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });
});

describe('CheckoutForm: payroll (spec §4 "Payroll")', () => {
  const methods = () => screen.getByRole('group', { name: 'Payment method' });

  it('a guest who picks payroll sees Please Login, which saves the form with payroll and signs in', async () => {
    const fetch = installFetchFake();
    const logins: LoginRequest[] = [];
    setLoginHandler((request) => logins.push(request));
    const { user } = await renderCheckout(fetch);

    await user.click(within(methods()).getByRole('button', { name: 'Payroll' }));

    expect(screen.getByRole('button', { name: 'Please Login' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Donate' })).toBeNull();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Please Login' }));
    expect(logins).toEqual([{ returnTo: GIFT_PATH, reason: 'payroll' }]);
    expect(loadCheckoutState(aGift().id)).toMatchObject({ paymentType: 'PAYROLL', isRecurring: false, supportingAmount: '0' });
  });

  it('a workplace member back from signing in gets the confirmation at once, and the pledge clears the saved form', async () => {
    const fetch = installFetchFake();
    setSession({ status: 'signedIn', memberId: 'sub-wiremu', email: 'wiremu@tasman.example', name: 'Wiremu Parata' });
    setIdTokenProvider(async () => 'wiremu-token');
    fetch.on('GET', '/api/donations/me/payment-options?pageType=GIFT', json(200, { card: true, voucher: true, payroll: true, recurring: true, workplace: { id: 'wp-1', name: 'Tasman Engineering' } }));
    fetch.on('POST', '/api/donations/me/payroll-pledges', json(201, aPledge()));
    saveCheckoutState(aGift().id, { ...SAVED, paymentType: 'PAYROLL', donationAmount: '30' });
    const { user } = await renderCheckout(fetch, { gift: areaOfNeed() });

    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to add this donation to Payroll?' });
    expect(confirm.textContent).toContain('Tasman Engineering');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await screen.findByRole('dialog', { name: 'Donation added succesfully to your payroll' });
    const [post] = fetch.callsTo('POST', '/api/donations/me/payroll-pledges');
    expect(post?.body).toMatchObject({ pageType: 'GIFT', productId: aGift().id, productQuantity: 1, productAmount: 3000, donationFrequency: 'OnceOff' });
    expect(loadCheckoutState(aGift().id)).toBeUndefined();
  });

  it('a member whose workplace offers no payroll is not offered it', async () => {
    const fetch = installFetchFake();
    setSession({ status: 'signedIn', memberId: 'sub-dana', email: 'dana@example.com', name: 'Dana Whitfield' });
    setIdTokenProvider(async () => 'dana-token');
    fetch.on('GET', '/api/donations/me/payment-options?pageType=GIFT', json(200, { card: true, voucher: true, payroll: false, recurring: true }));
    await renderCheckout(fetch);

    await waitFor(() => expect(within(methods()).getByRole('button', { name: 'Gift Voucher' })).toBeTruthy());
    expect(within(methods()).queryByRole('button', { name: 'Payroll' })).toBeNull();
  });
});

const SAVED = {
  donationAmount: '10.00',
  quantity: '1',
  isRecurring: false,
  paymentType: 'CARD',
  message: '',
  isAnonymous: false,
  voucherCode: '',
  isSupportingWebsite: false,
  supportingAmount: '0',
  receiptName: '',
} as const;

const aPledge = () => ({
  pledgeId: '01JD3Q8ZP0000000000000000P',
  pageType: 'GIFT',
  country: 'nz',
  workplace: { id: 'wp-1', name: 'Tasman Engineering' },
  charity: { id: aGift().charity.id, name: aGift().charity.name, charityUrl: aGift().charity.charityUrl },
  gift: { id: aGift().id, title: aGift().title, productUrl: aGift().productUrl },
  quantity: 1,
  amount: { cents: 3000, currency: 'NZD' },
  total: { cents: 3000, currency: 'NZD' },
  donationFrequency: 'OnceOff',
  isAnonymous: false,
  status: 'Active',
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('CheckoutForm: gift voucher (spec §4 "Voucher", §5 "Voucher code")', () => {
  const methods = () => screen.getByRole('group', { name: 'Payment method' });
  const LOOKUP = '/api/donations/vouchers/lookup';
  const PAYMENTS = '/api/donations/payments';
  const balance = (cents: number) => json(200, { isExpired: false, remainingBalance: { cents, currency: 'NZD' }, expiresAt: '2027-11-21T00:00:00.000Z' });

  async function guestWithVoucher(fetch: ReturnType<typeof installFetchFake>) {
    fetch.on('POST', PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const view = await renderCheckout(fetch);
    await view.user.type(field('First Name'), 'Aroha');
    await view.user.type(field('Last Name'), 'Ngata');
    await view.user.type(field('Email'), 'aroha@example.co.nz');
    await view.user.click(within(methods()).getByRole('button', { name: 'Gift Voucher' }));
    return view;
  }

  it('Apply is enabled at 6 characters; a covering voucher pays it all, with no card and no receipt name needed', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, balance(10_000));
    const { user, gateway } = await guestWithVoucher(fetch);
    // Spec §5: submit is disabled until a voucher is applied (aria-disabled: it stays in the tab order).
    expect(donateButton().getAttribute('aria-disabled')).toBe('true');
    // Pressed, it takes the donor to the voucher code to apply.
    await user.click(donateButton());
    expect(document.activeElement).toBe(field('Gift Voucher Code'));
    const apply = screen.getByRole('button', { name: 'Apply' });
    await user.type(field('Gift Voucher Code'), 'abcd2');
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.type(field('Gift Voucher Code'), '3');
    expect(apply.hasAttribute('disabled')).toBe(false);
    await user.type(field('Gift Voucher Code'), '45');
    await user.click(apply);

    await screen.findByText('Your voucher covers the total.');
    expect(screen.queryByRole('group', { name: 'Card details for the rest' })).toBeNull();
    await user.clear(field('Receipt Name'));
    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', PAYMENTS)).toHaveLength(1));
    const body = fetch.callsTo('POST', PAYMENTS)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ paymentType: 'VOUCHER', voucher: { code: 'ABCD2345' }, isRecurring: false });
    expect(body).not.toHaveProperty('card');
    expect(gateway.tokeniseRequests()).toHaveLength(0);
  });

  it('a voucher that does not cover the total is topped up by card', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, balance(500));
    const { user } = await guestWithVoucher(fetch);
    await user.type(field('Gift Voucher Code'), 'ABCD2345');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await screen.findByText(/Left to pay by card/);
    expect(screen.getByRole('group', { name: 'Card details for the rest' }).hidden).toBe(false);
    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', PAYMENTS)[0]?.body).toMatchObject({ paymentType: 'VOUCHER', voucher: { code: 'ABCD2345' }, card: { token: 'tok_approve4242abcd' } });
  });

  it('a voucher spent elsewhere since it was applied (409): says so, goes back to Apply with its code, and applied again pays by its new balance', async () => {
    const fetch = installFetchFake();
    fetch.sequence('POST', LOOKUP, [() => balance(10_000), () => balance(500)]);
    const { user } = await guestWithVoucher(fetch);
    fetch.sequence('POST', PAYMENTS, [
      () => problem(409, { title: 'Conflict', code: 'Conflict', detail: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED, errors: [{ field: 'body.voucher.code', message: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED }] }),
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    await user.type(field('Gift Voucher Code'), 'ABCD2345');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Your voucher covers the total.');
    await user.click(donateButton());

    expect(await screen.findByText(VOUCHER_BALANCE_CHANGED_SINCE_APPLIED)).toBeTruthy();
    expect((field('Gift Voucher Code') as HTMLInputElement).value).toBe('ABCD2345');
    expect(screen.queryByText('Your voucher covers the total.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(/Left to pay by card/);
    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', PAYMENTS)).toHaveLength(2));
    // $25 less the $5 balance is $20 by card: 1.9% + 30c is 68c.
    expect(fetch.callsTo('POST', PAYMENTS)[1]?.body).toMatchObject({ voucher: { code: 'ABCD2345' }, transactionFeeCents: 68, card: { token: 'tok_approve4242abcd' } });
  });

  it('after a refused Donate, a voucher that covers the total leaves no receipt-name error behind (it is not needed then)', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, balance(10_000));
    const view = await renderCheckout(fetch);
    await view.user.click(donateButton());
    await waitFor(() => expect(errorOf(field('Receipt Name'))).toBe('Required Field!'));
    await view.user.click(within(methods()).getByRole('button', { name: 'Payroll' }));
    await view.user.click(within(methods()).getByRole('button', { name: 'Gift Voucher' }));
    await view.user.type(field('Gift Voucher Code'), 'ABCD2345');
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));

    await screen.findByText('Your voucher covers the total.');
    await waitFor(() => expect(errorOf(field('Receipt Name'))).toBeUndefined());
  });

  it('card while a voucher is applied clears it; choosing the voucher again unchecks it (NONE, Donate disabled)', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, balance(10_000));
    const { user } = await guestWithVoucher(fetch);
    await user.type(field('Gift Voucher Code'), 'ABCD2345');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Your voucher covers the total.');

    await user.click(within(methods()).getByRole('button', { name: 'Card' }));
    await user.click(within(methods()).getByRole('button', { name: 'Gift Voucher' }));
    expect(field('Gift Voucher Code').value).toBe('');
    await user.click(within(methods()).getByRole('button', { name: 'Gift Voucher' }));
    expect(within(methods()).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(donateButton().getAttribute('aria-disabled')).toBe('true');
    // Pressed with no method chosen, it takes the donor to the methods; nothing is paid.
    await user.click(donateButton());
    expect(document.activeElement).toBe(within(methods()).getByRole('button', { name: 'Card' }));
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
  });
});
