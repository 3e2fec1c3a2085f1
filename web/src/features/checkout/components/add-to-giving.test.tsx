import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayrollPledge } from '@giving/shared/contracts/payroll';
import { resetSessionForTests, setIdTokenProvider, setSession } from '../../../lib/session';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { aCharity, aGift } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { AddToGivingSlot } from '../add-to-giving-part';
import { ADD_TO_GIVING, givingLead, type AddToGivingProps } from './add-to-giving';
import { FREQUENCY_LABELS, GIVING_TEXTS, givingTitle, howItWorks } from './add-to-giving-dialog';
import { PAYROLL_TEXTS } from './payroll-pledge';

/** Spec 2 §7 "Workplace giving: Add to giving", on the charity and gift pages. */
const PLEDGES = '/api/donations/me/payroll-pledges';
const OPTIONS = (pageType: 'GIFT' | 'CHARITY') => `/api/donations/me/payment-options?pageType=${pageType}`;
const WORKPLACE = { id: '01JWRKP0000000000000000001', name: 'Tasman Engineering' };
const PAYROLL_MEMBER = { card: true, voucher: true, payroll: true, recurring: true, workplace: WORKPLACE };
const charity = aCharity();
const gift = aGift();

const aPledge = (overrides: Partial<PayrollPledge> = {}): PayrollPledge => ({
  pledgeId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  pageType: 'CHARITY',
  country: 'nz',
  workplace: WORKPLACE,
  charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl },
  quantity: 1,
  amount: { cents: 2500, currency: 'NZD' },
  total: { cents: 2500, currency: 'NZD' },
  donationFrequency: 'EveryPayCycle',
  isAnonymous: false,
  status: 'Active',
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

let fetch: FetchFake;

beforeEach(() => {
  resetSessionForTests();
  fetch = installFetchFake();
});
afterEach(() => act(() => resetSessionForTests()));

function signIn() {
  setSession({ status: 'signedIn', memberId: 'sub-wiremu', email: 'wiremu.parata@tasman-engineering.co.nz', name: 'Wiremu Parata' });
  setIdTokenProvider(async () => 'wiremu-id-token');
}

function renderGiving(props: Partial<AddToGivingProps> = {}) {
  return renderWithRouter(<AddToGivingSlot target={{ pageType: 'CHARITY', charity }} country="nz" {...props} />, {
    path: '/nz/charity/kiwi-kids-trust',
    routes: [{ path: '/nz/admin/user/donations/upcoming', element: <h1>Upcoming donations</h1> }],
  });
}

/** A signed-in member whose workplace allows payroll, with the dialog open. */
async function openDialog(props: Partial<AddToGivingProps> = {}) {
  signIn();
  const pageType = props.target?.pageType ?? 'CHARITY';
  fetch.on('GET', OPTIONS(pageType), json(200, PAYROLL_MEMBER));
  const view = renderGiving(props);
  const button = await screen.findByRole('button', { name: ADD_TO_GIVING });
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: givingTitle(props.target ?? { pageType: 'CHARITY', charity }) });
  return { ...view, button, dialog };
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: ADD_TO_GIVING });
const posts = () => fetch.callsTo('POST', PLEDGES);

