import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER, aCharity, aGift } from '../../../testing/fixtures';
import { donateButton, errorOf, field, renderCheckout } from '../testing';
import { CARD_CHOICE_MESSAGE } from '@giving/shared/contracts/donations-public';

/** Spec §6: logged-in donors skip e-mail and names; the API takes them from the token (POST /donations/me/payments). */
const DANA = { status: 'signedIn', memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' } as const;
const MEMBER_PAYMENTS = '/api/donations/me/payments';
const GUEST_PAYMENTS = '/api/donations/payments';

beforeEach(() => {
  resetSessionForTests();
  setSession(DANA);
  setIdTokenProvider(async () => 'dana-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('CheckoutForm, signed in', () => {
  it('hides the name and e-mail fields, says who is giving, and starts the receipt name at the member’s name', async () => {
    const fetch = installFetchFake();
    await renderCheckout(fetch);

    expect(screen.queryByLabelText('First Name')).toBeNull();
    expect(screen.queryByLabelText('Last Name')).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByText('Giving as Dana Whitfield (dana.donor@demo.koha.nz)')).toBeTruthy();
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));
  });

  it('posts to the member route with the bearer token and no donor', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', GUEST_PAYMENTS)).toHaveLength(0);
    const [post] = fetch.callsTo('POST', MEMBER_PAYMENTS);
    expect(post?.headers.get('authorization')).toBe('Bearer dana-id-token');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      pageType: 'GIFT',
      country: 'nz',
      giftId: aGift().id,
      donationAmount: aGift().price.cents,
      quantity: 1,
      supportingAmount: 0,
      transactionFeeCents: 78,
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Dana Whitfield',
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });
    expect(post?.body).not.toHaveProperty('donor');
  });

  it("says, under Donate, by whom and by how much a workplace campaign would match the gift (amount x quantity, never the tip)", async () => {
    const fetch = installFetchFake();
    fetch.on(
      'GET',
      /^\/api\/matching\/me\/preview\?/,
      json(200, { items: [{ campaignId: 'C1', name: 'Kiwi chick match', workplaceName: 'Tasman Engineering', matchType: 'Donation', bonus: { cents: 2500, currency: 'NZD' } }] }),
    );
    await renderCheckout(fetch);
    expect(await screen.findByText('Tasman Engineering will match this gift: +$25.00 (Kiwi chick match).')).toBeTruthy();
    const asked = new URL(fetch.callsTo('GET', /^\/api\/matching\/me\/preview\?/)[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      charityId: aGift().charity.id,
      giftId: aGift().id,
      amount: String(aGift().price.cents),
      currency: 'NZD',
      paymentType: 'CARD',
      recurring: 'false',
    });
  });

  it('takes the promised match to the thank-you page, which confirms it once matching has recorded it', async () => {
    const fetch = installFetchFake();
    const item = { campaignId: 'C1', name: 'Kiwi chick match', workplaceName: 'Tasman Engineering', matchType: 'Donation', bonus: { cents: 2500, currency: 'NZD' } };
    fetch.on('GET', /^\/api\/matching\/me\/preview\?/, json(200, { items: [item] }));
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const matches = `/api/donations/me/donations/${TRACKING_NUMBER}/matches`;
    fetch.sequence('GET', matches, [
      () => json(200, { items: [] }),
      () => json(200, { items: [{ campaignId: 'C1', workplaceName: 'Tasman Engineering', campaignName: 'Kiwi chick match', matchType: 'Donation', amount: { cents: 2500, currency: 'NZD' } }] }),
    ]);
    const { user } = await renderCheckout(fetch);
    await screen.findByText('Tasman Engineering will match this gift: +$25.00 (Kiwi chick match).');
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(donateButton());
    await screen.findByRole('heading', { name: 'Thank you for your donation' });
    // Matching runs moments after the payment: promised first, then confirmed.
    expect(screen.getByText('We’ll confirm it in a moment.')).toBeTruthy();
    expect(await screen.findByText('Tasman Engineering matched this gift: +$25.00 (Kiwi chick match).', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Your receipt shows the match.')).toBeTruthy();
    expect(fetch.callsTo('GET', matches)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');
  });

  it('asks nothing about matches on the thank-you page when the checkout promised none', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', /^\/api\/matching\/me\/preview\?/, json(200, { items: [] }));
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));
    await user.click(donateButton());
    await screen.findByRole('heading', { name: 'Thank you for your donation' });
    expect(screen.queryByText(/match/)).toBeNull();
    expect(fetch.callsTo('GET', /\/matches$/)).toHaveLength(0);
  });

  it('keeps the receipt name editable and required', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.clear(field('Receipt Name'));
    await user.click(donateButton());
    await waitFor(() => expect(errorOf(field('Receipt Name'))).toBe('Required Field!'));
    expect(document.activeElement).toBe(field('Receipt Name'));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(0);

    await user.type(field('Receipt Name'), 'The Whitfield Family');
    // Donate stays disabled while the form shows an error (spec §5); it clears as the name is typed (validated async).
    await waitFor(() => expect(donateButton().hasAttribute('aria-disabled')).toBe(false));
    await user.click(donateButton());
    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).toMatchObject({ receiptName: 'The Whitfield Family' });
  });

  it('gives a general donation to a charity the same way', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const charity = aCharity();
    const { user } = await renderCheckout(fetch, { target: { pageType: 'CHARITY', charity } });
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(donateButton());
    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).toMatchObject({ pageType: 'CHARITY', charityId: charity.id, quantity: 1, receiptName: 'Dana Whitfield' });
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).not.toHaveProperty('donor');
  });

  it('switches to the member checkout when the session finishes loading as signed in', async () => {
    resetSessionForTests(); // loading
    const fetch = installFetchFake();
    await renderCheckout(fetch);
    expect(field('First Name')).toBeTruthy();

    act(() => setSession(DANA));
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));
  });

  it('a guest still gives names and e-mail', async () => {
    setSession({ status: 'signedOut' });
    const fetch = installFetchFake();
    await renderCheckout(fetch);
    expect(field('First Name')).toBeTruthy();
    expect(field('Email')).toBeTruthy();
    expect(screen.queryByText(/^Giving as/)).toBeNull();
    expect(field('Receipt Name').value).toBe('');
  });

  it('pays with a saved card: chosen by its last 4 digits, sent as savedCardId, no card frame needed', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [SAVED_VISA] }));
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user, gateway } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(await screen.findByRole('button', { name: 'Use Saved Card(s)' }));
    // Spec §5: a saved card must be chosen first.
    await user.click(donateButton());
    // The form checks itself asynchronously: wait for its message (it raced a loaded 2-core machine).
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CARD_CHOICE_MESSAGE));
    await user.click(await screen.findByRole('radio', { name: /4242/ }));
    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).toMatchObject({ paymentType: 'CARD', isRecurring: false, card: { savedCardId: SAVED_VISA.cardId } });
    expect(gateway.tokeniseRequests()).toHaveLength(0);
  });

  it('a new card can be kept: Securely save my card for future donations', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [] }));
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(screen.getByLabelText('Securely save my card for future donations'));
    await user.click(donateButton());

    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).toMatchObject({ card: { token: 'tok_approve4242abcd', saveCard: true } });
  });

  it('gives monthly: isRecurring, the card kept (the box ticked and locked), and Donate Monthly', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/me/payment-options?pageType=GIFT', json(200, { card: true, voucher: true, payroll: false, recurring: true }));
    fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [] }));
    fetch.on('POST', MEMBER_PAYMENTS, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    const { user } = await renderCheckout(fetch);
    await waitFor(() => expect(field('Receipt Name').value).toBe('Dana Whitfield'));

    await user.click(await screen.findByLabelText('Monthly'));
    const keep = screen.getByLabelText('Securely save my card for future donations') as HTMLInputElement;
    expect(keep.checked).toBe(true);
    expect(keep.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Donate Monthly' }));

    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_PAYMENTS)).toHaveLength(1));
    expect(fetch.callsTo('POST', MEMBER_PAYMENTS)[0]?.body).toMatchObject({ isRecurring: true, paymentType: 'CARD', card: { saveCard: true } });
  });
});

const SAVED_VISA = { cardId: '01JD3Q8ZP00000000000000CRD', cardType: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2029 };
