import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUND_MESSAGES, type BackOfficePaymentDetail, type BackOfficePaymentSummary, type Refund } from '@giving/shared/contracts/back-office-payments';
import type { CharityProfile } from '@giving/shared/contracts/accounts-public';
import { BACK_OFFICE_PERMISSIONS, type Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem, type RecordedRequest } from '../../../testing/fetch-fake';
import { anAdminMenu, menuLabels, renderConsole } from '../../../app/routes/admin/testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const API = '/api/donations/backoffice/payments';
const SCREEN = '/admin/backoffice/payments';
const KIWI = { id: '01JCHARTY00000000000000001', name: 'Kiwi Coast Rescue' };
const REEF = { id: '01JCHARTY00000000000000002', name: 'Reef Life Trust' };

const aPayment = (n: number, overrides: Partial<BackOfficePaymentSummary> = {}): BackOfficePaymentSummary => ({
  trackingNumber: `KOHA-2026-${String(n).padStart(6, '0')}`,
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:05.000Z',
  status: 'Completed',
  kind: 'Gift',
  what: 'Feed a kiwi chick for a week',
  charity: KIWI,
  donor: { name: `Donor ${n}`, email: `donor${n}@example.com` },
  total: { cents: 5250, currency: 'NZD' },
  paymentType: 'CARD',
  country: 'nz',
  ...overrides,
});

const FAILED = aPayment(2, {
  status: 'Failed',
  kind: 'Fundraising page',
  what: 'Mere’s swim for the reef',
  charity: REEF,
  donor: { name: 'Tom Lee', email: 'tom@example.com.au' },
  total: { cents: 10_000, currency: 'AUD' },
  country: 'au',
});

const aDetail = (overrides: Partial<BackOfficePaymentDetail> = {}): BackOfficePaymentDetail => ({
  ...aPayment(1),
  memberId: '01JMEMBER00000000000000001',
  amounts: {
    // The whole donation: 2 x $25.00.
    donation: { cents: 5000, currency: 'NZD' },
    quantity: 2,
    tip: { cents: 100, currency: 'NZD' },
    fee: { cents: 150, currency: 'NZD' },
    voucher: { cents: 0, currency: 'NZD' },
  },
  card: { cardType: 'Visa', last4: '4242' },
  chargeId: 'ch_3PqRsT',
  messages: [],
  isRecurring: false,
  // Out of order on purpose: the panel reads them oldest first.
  history: [
    { at: '2026-11-21T09:00:04.000Z', step: 'Charge card', outcome: 'Succeeded' },
    { at: '2026-11-21T09:00:00.000Z', step: 'Payment workflow', outcome: 'Started' },
    { at: '2026-11-21T09:00:02.000Z', step: 'Charge card', outcome: 'Retried', detail: 'GatewayTimeout' },
  ],
  refunds: [],
  refundable: { donation: { cents: 5000, currency: 'NZD' }, total: { cents: 5250, currency: 'NZD' } },
  ...overrides,
});

const aRefund = (overrides: Partial<Refund> = {}): Refund => ({
  refundId: '01JREFUND00000000000000001',
  trackingNumber: 'KOHA-2026-000001',
  status: 'Requested',
  isFull: false,
  currency: 'NZD',
  parts: { charity: 1000, tip: 0, fee: 0, card: 1000, voucher: 0 },
  total: 1000,
  reason: 'Gave twice by mistake',
  requestedBy: 'Alex Morgan',
  requestedAt: '2026-11-22T01:00:00.000Z',
  ...overrides,
});

const aCharity = (charity: { id: string; name: string }): CharityProfile => ({
  ...charity,
  charityUrl: charity.name.toLowerCase().replaceAll(' ', '-'),
  country: 'nz',
  logoImageUrl: '/logo.png',
  description: 'A charity.',
  causes: [],
});