describe('Add to giving: who sees it', () => {
  it('a guest sees nothing and no payment options are asked for', async () => {
    setSession({ status: 'signedOut' });
    renderGiving();
    // What comes after the first screen has had its chance to come.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: ADD_TO_GIVING })).toBeNull();
    expect(fetch.calls).toHaveLength(0);
  });

  it('a member whose workplace does not allow payroll on this page type sees nothing', async () => {
    signIn();
    fetch.on('GET', OPTIONS('CHARITY'), json(200, { card: true, voucher: true, payroll: false, recurring: true, workplace: WORKPLACE }));
    renderGiving();
    await waitFor(() => expect(fetch.callsTo('GET', OPTIONS('CHARITY'))).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: ADD_TO_GIVING })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Workplace giving' })).toBeNull();
  });

  it('a member who may give by payroll sees it, naming their workplace; the dialog’s code loads only when pressed', async () => {
    signIn();
    fetch.on('GET', OPTIONS('GIFT'), json(200, PAYROLL_MEMBER));
    renderGiving({ target: { pageType: 'GIFT', gift } });
    const section = await screen.findByRole('region', { name: 'Workplace giving' });
    expect(section.textContent).toContain(givingLead('Tasman Engineering'));
    expect(within(section).getByRole('button', { name: ADD_TO_GIVING })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Add to giving: the dialog', () => {
  it('is labelled, says how payroll giving works, closes on Escape and gives focus back to the button', async () => {
    const { user, button, dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(howItWorks('Tasman Engineering'));
    // Focus starts inside: on the amount.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(GIVING_TEXTS.amountPerPay));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    // Cancel does the same.
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: GIVING_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('for a charity: posts the amount per pay, how often and anonymity, with an Idempotency-Key', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge({ donationFrequency: 'OnceOff', isAnonymous: true })));
    const { user, dialog } = await openDialog();
    const amount = within(dialog).getByLabelText(GIVING_TEXTS.amountPerPay) as HTMLInputElement;
    // A general donation starts at the checkout's $10.
    expect(amount.value).toBe('10.00');
    await user.clear(amount);
    await user.type(amount, '25');
    expect((within(dialog).getByRole('radio', { name: FREQUENCY_LABELS.EveryPayCycle }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: FREQUENCY_LABELS.OnceOff }));
    await user.click(within(dialog).getByRole('checkbox', { name: GIVING_TEXTS.anonymous }));
    await user.click(submitButton(dialog));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      pageType: 'CHARITY',
      country: 'nz',
      charityId: charity.id,
      amount: 2500,
      donationFrequency: 'OnceOff',
      anonymousDonation: true,
    });
    expect(posts()[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(posts()[0]?.headers.get('authorization')).toBe('Bearer wiremu-id-token');
  });

  it('for a priced gift: the price is read-only, times the quantity per pay, and the product payload is posted', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge({ pageType: 'GIFT', gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl }, quantity: 3, total: { cents: 7500, currency: 'NZD' } })));
    const { user, dialog } = await openDialog({ target: { pageType: 'GIFT', gift } });
    const price = within(dialog).getByLabelText(GIVING_TEXTS.giftAmount) as HTMLInputElement;
    expect(price.value).toBe('25.00');
    expect(price.readOnly).toBe(true);
    expect(within(dialog).getByText(GIVING_TEXTS.giftPriceHint)).toBeTruthy();
    const quantity = within(dialog).getByRole('spinbutton', { name: GIVING_TEXTS.quantity });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(within(dialog).getByRole('status', { name: GIVING_TEXTS.amountPerPay }).textContent).toBe('$75.00');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      pageType: 'GIFT',
      country: 'nz',
      productId: gift.id,
      productQuantity: 3,
      productAmount: 2500,
      donationFrequency: 'EveryPayCycle',
      anonymousDonation: false,
    });
  });

  it('checks the amount and quantity as the checkout does, with its messages, and posts nothing', async () => {
    const { user, dialog } = await openDialog();
    const amount = within(dialog).getByLabelText(GIVING_TEXTS.amountPerPay);
    for (const typed of ['0.99', '1000000.01', '12.345']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(submitButton(dialog));
      await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
      expect(within(dialog).getByText('Invalid Amount!')).toBeTruthy();
    }
    await user.clear(amount);
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Invalid Amount!')).toBeTruthy();
    // Once the amount is right, its message goes.
    await user.type(amount, '1');
    await waitFor(() => expect(within(dialog).queryByText('Invalid Amount!')).toBeNull());
    expect(posts()).toHaveLength(0);
  });

  it('checks a gift’s quantity: at least 1', async () => {
    const { user, dialog } = await openDialog({ target: { pageType: 'GIFT', gift } });
    const quantity = within(dialog).getByRole('spinbutton', { name: GIVING_TEXTS.quantity });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Invalid Input!')).toBeTruthy();
    expect(within(dialog).getByRole('status', { name: GIVING_TEXTS.amountPerPay }).textContent).toBe('—');
    expect(posts()).toHaveLength(0);
  });

  it('shows the API’s refusal in its words and stays open to try again', async () => {
    const words = 'Your workplace no longer allows payroll giving.';
    fetch.on('POST', PLEDGES, problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden', detail: words }));
    const { user, dialog } = await openDialog();
    await user.click(submitButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(words);
    expect(screen.getByRole('dialog', { name: givingTitle({ pageType: 'CHARITY', charity }) })).toBe(dialog);
  });

  it('puts the API’s field errors under their fields', async () => {
    fetch.on('POST', PLEDGES, problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.amount', message: 'Invalid Amount!' }] }));
    const { user, dialog } = await openDialog();
    await user.click(submitButton(dialog));
    const amount = within(dialog).getByLabelText(GIVING_TEXTS.amountPerPay);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Invalid Amount!')).toBeTruthy();
  });

  it('a gift whose price changed (409): says so and asks the page to fetch the gift again', async () => {
    const message = 'The price of this gift has changed. Please check the new price and try again.';
    fetch.on('POST', PLEDGES, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: message, errors: [{ field: 'body.productAmount', message }] }));
    const onGiftChanged = vi.fn();
    const { user, dialog } = await openDialog({ target: { pageType: 'GIFT', gift }, onGiftChanged });
    await user.click(submitButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(onGiftChanged).toHaveBeenCalledTimes(1);
  });

  it('a new key for each pledge the member sends; the same key when they press again after no answer came back', async () => {
    // The call itself retries twice when no answer comes (2 s, then 4 s later): the clock is moved on for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    fetch.sequence('POST', PLEDGES, [
      noAnswer,
      noAnswer,
      noAnswer,
      () => problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden' }),
      () => json(201, aPledge()),
    ]);
    const { user, dialog } = await openDialog();
    await user.click(submitButton(dialog));
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('We could not reach the server. Check your connection and try again.');
    expect(posts()).toHaveLength(3);
    // Pressed again, unchanged: the same pledge, so the same key (the API stores it once if an earlier one did arrive).
    await user.click(submitButton(dialog));
    await within(dialog).findByText('You do not have permission to do that.');
    // That one was answered: the next press is a new attempt.
    await user.click(submitButton(dialog));
    await screen.findByRole('dialog', { name: GIVING_TEXTS.addedTitle });
    const keys = posts().map((post) => post.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(5);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('a changed pledge after no answer is a new one, with a new key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    fetch.sequence('POST', PLEDGES, [noAnswer, noAnswer, noAnswer, () => json(201, aPledge())]);
    const { user, dialog } = await openDialog();
    await user.click(submitButton(dialog));
    await act(() => vi.advanceTimersByTimeAsync(7000));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('radio', { name: FREQUENCY_LABELS.OnceOff }));
    await user.click(submitButton(dialog));
    await screen.findByRole('dialog', { name: GIVING_TEXTS.addedTitle });
    const keys = posts().map((post) => post.headers.get('Idempotency-Key'));
    expect(keys[3]).not.toBe(keys[2]);
    expect(posts()[3]?.body).toMatchObject({ donationFrequency: 'OnceOff' });
  });

  it('on success: says it was added, what and how often, and links to Upcoming donations', async () => {
    fetch.on('POST', PLEDGES, json(201, aPledge()));
    const { user, dialog, router, button } = await openDialog();
    await user.click(submitButton(dialog));
    const done = await screen.findByRole('dialog', { name: GIVING_TEXTS.addedTitle });
    expect(screen.queryByRole('dialog', { name: givingTitle({ pageType: 'CHARITY', charity }) })).toBeNull();
    expect(done.textContent).toContain('Kiwi Kids Trust: $25.00 every pay, through Tasman Engineering’s payroll.');
    // Close gives focus back to the button.
    await user.click(within(done).getByRole('button', { name: GIVING_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(submitButton(await screen.findByRole('dialog', { name: givingTitle({ pageType: 'CHARITY', charity }) })));
    const again = await screen.findByRole('dialog', { name: GIVING_TEXTS.addedTitle });
    const link = within(again).getByRole('link', { name: PAYROLL_TEXTS.goToUpcoming });
    expect(link.getAttribute('href')).toBe('/nz/admin/user/donations/upcoming');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/admin/user/donations/upcoming'));
    expect(await screen.findByRole('heading', { name: 'Upcoming donations' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
