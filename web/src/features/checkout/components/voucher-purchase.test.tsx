import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../../lib/session';
import { attachCardGateway } from '../../../testing/card-gateway-fake';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { answerCardSettings, TRACKING_NUMBER } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { errorOf, field } from '../testing';
import { typeWhenFocused } from '../../../testing/typing';
import { VoucherPurchase } from './voucher-purchase';

/** The gift voucher page: value, recipient, buyer, card, processing, thank-you (a purchase is a payment). */
const GUEST = '/api/donations/voucher-purchases';
const MEMBER = '/api/donations/me/voucher-purchases';
const STATUS = `/api/donations/payments/${TRACKING_NUMBER}/status`;
const DANA = { status: 'signedIn', memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' } as const;

beforeEach(() => resetSessionForTests());
afterEach(() => act(() => resetSessionForTests()));

async function renderPage(fetch: FetchFake) {
  answerCardSettings(fetch);
  const view = renderWithRouter(<VoucherPurchase country="nz" />, { path: '/nz/charity/gift-vouchers/new-voucher#voucher-select', routePath: '/nz/charity/gift-vouchers/new-voucher', userOptions: { delay: null } });
  const gateway = attachCardGateway((await screen.findByTitle('Card details')) as HTMLIFrameElement);
  await gateway.ready();
  return { ...view, gateway };
}

const buyButton = () => screen.getByRole('button', { name: /^Buy .*Voucher$/ }) as HTMLButtonElement;

describe('VoucherPurchase', () => {
  it('a guest picks a quick value, names a recipient and pays: the purchase is posted, then the thank-you says where the code went', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', GUEST, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS, [() => json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] })]);
    const { user } = await renderPage(fetch);

    expect(screen.getByRole('heading', { name: 'Charity Gift Vouchers', level: 1 })).toBeTruthy();
    expect(document.getElementById('voucher-select')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '$100' }));
    expect(screen.getByRole('button', { name: '$100' }).getAttribute('aria-pressed')).toBe('true');
    expect(field('Voucher Value').value).toBe('100.00');
    await user.type(field('Recipient Name'), 'Mere');
    await user.type(field('Recipient Email'), 'mere@example.com');
    await user.type(screen.getByLabelText('Message to the recipient'), 'Happy birthday!');
    await user.type(field('First Name'), ' Aroha ');
    await user.tab();
    await user.type(field('Last Name'), 'Ngata');
    await user.type(field('Email'), 'aroha@example.com');
    await user.click(buyButton());

    expect(await screen.findByText('Thank you for your gift voucher')).toBeTruthy();
    // The form (and the processing modal that had focus) is gone: focus lands on the thanks.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Thank you for your gift voucher' })));
    expect(screen.getByText('The voucher code is on its way by e-mail to aroha@example.com and mere@example.com.')).toBeTruthy();
    expect(screen.getByText(TRACKING_NUMBER)).toBeTruthy();
    const [post] = fetch.callsTo('POST', GUEST);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      country: 'nz',
      voucherValue: 10000,
      recipient: { name: 'Mere', email: 'mere@example.com' },
      message: 'Happy birthday!',
      buyer: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com' },
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });

    await user.click(screen.getByRole('button', { name: 'Buy another voucher' }));
    expect(field('Voucher Value').value).toBe('50.00');
  });

  it('checks the value (any amount from $1, whole cents) and the e-mails before anything is sent', async () => {
    const fetch = installFetchFake();
    const { user } = await renderPage(fetch);
    await user.clear(field('Voucher Value'));
    await user.type(field('Voucher Value'), '0.50');
    await user.type(field('Recipient Email'), 'not-an-email');
    await user.click(buyButton());
    await waitFor(() => expect(errorOf(field('Voucher Value'))).toBe('Invalid Amount!'));
    expect(errorOf(field('Recipient Email'))).toBe('Invalid Email!');
    expect(errorOf(field('First Name'))).toBe('Required Field!');
    expect(fetch.callsTo('POST', GUEST)).toHaveLength(0);
    await user.clear(field('Voucher Value'));
    await user.type(field('Voucher Value'), '35.5');
    expect(buyButton().textContent).toBe('Buy $35.50 Voucher');
  });

  it('moves focus to the first wrong field once per press: a buyer typing there at once keeps it', async () => {
    const fetch = installFetchFake();
    const { user } = await renderPage(fetch);
    await user.type(field('Recipient Email'), 'not-an-email');
    // The buyer types the moment the field takes focus: the address is right then.
    typeWhenFocused(field('Recipient Email'), 'mere@example.com');
    await user.click(buyButton());
    await waitFor(() => expect(errorOf(field('First Name'))).toBe('Required Field!'));
    await waitFor(() => expect(errorOf(field('Recipient Email'))).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field('Recipient Email'));
  });

  it('a signed-in member buys as themselves: no names asked, the member route, no buyer in the body', async () => {
    setSession(DANA);
    setIdTokenProvider(async () => 'dana-id-token');
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { user } = await renderPage(fetch);
    expect(screen.getByText('Buying as Dana Whitfield (dana.donor@demo.koha.nz)')).toBeTruthy();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await user.click(buyButton());

    expect(await screen.findByText('The voucher code is on its way by e-mail to dana.donor@demo.koha.nz.')).toBeTruthy();
    const [post] = fetch.callsTo('POST', MEMBER);
    expect(post?.headers.get('authorization')).toBe('Bearer dana-id-token');
    expect(post?.body).toEqual({ country: 'nz', voucherValue: 5000, card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' } });
    expect(fetch.callsTo('POST', GUEST)).toHaveLength(0);
  });

  it('a declined card shows the gateway’s message and keeps the form', async () => {
    setSession(DANA);
    setIdTokenProvider(async () => 'dana-id-token');
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Failed', messages: ['Your card was declined.'] }));
    const { user } = await renderPage(fetch);
    await user.click(buyButton());
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(screen.queryByText('Thank you for your gift voucher')).toBeNull();
    // The processing modal closes onto the reason. Under load the text can be in the DOM (behind the still-open,
    // inert modal) a tick before the modal closes and focus moves, so this waits for the focus itself.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts the API’s field errors on their fields', async () => {
    setSession(DANA);
    setIdTokenProvider(async () => 'dana-id-token');
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER, problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.voucherValue', message: 'Invalid Amount!' }] }));
    const { user } = await renderPage(fetch);
    await user.click(buyButton());
    await waitFor(() => expect(errorOf(field('Voucher Value'))).toBe('Invalid Amount!'));
  });
});
