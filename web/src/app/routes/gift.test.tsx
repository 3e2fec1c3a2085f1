import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadCheckoutParts } from '../../features/checkout/components/checkout-form';
import { attachCardGateway } from '../../testing/card-gateway-fake';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { TRACKING_NUMBER, aCharity, aGift, answerCardSettings } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../lib/session';

const GIFT_API = '/api/donations/gifts/kiwi-kids-trust/school-lunches';

function fakePlatform(gift: Parameters<typeof json>[1] | Response = aGift()) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', GIFT_API, gift instanceof Response ? gift : json(200, gift));
  fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
  fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [aGift()] }));
  return fetch;
}

describe('gift page', () => {
  it('shows a spinner until the gift loads, then the gift, its charity and the purchase panel', async () => {
    const fetch = installFetchFake();
    answerCardSettings(fetch);
    let answer: (response: Response) => void = () => undefined;
    fetch.on('GET', GIFT_API, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/nz/kiwi-kids-trust/school-lunches');

    expect(await screen.findByText('Loading gift')).toBeTruthy();
    answer(json(200, aGift()));

    expect(await screen.findByRole('heading', { level: 1, name: 'School lunches for a week' })).toBeTruthy();
    expect(screen.queryByText('Loading gift')).toBeNull();
    expect(screen.getByText('Five healthy lunches for a child who would otherwise go without.')).toBeTruthy();
    expect(screen.getByText('$25')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'School lunches for a week' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kiwi Kids Trust' }).getAttribute('href')).toBe('/nz/charity/kiwi-kids-trust');
    expect(screen.getByRole('heading', { name: 'Or Donate Amount of Your Choice' })).toBeTruthy();
    expect(document.title).toBe('School lunches for a week · Koha');
    // The purchase panel follows the gift's first screen, in the place kept for it.
    expect(await screen.findByRole('form', { name: 'Give this gift' })).toBeTruthy();
  });

  it('answers at /charity/{charityUrl}/{productUrl} too', async () => {
    fakePlatform();
    renderApp('/nz/charity/kiwi-kids-trust/school-lunches');
    expect(await screen.findByRole('heading', { level: 1, name: 'School lunches for a week' })).toBeTruthy();
  });

  it('shows the fulfilled text instead of the purchase panel when the gift is inactive', async () => {
    fakePlatform(aGift({ isActive: false }));
    renderApp('/nz/kiwi-kids-trust/school-lunches');

    expect(await screen.findByText('Project has been fulfilled. This gift is not taking further donations.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Give this gift' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Donate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Give a General Donation' })).toBeTruthy();
  });

  it('ends loading with an error message when the gift fails to load', async () => {
    fakePlatform(problem(500, { title: 'Something went wrong on our side. Please try again.', code: 'Internal' }));
    renderApp('/nz/kiwi-kids-trust/school-lunches');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We couldn’t load this gift');
    expect(alert.textContent).toContain('Something went wrong on our side. Please try again.');
    expect(screen.queryByText('Loading gift')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says the gift was not found on a 404', async () => {
    fakePlatform(problem(404, { title: 'We could not find that.', code: 'NotFound', detail: 'Gift was not found.' }));
    renderApp('/nz/kiwi-kids-trust/school-lunches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift not found' })).toBeTruthy();
  });

  it('‘Give a General Donation’ shows loading, then opens the charity page at its donation form (#donate)', async () => {
    fakePlatform();
    const { user, router } = renderApp('/nz/kiwi-kids-trust/school-lunches');
    const button = await screen.findByRole('button', { name: 'Give a General Donation' });

    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charity/kiwi-kids-trust'));
    expect(router.state.location.hash).toBe('#donate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Donate Amount of Your Choice' })).toBeTruthy();
  });
});

describe('a priced gift is sold at its price (spec §2)', () => {
  const PRICE_CHANGED = 'The price of this gift has changed. Please check the total and try again.';

  it('when the API says the price changed (409), shows its message, fetches the gift again and pays the new price next', async () => {
    const fetch = installFetchFake();
    answerCardSettings(fetch);
    // The charity raises the price from $25 to $30 after the page loaded; the first payment names the old one.
    let priceCents = 2500;
    fetch.on('GET', GIFT_API, () => json(200, aGift({ price: { cents: priceCents, currency: 'NZD' } })));
    fetch.sequence('POST', '/api/donations/payments', [
      () => {
        priceCents = 3000;
        return problem(409, { title: 'Conflict', code: 'Conflict', errors: [{ field: 'body.donationAmount', message: PRICE_CHANGED }] });
      },
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    fetch.on('GET', `/api/donations/payments/${TRACKING_NUMBER}/status`, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }));
    await preloadCheckoutParts({ signedIn: false });
    const { user } = renderApp('/nz/kiwi-kids-trust/school-lunches');
    const gateway = attachCardGateway((await screen.findByTitle('Card details')) as HTMLIFrameElement);
    await gateway.ready();
    const amount = screen.getByLabelText('Donation Amount') as HTMLInputElement;
    expect(amount.value).toBe('25.00');
    await user.type(screen.getByLabelText('First Name'), 'Aroha');
    await user.type(screen.getByLabelText('Last Name'), 'Ngata');
    await user.type(screen.getByLabelText('Email'), 'aroha@example.co.nz');

    await user.click(screen.getByRole('button', { name: 'Donate' }));

    expect((await screen.findByRole('alert')).textContent).toBe(PRICE_CHANGED);
    await waitFor(() => expect(amount.value).toBe('30.00'));
    // $30 by card in nz: 1.9% + 30c.
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('$30.87');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(2));
    expect(fetch.callsTo('POST', '/api/donations/payments')[1]?.body).toMatchObject({ donationAmount: 3000, quantity: 1, transactionFeeCents: 87 });
  });
});

