import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayrollPledge } from '@giving/shared/contracts/payroll';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { aGift } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { PAYROLL_TEXTS, PayrollPledgeButton, type PayrollPledgeProps } from './payroll-pledge';

/** Spec §4 "Payroll" and §5: the payroll button, its confirm, processing and result modals. */
const PLEDGES = '/api/donations/me/payroll-pledges';
const gift = aGift();

const aPledge = (overrides: Partial<PayrollPledge> = {}): PayrollPledge => ({
  pledgeId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  pageType: 'GIFT',
  country: 'nz',
  workplace: { id: 'w1', name: 'Tasman Engineering' },
  charity: { id: gift.charity.id, name: gift.charity.name, charityUrl: gift.charity.charityUrl },
  gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl },
  quantity: 2,
  amount: { cents: 2500, currency: 'NZD' },
  total: { cents: 5000, currency: 'NZD' },
  donationFrequency: 'OnceOff',
  isAnonymous: false,
  status: 'Active',
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

function renderPayroll(overrides: Partial<PayrollPledgeProps> = {}) {
  const props: PayrollPledgeProps = {
    signedIn: true,
    amountCents: 2500,
    quantity: 2,
    isAnonymous: false,
    target: { pageType: 'GIFT', gift },
    country: 'nz',
    workplaceName: 'Tasman Engineering',
    validate: vi.fn(async () => true),
    onInvalid: vi.fn(),
    onRequestLogin: vi.fn(),
    onSuccess: vi.fn(),
    ...overrides,
  };
  const view = renderWithRouter(<PayrollPledgeButton {...props} />, {
    path: '/nz/kiwi-kids-trust/school-lunches',
    routes: [
      { path: '/nz/admin/user/donations/upcoming', element: <h1>Upcoming donations</h1> },
      { path: '/nz/thankyou', element: <h1>Thank you</h1> },
    ],
  });
  return { ...view, props };
}

const payrollButton = () => screen.getByRole('button', { name: PAYROLL_TEXTS.button });
const confirmDialog = () => screen.getByRole('dialog', { name: PAYROLL_TEXTS.confirmTitle });

let fetch: FetchFake;

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'wiremu-id-token');
  fetch = installFetchFake();
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('PayrollPledgeButton', () => {
  it('logged out: the button reads Please Login, says why, and asks the checkout to sign in', async () => {
    const { user, props } = renderPayroll({ signedIn: false });
    const button = screen.getByRole('button', { name: PAYROLL_TEXTS.pleaseLogin }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PAYROLL_TEXTS.loginHint);
    await user.click(button);
    expect(props.onRequestLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('to a fundraising page: posts the page payload of spec 1 §3 (pageId, pageAmount, donationFrequency, anonymousDonation, message)', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge({ pageType: 'FUNDRAISE', gift: undefined, quantity: 1, page: { id: '01JPAGE0000000000000000000', title: 'Aroha walks', pageUrl: 'aroha-walks', eventUrl: 'kiwi-walk' }, message: 'Kia kaha!' })));
    const { user } = renderPayroll({ target: { pageType: 'FUNDRAISE', page: { id: '01JPAGE0000000000000000000' } }, quantity: 1, amountCents: 2000, message: '  Kia kaha!  ' });
    await user.click(payrollButton());
    await screen.findByRole('dialog', { name: PAYROLL_TEXTS.confirmTitle });
    await user.click(screen.getByRole('radio', { name: 'Every pay cycle' }));
    await user.click(screen.getByRole('button', { name: PAYROLL_TEXTS.confirm }));
    await waitFor(() => expect(fetch.callsTo('POST', PLEDGES)).toHaveLength(1));
    expect(fetch.callsTo('POST', PLEDGES)[0]?.body).toEqual({
      pageType: 'FUNDRAISE',
      country: 'nz',
      pageId: '01JPAGE0000000000000000000',
      pageAmount: 2000,
      donationFrequency: 'EveryPayCycle',
      anonymousDonation: false,
      message: 'Kia kaha!',
    });
  });

  it('disabled by the checkout: the button cannot be pressed', () => {
    renderPayroll({ disabled: true });
    expect((payrollButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('an invalid form calls the checkout’s handler instead of opening the modal', async () => {
    const { user, props } = renderPayroll({ validate: vi.fn(async () => false) });
    await user.click(payrollButton());
    await waitFor(() => expect(props.onInvalid).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm, processing, then success: the pledge is posted once with an Idempotency-Key and the success actions show', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetch.on('POST', PLEDGES, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, props, router } = renderPayroll();

    await user.click(payrollButton());
    const dialog = await screen.findByRole('dialog', { name: PAYROLL_TEXTS.confirmTitle });
    expect(dialog.textContent).toContain('$50.00 will be deducted from your pay at Tasman Engineering.');
    await user.click(screen.getByRole('radio', { name: 'Every pay cycle' }));
    await user.click(screen.getByRole('button', { name: PAYROLL_TEXTS.confirm }));

    expect(await screen.findByRole('dialog', { name: 'Payment Processing' })).toBeTruthy();
    const [post] = fetch.callsTo('POST', PLEDGES);
    expect(post?.body).toEqual({
      pageType: 'GIFT',
      country: 'nz',
      productId: gift.id,
      productQuantity: 2,
      productAmount: 2500,
      donationFrequency: 'EveryPayCycle',
      anonymousDonation: false,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.headers.get('authorization')).toBe('Bearer wiremu-id-token');

    const pledge = aPledge({ donationFrequency: 'EveryPayCycle' });
    answer(json(201, pledge));
    expect(await screen.findByRole('dialog', { name: PAYROLL_TEXTS.success })).toBeTruthy();
    expect(props.onSuccess).toHaveBeenCalledWith(pledge);
    expect(screen.getByRole('button', { name: PAYROLL_TEXTS.viewThankYou })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: PAYROLL_TEXTS.goToUpcoming }));
    // Spec §2 "Payroll confirmation": /{country}/admin/user/donations/upcoming.
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/admin/user/donations/upcoming'));
    expect(fetch.callsTo('POST', PLEDGES)).toHaveLength(1);
  });

  it('View Thank You Message goes to the country’s thank-you page', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge()));
    const { user, router } = renderPayroll();
    await user.click(payrollButton());
    await user.click(await screen.findByRole('button', { name: PAYROLL_TEXTS.confirm }));
    await user.click(await screen.findByRole('button', { name: PAYROLL_TEXTS.viewThankYou }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/thankyou'));
  });

  it('a general donation to a charity posts charityId and amount', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge({ pageType: 'CHARITY', quantity: 1 })));
    const { user } = renderPayroll({ target: { pageType: 'CHARITY', charity: { id: 'charity-1' } }, quantity: 1, amountCents: 1000, isAnonymous: true });
    await user.click(payrollButton());
    await user.click(await screen.findByRole('button', { name: PAYROLL_TEXTS.confirm }));
    await screen.findByRole('dialog', { name: PAYROLL_TEXTS.success });
    expect(fetch.callsTo('POST', PLEDGES)[0]?.body).toEqual({
      pageType: 'CHARITY',
      country: 'nz',
      charityId: 'charity-1',
      amount: 1000,
      donationFrequency: 'OnceOff',
      anonymousDonation: true,
    });
  });

  it.each([
    ['under $1', 99],
    ['not a number', Number.NaN],
  ])('with an amount %s the confirm button is disabled and reads Please select an amount', async (_, amountCents) => {
    const { user } = renderPayroll({ amountCents });
    await user.click(payrollButton());
    await screen.findByRole('dialog', { name: PAYROLL_TEXTS.confirmTitle });
    const confirm = screen.getByRole('button', { name: PAYROLL_TEXTS.selectAmount }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: PAYROLL_TEXTS.confirm })).toBeNull();
  });

  it('a failure shows the server’s message and only Ok, which closes it', async () => {
    fetch.on('POST', PLEDGES, problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden', detail: 'Your workplace does not allow payroll giving for this donation.' }));
    const { user, props } = renderPayroll();
    await user.click(payrollButton());
    await user.click(await screen.findByRole('button', { name: PAYROLL_TEXTS.confirm }));
    const failed = await screen.findByRole('alertdialog', { name: PAYROLL_TEXTS.failedTitle });
    expect(failed.textContent).toContain('Your workplace does not allow payroll giving for this donation.');
    expect(Array.from(failed.querySelectorAll('button')).map((button) => button.textContent)).toEqual([PAYROLL_TEXTS.ok]);
    await user.click(screen.getByRole('button', { name: PAYROLL_TEXTS.ok }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(props.onSuccess).not.toHaveBeenCalled();
  });

  it('a gift whose price changed (409) shows the API’s words for the field and tells the checkout', async () => {
    const changed = 'The price of this gift has changed. Please check the total and try again.';
    fetch.on('POST', PLEDGES, problem(409, { title: 'Conflict', code: 'Conflict', errors: [{ field: 'body.productAmount', message: changed }] }));
    const onFailed = vi.fn();
    const { user } = renderPayroll({ onFailed });
    await user.click(payrollButton());
    await user.click(await screen.findByRole('button', { name: PAYROLL_TEXTS.confirm }));
    const failed = await screen.findByRole('alertdialog', { name: PAYROLL_TEXTS.failedTitle });
    expect(failed.textContent).toContain(changed);
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ status: 409 }));
  });

  it('opens the confirm modal on load when asked, signed in and not disabled', () => {
    renderPayroll({ autoOpen: true });
    expect(confirmDialog()).toBeTruthy();
  });

  it.each([
    ['disabled', { disabled: true }],
    ['logged out', { signedIn: false }],
  ])('does not open on load when %s', (_, overrides) => {
    renderPayroll({ autoOpen: true, ...overrides });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
