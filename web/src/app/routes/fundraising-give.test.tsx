import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FUNDRAISING_MESSAGES, type Page } from '@giving/shared/contracts/fundraising';
import { EVENT_ID, PAGE_ID, aPage } from '../../features/fundraising/testing';
import { loadCheckoutState } from '../../features/checkout/saved-checkout-state';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../lib/session';
import { attachCardGateway } from '../../testing/card-gateway-fake';
import { installFetchFake, json, problem, type FetchFake } from '../../testing/fetch-fake';
import { TRACKING_NUMBER, answerCardSettings } from '../../testing/fixtures';
import { createQueryClient } from '../../lib/query-client';
import { renderApp } from '../../testing/render';

/** Giving to a fundraising page (page type FUNDRAISE): the checkout in the page's totals while the page is Open. */
const PATH = '/nz/fundraising/round-the-bays-2026/aroha-runs';
const PAGE_URL = '/api/fundraising/events/round-the-bays-2026/pages/aroha-runs';
const GUEST_DONATE = `/api/fundraising/pages/${PAGE_ID}/donate`;
const MEMBER_DONATE = `/api/fundraising/me/pages/${PAGE_ID}/donate`;
const STATUS_URL = `/api/donations/payments/${TRACKING_NUMBER}/status`;
const HEADING = 'Donate to Aroha’s fundraiser';
const DANA = { status: 'signedIn', memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' } as const;

afterEach(() => {
  act(() => resetSessionForTests());
  sessionStorage.clear();
});

function fakePlatform(page: Page = aPage()) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', PAGE_URL, json(200, page));
  fetch.on('GET', `/api/fundraising/pages/${PAGE_ID}/donors`, json(200, { items: [] }));
  fetch.on('GET', `/api/fundraising/pages/${PAGE_ID}/comments`, json(200, { items: [] }));
  fetch.on('GET', '/api/accounts/site?country=nz', json(200, { country: 'nz', currency: 'NZD', showGratuity: false, siteFeed: false, features: [] }));
  fetch.on('GET', STATUS_URL, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
  return fetch;
}

function signIn(fetch: FetchFake, options: Record<string, unknown>) {
  setSession(DANA);
  setIdTokenProvider(async () => 'dana-id-token');
  fetch.on('GET', '/api/donations/me/payment-options?pageType=FUNDRAISE', json(200, options));
  fetch.on('GET', '/api/donations/me/saved-cards?country=nz', json(200, { items: [] }));
  fetch.on('GET', `/api/fundraising/pages/${PAGE_ID}/me`, json(200, null));
}

/** The app's own query client: reads stay fresh for 30 s, as in the browser. */
async function openPage(path = PATH) {
  const view = renderApp(path, { queryClient: createQueryClient() });
  const form = await screen.findByRole('form', { name: HEADING }, { timeout: 5000 });
  const gateway = attachCardGateway((await within(form).findByTitle('Card details')) as HTMLIFrameElement);
  await gateway.ready();
  return { ...view, form, gateway };
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

async function nameGuest(form: HTMLElement, user: ReturnType<typeof renderApp>['user']) {
  await user.type(field(form, 'First Name'), 'Mere');
  await user.type(field(form, 'Last Name'), 'Tapsell');
  await user.type(field(form, 'Email'), 'mere@example.co.nz');
  await waitFor(() => expect(field(form, 'Receipt Name').value).toBe('Mere Tapsell'));
}

describe('fundraising page: giving (page type FUNDRAISE)', () => {
  it('offers the donor’s amount with the quick picks, no quantity, a message for the owner and who may see it, and every method', async () => {
    fakePlatform();
    const { form } = await openPage();

    // The checkout is in the page's totals, beside what has been raised.
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByRole('form', { name: HEADING })).toBe(form);
    expect(field(form, 'Donation Amount').value).toBe('10.00');
    expect(field(form, 'Donation Amount').readOnly).toBe(false);
    expect(within(form).queryByLabelText('Quantity')).toBeNull();
    const picks = within(within(form).getByRole('group', { name: 'Quick amounts' })).getAllByRole('button');
    expect(picks.map((b) => b.textContent)).toEqual(['$10', '$20', '$50', '$100', '$200']);
    expect(within(form).getByRole('textbox', { name: 'A message for Aroha' })).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(form).getByRole('checkbox', { name: 'Donate Anonymously' })).toBeTruthy();
    expect((within(form).getByRole('checkbox', { name: 'Only Aroha can see my message' }) as HTMLInputElement).checked).toBe(false);
    // A guest may pay by card or gift voucher, and give monthly or from their pay after signing in.
    expect(within(form).getByRole('button', { name: 'Card' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Gift Voucher' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Payroll' })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Monthly' })).toBeTruthy();
  });

  it('shows the matching campaigns on the page or its event above the checkout (spec 2 §7 "get for page")', async () => {
    const fetch = fakePlatform();
    fetch.on(
      'GET',
      `/api/matching/campaigns/page/${PAGE_ID}?eventId=${EVENT_ID}`,
      json(200, {
        items: [
          {
            id: '01JCAMPAIGN000000000000001',
            name: 'Round the Bays match',
            description: 'Our people’s fundraising, matched.',
            workplaceName: 'Tasman Engineering',
            givingType: 'Any',
            recurrenceType: 'Any',
            matchRatio: 1,
            memberCap: 0,
            entryCap: 100_000,
            campaignCap: 0,
            currency: 'NZD',
            matchType: 'Donation',
            memberType: 'Employee',
            endsOn: '2099-12-31',
          },
        ],
      }),
    );
    const { form } = await openPage();
    const banner = screen.getByRole('complementary', { name: 'Matching campaign: Round the Bays match' });
    expect(banner.textContent).toContain('Tasman Engineering matches staff donations 100%, up to $1,000.00 per fundraiser.');
    // Above the checkout, drawn with it.
    expect(banner.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a guest gives $20 with a message only the owner sees: posted to the page’s donate call, polled, and thanked with the page and its owner', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', GUEST_DONATE, json(202, { trackingNumber: TRACKING_NUMBER }));
    const { form, user, router } = await openPage();

    await user.click(within(form).getByRole('button', { name: '$20' }));
    await user.type(within(form).getByRole('textbox', { name: 'A message for Aroha' }), 'Kia kaha, Aroha!');
    await user.click(within(form).getByRole('checkbox', { name: 'Only Aroha can see my message' }));
    await nameGuest(form, user);
    // The choices are kept for this page (by its id) while the donor is here.
    expect(loadCheckoutState(PAGE_ID)).toMatchObject({ donationAmount: '20.00', message: 'Kia kaha, Aroha!', isMessageAnonymous: true });

    await user.click(within(form).getByRole('button', { name: 'Donate' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your donation' }, { timeout: 10_000 })).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/donations/payments')).toHaveLength(0);
    const [post] = fetch.callsTo('POST', GUEST_DONATE);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      pageType: 'FUNDRAISE',
      country: 'nz',
      donationAmount: 2000,
      quantity: 1,
      supportingAmount: 0,
      // nz's card fee on $20: 1.9% + 30c.
      transactionFeeCents: 68,
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      isMessageAnonymous: true,
      donorMessage: 'Kia kaha, Aroha!',
      receiptName: 'Mere Tapsell',
      donor: { firstName: 'Mere', lastName: 'Tapsell', email: 'mere@example.co.nz' },
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });
    expect(post?.body).not.toHaveProperty('message');
    expect(post?.body).not.toHaveProperty('pageId');
    expect(fetch.callsTo('GET', STATUS_URL).length).toBeGreaterThan(0);

    expect(router.state.location.pathname).toBe('/nz/thankyou');
    expect(screen.getByText('Your donation to Aroha Ngata’s fundraiser “Aroha runs the bays” for Kiwi Coast Rescue has been received. A receipt is on its way to your inbox.')).toBeTruthy();
    expect(screen.getByRole('definition', { name: (_, el) => el.textContent === 'Aroha runs the bays' })).toBeTruthy();
    expect(screen.getByText('Aroha Ngata')).toBeTruthy();
    expect(screen.getByText('$20.68')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Aroha Ngata’s fundraiser' }).getAttribute('href')).toBe(PATH);
    // A completed payment forgets the page's saved choices.
    expect(loadCheckoutState(PAGE_ID)).toBeUndefined();

    // Back on the page, its totals and donors are read again (the gift counts toward them).
    const pageReads = fetch.callsTo('GET', PAGE_URL).length;
    await user.click(screen.getByRole('link', { name: 'Back to Aroha Ngata’s fundraiser' }));
    await screen.findByRole('heading', { level: 1, name: 'Aroha runs the bays' });
    await waitFor(() => expect(fetch.callsTo('GET', PAGE_URL).length).toBeGreaterThan(pageReads));
  });

  it('a member gives monthly through the member call, without a donor; payroll is offered where the workplace allows it', async () => {
    const fetch = fakePlatform();
    // The workplace grants Workplace_Fundraising_Payroll: the page offers payroll too.
    signIn(fetch, { card: true, voucher: false, payroll: true, recurring: true, workplace: { id: 'wp-1', name: 'Tasman Engineering' } });
    fetch.on('POST', MEMBER_DONATE, json(202, { trackingNumber: TRACKING_NUMBER }));
    const { form, user } = await openPage();

    await waitFor(() => expect(fetch.callsTo('GET', '/api/donations/me/payment-options?pageType=FUNDRAISE')).toHaveLength(1));
    expect(within(form).getByText('Giving as Dana Whitfield (dana.donor@demo.koha.nz)')).toBeTruthy();
    await waitFor(() => expect(field(form, 'Receipt Name').value).toBe('Dana Whitfield'));
    expect(within(form).getByRole('button', { name: 'Payroll' })).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: '$50' }));
    await user.click(within(form).getByRole('radio', { name: 'Monthly' }));
    await user.click(within(form).getByRole('button', { name: 'Donate Monthly' }));

    await waitFor(() => expect(fetch.callsTo('POST', MEMBER_DONATE)).toHaveLength(1));
    expect(fetch.callsTo('POST', GUEST_DONATE)).toHaveLength(0);
    const [post] = fetch.callsTo('POST', MEMBER_DONATE);
    expect(post?.headers.get('authorization')).toBe('Bearer dana-id-token');
    expect(post?.body).toEqual({
      pageType: 'FUNDRAISE',
      country: 'nz',
      donationAmount: 5000,
      quantity: 1,
      supportingAmount: 0,
      transactionFeeCents: 125,
      paymentType: 'CARD',
      isRecurring: true,
      isAnonymous: false,
      isMessageAnonymous: false,
      receiptName: 'Dana Whitfield',
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242', saveCard: true },
    });
    expect(post?.body).not.toHaveProperty('donor');
    expect(post?.body).not.toHaveProperty('donorMessage');
    expect(await screen.findByText(/Your monthly donation to Aroha Ngata’s fundraiser “Aroha runs the bays” for Kiwi Coast Rescue has started/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a page that ended meanwhile (409): says so above Donate, fetches the page again, and its Ended status replaces the checkout', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', GUEST_DONATE, problem(409, { title: 'Conflict', code: 'Conflict', detail: FUNDRAISING_MESSAGES.pageEnded }));
    const { form, user } = await openPage();
    await nameGuest(form, user);
    // What the page says when it is fetched again.
    fetch.on('GET', PAGE_URL, json(200, aPage({ status: 'Ended' })));
    const pageReads = fetch.callsTo('GET', PAGE_URL).length;

    await user.click(within(form).getByRole('button', { name: 'Donate' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(FUNDRAISING_MESSAGES.pageEnded);
    expect(alert.compareDocumentPosition(within(form).getByRole('button', { name: 'Donate' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(fetch.callsTo('GET', PAGE_URL).length).toBeGreaterThan(pageReads));
    const totals = screen.getByRole('region', { name: 'Totals' });
    await waitFor(() => expect(within(totals).queryByRole('form', { name: HEADING })).toBeNull());
    expect(within(totals).getByText('Ended')).toBeTruthy();
    expect(within(totals).getByRole('status').textContent).toBe(FUNDRAISING_MESSAGES.pageEnded);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(0);
  });

  it('shows the API’s field errors at the message', async () => {
    const fetch = fakePlatform();
    fetch.on('POST', GUEST_DONATE, problem(400, { title: 'Invalid request', code: 'ValidationFailed', errors: [{ field: 'body.donorMessage', message: 'Must be 500 characters or fewer.' }] }));
    const { form, user } = await openPage();
    await user.type(within(form).getByRole('textbox', { name: 'A message for Aroha' }), 'Go!');
    await nameGuest(form, user);
    await user.click(within(form).getByRole('button', { name: 'Donate' }));
    const message = within(form).getByRole('textbox', { name: 'A message for Aroha' });
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(message);
    expect(within(form).getByText('Must be 500 characters or fewer.')).toBeTruthy();
  });

  it.each(['Ended', 'Offline'] as const)('an %s page shows no checkout and does not load it', async (status) => {
    const fetch = fakePlatform(aPage({ status, isOnline: status !== 'Offline' }));
    renderApp(PATH);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('status').textContent).toBe(status === 'Ended' ? FUNDRAISING_MESSAGES.pageEnded : FUNDRAISING_MESSAGES.pageOffline);
    // Past the first screen, once the donors (below it) have come: still no checkout, nor its place.
    await screen.findByText('No donations yet.');
    expect(screen.queryByRole('form', { name: HEADING })).toBeNull();
    expect(totals.querySelector('[aria-busy="true"]')).toBeNull();
    expect(fetch.callsTo('GET', '/api/donations/payment-gateway?country=nz')).toHaveLength(0);
  });
});
