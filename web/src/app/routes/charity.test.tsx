import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { attachCardGateway } from '../../testing/card-gateway-fake';
import { installFetchFake, json, problem, type FetchFake } from '../../testing/fetch-fake';
import { aCharity, answerCardSettings, TRACKING_NUMBER } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../lib/session';
import { GIFTS_SEARCH, ROLES_SEARCH, anOpportunityDoc, rawAnswer } from '../../testing/search-fixtures';

const CHARITY = aCharity();
const PAYMENTS_URL = '/api/donations/payments';
const STATUS_URL = `/api/donations/payments/${TRACKING_NUMBER}/status`;

function fakePlatform({ showGratuity = true }: { showGratuity?: boolean } = {}) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, CHARITY));
  fetch.on('POST', GIFTS_SEARCH, rawAnswer('charitygifts-v2', []));
  fetch.on('POST', ROLES_SEARCH, rawAnswer('volunteeringopportunities-v2', []));
  fetch.on('GET', '/api/accounts/site?country=nz', json(200, { country: 'nz', currency: 'NZD', showGratuity, siteFeed: false, features: [] }));
  fetch.on('GET', '/api/memberships/charities/kiwi-kids-trust/plans', json(200, { items: [] }));
  return fetch;
}

async function openCharityPage(fetch: FetchFake, path = '/nz/charity/kiwi-kids-trust') {
  const view = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Donate Amount of Your Choice' });
  const gateway = attachCardGateway((await within(form).findByTitle('Card details')) as HTMLIFrameElement);
  await gateway.ready();
  void fetch;
  return { ...view, form, gateway };
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;
const total = (form: HTMLElement) => within(form).getByRole('status', { name: 'Total' });

describe('charity page: general donation (page type CHARITY)', () => {
  it('offers an amount of the donor’s choice: $10 to start, quick picks, no quantity, the tip when the site shows gratuity', async () => {
    const fetch = fakePlatform();
    const { form, user } = await openCharityPage(fetch);

    expect(screen.getByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
    expect(field(form, 'Donation Amount').value).toBe('10.00');
    expect(within(form).queryByLabelText('Quantity')).toBeNull();
    const picks = within(within(form).getByRole('group', { name: 'Quick amounts' })).getAllByRole('button');
    expect(picks.map((b) => b.textContent)).toEqual(['$10', '$20', '$50', '$100', '$200']);
    // The donor covers nz's card fee: 1.9% + 30c of the card part (amount + tip).
    expect(total(form).textContent).toBe('$10.49');

    const tip = await within(form).findByRole('group', { name: 'Support the website' });
    expect(within(tip).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['None', '$2', '$5']);
    expect((within(tip).getByLabelText('None') as HTMLInputElement).checked).toBe(true);

    await user.click(within(form).getByRole('button', { name: '$50' }));
    await user.click(within(tip).getByLabelText('$5'));
    expect(total(form).textContent).toBe('$56.35');

    await user.clear(field(form, 'Donation Amount'));
    await user.type(field(form, 'Donation Amount'), '0.99');
    await user.click(within(form).getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(within(form).getByText('Invalid Amount!')).toBeTruthy());
    expect(fetch.callsTo('POST', PAYMENTS_URL)).toHaveLength(0);
  });

  it('does not offer a tip when the site’s showGratuity is off', async () => {
    const fetch = fakePlatform({ showGratuity: false });
    const { form } = await openCharityPage(fetch);
    await waitFor(() => expect(fetch.callsTo('GET', '/api/accounts/site?country=nz').length).toBeGreaterThan(0));
    expect(within(form).queryByRole('group', { name: 'Support the website' })).toBeNull();
  });

  it('pays by card for the charity (charityId, quantity 1, the tip), polls, and thanks the donor without a gift', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS_URL, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { form, user, router } = await openCharityPage(fetch);

    await user.click(within(form).getByRole('button', { name: '$20' }));
    await user.click(await within(form).findByLabelText('$2'));
    await user.type(field(form, 'First Name'), 'Aroha');
    await user.type(field(form, 'Last Name'), 'Ngata');
    await user.type(field(form, 'Email'), 'aroha@example.co.nz');
    await waitFor(() => expect(field(form, 'Receipt Name').value).toBe('Aroha Ngata'));

    await user.click(within(form).getByRole('button', { name: 'Donate' }));

    // The first status answer is Completed, so no poll interval has to pass; the thank-you page is its own chunk.
    expect(await screen.findByRole('heading', { name: 'Thank you for your donation' }, { timeout: 10_000 })).toBeTruthy();
    const [post] = fetch.callsTo('POST', PAYMENTS_URL);
    expect(post?.body).toEqual({
      pageType: 'CHARITY',
      country: 'nz',
      charityId: CHARITY.id,
      donationAmount: 2000,
      quantity: 1,
      supportingAmount: 200,
      transactionFeeCents: 72,
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Aroha Ngata',
      donor: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.co.nz' },
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });
    expect(post?.body).not.toHaveProperty('giftId');

    expect(router.state.location.pathname).toBe('/nz/thankyou');
    expect(fetch.callsTo('GET', STATUS_URL).length).toBeGreaterThan(0);
    expect(screen.getByText(/Your donation to Kiwi Kids Trust has been received/)).toBeTruthy();
    expect(screen.getByText('General donation')).toBeTruthy();
    expect(screen.queryByText('Gift')).toBeNull();
    expect(screen.queryByText('Quantity')).toBeNull();
    expect(screen.getByText('$22.72')).toBeTruthy();
  });

  it('shows a charity the API refuses as the form’s message', async () => {
    const fetch = fakePlatform({ showGratuity: false });
    fetch.on(
      'POST',
      PAYMENTS_URL,
      problem(404, { title: 'We could not find that.', code: 'NotFound', errors: [{ field: 'body.charityId', message: 'This charity is not taking donations at the moment.' }] }),
    );
    const { form, user } = await openCharityPage(fetch);
    await user.type(field(form, 'First Name'), 'Aroha');
    await user.type(field(form, 'Last Name'), 'Ngata');
    await user.type(field(form, 'Email'), 'aroha@example.co.nz');
    await user.click(within(form).getByRole('button', { name: 'Donate' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This charity is not taking donations at the moment.');
  });

  it('at #donate, brings the donation form into view once the charity has loaded', async () => {
    const fetch = fakePlatform();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await openCharityPage(fetch, '/nz/charity/kiwi-kids-trust#donate');
      const anchor = document.getElementById('donate');
      await waitFor(() => expect(scrolled).toContain(anchor));
      expect(document.activeElement).toBe(anchor);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('charity page: More Volunteering Roles (spec 1 §2 "Charity related sections")', () => {
  it('shows up to 24 of the charity’s roles from the volunteering index as cards, with a link to every role', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', ROLES_SEARCH, rawAnswer('volunteeringopportunities-v2', [anOpportunityDoc(), anOpportunityDoc({ id: 'o2', title: 'Phone buddy', slug: 'kiwi-coast-rescue/phone-buddy' })]));
    renderApp('/nz/charity/kiwi-kids-trust');
    const section = (await screen.findByRole('heading', { level: 2, name: 'More Volunteering Roles' })).closest('section') as HTMLElement;
    const grid = await within(section).findByRole('list', { name: 'Volunteering roles' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(within(grid).getByRole('link', { name: 'Phone buddy' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/phone-buddy');
    expect(within(grid).getAllByText('Multiple')).toHaveLength(2);
    expect(within(grid).getAllByText('Ngunguru')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'See more volunteering roles >' }).getAttribute('href')).toBe('/nz/volunteering');
    // Spec 2 §7: volunteeringopportunities-v2 with x-host and x-country; the query is the charity's id, 24 at most.
    const [asked] = fetch.callsTo('POST', ROLES_SEARCH);
    expect(asked?.body).toEqual({ size: 24, query: { bool: { filter: [{ term: { 'charities.id': CHARITY.id } }] } } });
    expect(asked?.headers.get('x-country')).toBe('nz');
    expect(asked?.headers.get('x-host')).toBe(window.location.host);
  });

  it('says so when the charity has no roles, and offers the whole list', async () => {
    fakePlatform();
    renderApp('/nz/charity/kiwi-kids-trust');
    expect(await screen.findByRole('heading', { name: 'There are no Volunteering Roles' })).toBeTruthy();
    expect(screen.getByText('Checkout the large range of volunteering roles on Koha')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Roles' }).getAttribute('href')).toBe('/nz/volunteering');
  });

  it('shows a spinner while the roles load', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', ROLES_SEARCH, () => new Promise<Response>(() => {}));
    renderApp('/nz/charity/kiwi-kids-trust');
    const section = (await screen.findByRole('heading', { level: 2, name: 'More Volunteering Roles' })).closest('section') as HTMLElement;
    expect(within(section).getByRole('status').textContent).toContain('Loading volunteering roles');
  });
});

describe('charity page: Add to giving (spec 2 §7 "Workplace giving")', () => {
  const OPTIONS = '/api/donations/me/payment-options?pageType=CHARITY';
  afterEach(() => act(() => resetSessionForTests()));

  it('a workplace member who may give by payroll adds the charity from its page', async () => {
    const fetch = fakePlatform();
    setSession({ status: 'signedIn', memberId: 'sub-wiremu', email: 'wiremu.parata@tasman-engineering.co.nz', name: 'Wiremu Parata' });
    setIdTokenProvider(async () => 'wiremu-id-token');
    fetch.on('GET', OPTIONS, json(200, { card: true, voucher: true, payroll: true, recurring: true, workplace: { id: 'w1', name: 'Tasman Engineering' } }));
    fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [] }));
    fetch.on('POST', '/api/donations/me/payroll-pledges', (request) =>
      json(201, {
        pledgeId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
        pageType: 'CHARITY',
        country: 'nz',
        workplace: { id: 'w1', name: 'Tasman Engineering' },
        charity: { id: CHARITY.id, name: CHARITY.name, charityUrl: CHARITY.charityUrl },
        quantity: 1,
        amount: { cents: (request.body as { amount: number }).amount, currency: 'NZD' },
        total: { cents: (request.body as { amount: number }).amount, currency: 'NZD' },
        donationFrequency: 'EveryPayCycle',
        isAnonymous: false,
        status: 'Active',
        createdAt: '2026-11-21T09:00:00.000Z',
      }),
    );
    const { user } = renderApp('/nz/charity/kiwi-kids-trust');
    const giving = await screen.findByRole('region', { name: 'Workplace giving' });
    await user.click(within(giving).getByRole('button', { name: 'Add to giving' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Kiwi Kids Trust to your giving' });
    await user.clear(within(dialog).getByLabelText('Amount per pay'));
    await user.type(within(dialog).getByLabelText('Amount per pay'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add to giving' }));
    const done = await screen.findByRole('dialog', { name: 'Added to your giving' });
    expect(done.textContent).toContain('Kiwi Kids Trust: $20.00 every pay, through Tasman Engineering’s payroll.');
    expect(fetch.callsTo('POST', '/api/donations/me/payroll-pledges')[0]?.body).toEqual({
      pageType: 'CHARITY',
      country: 'nz',
      charityId: CHARITY.id,
      amount: 2000,
      donationFrequency: 'EveryPayCycle',
      anonymousDonation: false,
    });
  });

  it('a guest finds none, and the page asks for no payment options', async () => {
    const fetch = fakePlatform();
    setSession({ status: 'signedOut' });
    await openCharityPage(fetch);
    expect(screen.queryByRole('region', { name: 'Workplace giving' })).toBeNull();
    expect(fetch.callsTo('GET', OPTIONS)).toHaveLength(0);
  });
});