/** The list's answers, by the query parameters sent: every request is answered and recorded. */
function start({ permissions = BACK_OFFICE_PERMISSIONS as readonly Permission[], answer }: { permissions?: readonly Permission[]; answer?: (params: URLSearchParams) => unknown } = {}) {
  const fetch = installFetchFake();
  // The charities' choices come a page at a time: both pages are read.
  fetch.on('GET', '/api/accounts/backoffice/charities', json(200, { items: [aCharity(REEF)], nextCursor: 'c2' }));
  fetch.on('GET', '/api/accounts/backoffice/charities?cursor=c2', json(200, { items: [aCharity(KIWI)] }));
  const listCalls: URLSearchParams[] = [];
  fetch.on('GET', new RegExp(`^${API}(\\?.*)?$`), (request: RecordedRequest) => {
    const params = new URL(request.url, 'http://koha.test').searchParams;
    listCalls.push(params);
    return json(200, answer ? answer(params) : { items: [aPayment(1), FAILED] });
  });
  const rendered = renderConsole(SCREEN, { fetch, menu: anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true }), permissions });
  const sent = () => listCalls.map((params) => Object.fromEntries(params));
  return { ...rendered, sent };
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/admin/backoffice/payments', () => {
  it('lists every payment newest first: when, tracking number, what, charity, donor, total in its currency and status', async () => {
    start();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(cells(table)).toEqual([
      ['21 Nov 2026, 10:00 pm', 'KOHA-2026-000001', 'Gift', 'Feed a kiwi chick for a week', 'Kiwi Coast Rescue', 'Donor 1donor1@example.com', '$52.50', 'Completed', 'Details of KOHA-2026-000001'],
      ['21 Nov 2026, 8:00 pm', 'KOHA-2026-000002', 'Fundraising page', 'Mere’s swim for the reef', 'Reef Life Trust', 'Tom Leetom@example.com.au', '$100.00', 'Failed', 'Details of KOHA-2026-000002'],
    ]);
    // The tracking number names the row; each status has its tone.
    expect(within(table).getByRole('rowheader', { name: 'KOHA-2026-000001' })).toBeTruthy();
    expect(within(table).getByText('Completed').className).toMatch(/success/);
    expect(within(table).getByText('Failed').className).toMatch(/danger/);
    expect(menuLabels('Back Office')).toContain('Payments');
  });

  it('searches by tracking number or e-mail, and filters by status and charity, with the same filters on each page', async () => {
    const { user, sent } = start({
      answer: (params) => (params.get('cursor') ? { items: [aPayment(30)] } : { items: [aPayment(1)], nextCursor: params.get('q') ? 'page-2' : undefined }),
    });
    await screen.findByRole('table', { name: 'Payments' });
    expect(sent()).toEqual([{}]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(sent()).toHaveLength(2));
    // The charities, sorted by name, from both pages of the list.
    const charity = screen.getByRole('combobox', { name: 'Charity' });
    await waitFor(() => expect(within(charity).getAllByRole('option').map((option) => option.textContent)).toEqual(['All charities', 'Kiwi Coast Rescue', 'Reef Life Trust']));
    await user.selectOptions(charity, 'Reef Life Trust');
    await waitFor(() => expect(sent()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Tracking number or e-mail' }), 'tom@example.com.au{Enter}');
    await screen.findByRole('table', { name: 'Payments matching “tom@example.com.au”' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));

    expect(sent()).toEqual([
      {},
      { status: 'Failed' },
      { status: 'Failed', charityId: REEF.id },
      { q: 'tom@example.com.au', status: 'Failed', charityId: REEF.id },
      { q: 'tom@example.com.au', status: 'Failed', charityId: REEF.id, cursor: 'page-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there are no payments, and when none match the search', async () => {
    const { user } = start({ answer: () => ({ items: [] }) });
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Tracking number or e-mail' }), 'KOHA-404{Enter}');
    expect(await screen.findByText('No payments match “KOHA-404”.')).toBeTruthy();
  });

  it('opens a payment’s details: summary, amounts, the card’s last 4, the charge and its history in order', async () => {
    const { fetch, user } = start();
    fetch.on('GET', `${API}/KOHA-2026-000001`, json(200, aDetail()));
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));

    const panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000001' });
    await within(panel).findByRole('heading', { name: 'History' });
    expect(document.activeElement?.textContent).toBe('Payment KOHA-2026-000001');
    const amounts = within(panel).getByRole('region', { name: 'Amounts' });
    expect([...amounts.querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
      'Donation',
      '$25.00 × 2 = $50.00',
      'Tip',
      '$1.00',
      'Card fee',
      '$1.50',
      'Paid by voucher',
      '$0.00',
      'Total',
      '$52.50',
    ]);
    expect(within(panel).getByText('Visa ending 4242')).toBeTruthy();
    expect(within(panel).getByText('ch_3PqRsT')).toBeTruthy();
    const history = within(panel).getByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '21 Nov 2026, 10:00 pmPayment workflowStarted',
      '21 Nov 2026, 10:00 pmCharge cardRetriedGatewayTimeout',
      '21 Nov 2026, 10:00 pmCharge cardSucceeded',
    ]);
    expect(within(history).getByText('Retried').className).toMatch(/warning/);

    await user.click(within(panel).getByRole('button', { name: 'Close payment KOHA-2026-000001' }));
    expect(screen.queryByRole('region', { name: 'Payment KOHA-2026-000001' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' })));
  });

  it('shows what a failed payment told the donor', async () => {
    const { fetch, user } = start();
    fetch.on(
      'GET',
      `${API}/KOHA-2026-000002`,
      json(
        200,
        aDetail({
          ...FAILED,
          amounts: { donation: { cents: 10_000, currency: 'AUD' }, quantity: 1, tip: { cents: 0, currency: 'AUD' }, fee: { cents: 0, currency: 'AUD' }, voucher: { cents: 0, currency: 'AUD' } },
          card: { cardType: 'Mastercard', last4: '0005' },
          chargeId: undefined,
          messages: ['Your card was declined. Try another card.'],
          history: [{ at: '2026-11-21T09:00:03.000Z', step: 'Charge card', outcome: 'Failed', detail: 'CardDeclined' }],
        }),
      ),
    );
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000002' }));
    const panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000002' });
    expect(await within(panel).findByText('Your card was declined. Try another card.')).toBeTruthy();
    expect(within(panel).getAllByText('$100.00', { selector: 'dd' })).toHaveLength(2);
    expect(within(panel).getByText('Mastercard ending 0005')).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'History' })).getByText('Failed').className).toMatch(/danger/);
  });

  it('refunds part of the donation with the reason and a key, shows it being given back, then refunded', async () => {
    const { fetch, user } = start();
    let refunds: Refund[] = [];
    fetch.on('GET', `${API}/KOHA-2026-000001`, () => json(200, aDetail({ refunds, refundable: refunds.length ? { donation: { cents: 4000, currency: 'NZD' }, total: { cents: 4250, currency: 'NZD' } } : aDetail().refundable })));
    const posted: RecordedRequest[] = [];
    fetch.on('POST', `${API}/KOHA-2026-000001/refunds`, (request: RecordedRequest) => {
      posted.push(request);
      if (posted.length === 1) return problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: REFUND_MESSAGES.moreThanLeft('$50.00') });
      refunds = [aRefund()];
      return json(202, { refund: refunds[0] });
    });
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));
    const panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000001' });
    expect(await within(panel).findByText('Nothing has been refunded.')).toBeTruthy();
    expect(within(panel).getByText('$52.50 left to refund ($50.00 of the donation).')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Refund payment KOHA-2026-000001' }));

    const form = within(panel).getByRole('form', { name: 'Refund payment KOHA-2026-000001' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What to refund' }), 'part');
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    // The reason is required, in the spec's words; nothing is sent.
    expect(await within(form).findByText('Required Field!')).toBeTruthy();
    expect(posted).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Gave twice by mistake');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    // The API's 409 in the form; the same refund again goes with the same key.
    expect(await within(form).findByText(REFUND_MESSAGES.moreThanLeft('$50.00'))).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map((request) => request.body)).toEqual([
      { amount: 1000, reason: 'Gave twice by mistake' },
      { amount: 1000, reason: 'Gave twice by mistake' },
    ]);
    expect(posted[0]!.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
    expect(posted[1]!.headers.get('Idempotency-Key')).toBe(posted[0]!.headers.get('Idempotency-Key'));

    const list = await within(panel).findByRole('list', { name: 'Refunds' });
    expect(within(list).getByText('Being refunded')).toBeTruthy();
    expect(list.textContent).toContain('$10.00 of the donation');
    expect(list.textContent).toContain('$10.00 to the card');
    expect(list.textContent).toContain('“Gave twice by mistake” — Alex Morgan');
    // Read again until the refund workflow ends.
    refunds = [aRefund({ status: 'Completed', completedAt: '2026-11-22T01:00:05.000Z' })];
    expect(await within(panel).findByText('Refunded', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('offers no refund to BackOffice_ViewPayments, nor for a payment that cannot be refunded', async () => {
    const { fetch, user } = start({ permissions: ['BackOffice_ViewPayments'] });
    fetch.on('GET', `${API}/KOHA-2026-000001`, json(200, aDetail()));
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));
    const panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000001' });
    expect(await within(panel).findByText('Nothing has been refunded.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('words a voucher purchase’s refund as its unspent value, and a membership’s as its fee that a full refund ends', async () => {
    const { fetch, user } = start();
    const voucherLeft = { donation: { cents: 3000, currency: 'NZD' as const }, total: { cents: 3000, currency: 'NZD' as const } };
    fetch.on('GET', `${API}/KOHA-2026-000001`, json(200, aDetail({ kind: 'Gift voucher', what: 'A $50.00 gift voucher', refundable: voucherLeft })));
    fetch.on('GET', `${API}/KOHA-2026-000002`, json(200, aDetail({ ...FAILED, status: 'Completed', kind: 'Membership', what: 'Supporter membership', refundable: voucherLeft })));
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));
    let panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000001' });
    expect(await within(panel).findByText('$30.00 left to refund ($30.00 of the voucher’s unspent value).')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Refund payment KOHA-2026-000001' }));
    let form = within(panel).getByRole('form', { name: 'Refund payment KOHA-2026-000001' });
    expect(within(form).getByRole('option', { name: 'Everything left: $30.00 (what the voucher has left unspent)' })).toBeTruthy();
    expect(within(form).getByRole('option', { name: 'Part of the voucher’s unspent value (up to $30.00)' })).toBeTruthy();
    expect(form.textContent).toContain('What is refunded is taken off the voucher at once, so it can no longer be spent');

    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000002' }));
    panel = await screen.findByRole('region', { name: 'Payment KOHA-2026-000002' });
    await user.click(await within(panel).findByRole('button', { name: 'Refund payment KOHA-2026-000002' }));
    form = within(panel).getByRole('form', { name: 'Refund payment KOHA-2026-000002' });
    expect(within(form).getByRole('option', { name: 'Part of the membership fee (up to $30.00)' })).toBeTruthy();
    expect(form.textContent).toContain('The member is e-mailed and Reef Life Trust is owed less. A full refund ends the membership at once; a part refund leaves it as it is.');
  });

  it('says when nothing is left to refund of a completed payment, and that only a completed one can be refunded', async () => {
    const { fetch, user } = start();
    fetch.on('GET', `${API}/KOHA-2026-000001`, json(200, aDetail({ kind: 'Gift voucher', refundable: undefined })));
    fetch.on('GET', `${API}/KOHA-2026-000002`, json(200, aDetail({ ...FAILED, refundable: undefined })));
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));
    const spent = await screen.findByRole('region', { name: 'Payment KOHA-2026-000001' });
    expect(await within(spent).findByText('Nothing is left to refund.')).toBeTruthy();
    expect(within(spent).queryByRole('button', { name: /^Refund/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000002' }));
    const failed = await screen.findByRole('region', { name: 'Payment KOHA-2026-000002' });
    expect(await within(failed).findByText('Only a completed payment can be refunded.')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('says when the payment is not found', async () => {
    const { fetch, user } = start();
    fetch.on('GET', `${API}/KOHA-2026-000001`, problem(404, { title: 'Not found' }));
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Details of KOHA-2026-000001' }));
    expect(await screen.findByText('That payment was not found.')).toBeTruthy();
  });

  it.each(['BackOffice_ViewPayments', 'BackOffice_ManagePayments'] as const)('is in the menu for %s', async (permission) => {
    start({ permissions: [permission] });
    await screen.findByRole('table', { name: 'Payments' });
    expect(menuLabels('Back Office')).toEqual(['Payments', 'Matching Payments']);
  });
});