describe('gift page from another country', () => {
  it('does not offer a checkout the API would refuse', async () => {
    const fetch = installFetchFake();
    answerCardSettings(fetch);
    fetch.on('GET', GIFT_API, json(200, aGift()));
    renderApp('/au/kiwi-kids-trust/school-lunches');

    expect(await screen.findByText('This gift cannot be given from this country.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Give this gift' })).toBeNull();
  });
});

describe('gift page: Add to giving (spec 2 §7 "Workplace giving")', () => {
  const OPTIONS = '/api/donations/me/payment-options?pageType=GIFT';
  afterEach(() => act(() => resetSessionForTests()));

  function signInWithPayroll(fetch: ReturnType<typeof fakePlatform>) {
    setSession({ status: 'signedIn', memberId: 'sub-wiremu', email: 'wiremu.parata@tasman-engineering.co.nz', name: 'Wiremu Parata' });
    setIdTokenProvider(async () => 'wiremu-id-token');
    fetch.on('GET', OPTIONS, json(200, { card: true, voucher: true, payroll: true, recurring: true, workplace: { id: 'w1', name: 'Tasman Engineering' } }));
    fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [] }));
  }

  it('a workplace member who may give by payroll finds it beside the gift', async () => {
    const fetch = fakePlatform();
    signInWithPayroll(fetch);
    renderApp('/nz/kiwi-kids-trust/school-lunches');
    const giving = await screen.findByRole('region', { name: 'Workplace giving' });
    expect(within(giving).getByRole('button', { name: 'Add to giving' })).toBeTruthy();
  });

  it('a guest finds none, and the page asks for no payment options', async () => {
    const fetch = fakePlatform();
    setSession({ status: 'signedOut' });
    renderApp('/nz/kiwi-kids-trust/school-lunches');
    expect(await screen.findByRole('form', { name: 'Give this gift' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Workplace giving' })).toBeNull();
    expect(fetch.callsTo('GET', OPTIONS)).toHaveLength(0);
  });

  it('a gift that takes no more donations offers none', async () => {
    const fetch = fakePlatform(aGift({ isActive: false }));
    signInWithPayroll(fetch);
    renderApp('/nz/kiwi-kids-trust/school-lunches');
    expect(await screen.findByText('Project has been fulfilled. This gift is not taking further donations.')).toBeTruthy();
    // Give a deferred part its chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Add to giving' })).toBeNull();
  });
});
