import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MORE_THAN_OWED, type MatchingPaymentList, type MatchingPeriod } from '@giving/shared/contracts/matching-payments';
import { BACK_OFFICE_PERMISSIONS, type Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { anAdminMenu, errorOf, menuLabels, renderConsole } from '../../../app/routes/admin/testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const TASMAN = { id: '01JWRKP0000000000000000001', name: 'Tasman Engineering' };
const HARBOUR = { id: '01JWRKP0000000000000000002', name: 'Harbour Bank' };
const KIWI = '01JCAMPAGN0000000000000001';
const REEF = '01JCAMPAGN0000000000000002';
const API = '/api/matching/backoffice/payments';
const SCREEN = '/admin/backoffice/matching-payments';

const aPeriod = (overrides: Partial<MatchingPeriod> = {}): MatchingPeriod => ({
  workplace: TASMAN,
  campaignId: KIWI,
  campaignName: 'Kiwi chick match',
  period: '2026-11',
  currency: 'NZD',
  matchedAmount: 125_000,
  donationsMatched: 14,
  paidAmount: 0,
  owedAmount: 125_000,
  byMatchType: { Donation: 125_000, Voucher: 0 },
  payments: [],
  ...overrides,
});

const harbourOctober = aPeriod({
  workplace: HARBOUR,
  campaignId: REEF,
  campaignName: 'Reef rescue match',
  period: '2026-10',
  currency: 'AUD',
  matchedAmount: 60_000,
  donationsMatched: 6,
  paidAmount: 20_000,
  owedAmount: 40_000,
  byMatchType: { Donation: 30_000, Voucher: 30_000 },
  payments: [{ paymentId: 'P1', amount: 20_000, currency: 'AUD', receivedOn: '2026-11-04', reference: 'HB-OCT', recordedAt: '2026-11-04T01:00:00.000Z', recordedBy: 'Alex Morgan' }],
});
const owed: MatchingPaymentList = {
  items: [aPeriod(), harbourOctober],
  totals: [
    { currency: 'NZD', matchedAmount: 125_000, donationsMatched: 14, paidAmount: 0, owedAmount: 125_000 },
    { currency: 'AUD', matchedAmount: 60_000, donationsMatched: 6, paidAmount: 20_000, owedAmount: 40_000 },
  ],
};
const tasmanSeptember = aPeriod({
  period: '2026-09',
  matchedAmount: 50_000,
  paidAmount: 50_000,
  owedAmount: 0,
  payments: [{ paymentId: 'P2', amount: 50_000, currency: 'NZD', receivedOn: '2026-10-02', reference: 'TASMAN-SEP', recordedAt: '2026-10-02T01:00:00.000Z', recordedBy: 'Alex Morgan' }],
});
const paid: MatchingPaymentList = { items: [tasmanSeptember], totals: [{ currency: 'NZD', matchedAmount: 50_000, donationsMatched: 14, paidAmount: 50_000, owedAmount: 0 }] };

const admin = anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true });
const VIEWER: Permission[] = ['BackOffice_ViewDashboard', 'BackOffice_ViewPayments'];

function start({ permissions = BACK_OFFICE_PERMISSIONS as readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `${API}?status=owed`, json(200, owed));
  fetch.on('GET', `${API}?status=paid`, json(200, paid));
  fetch.on('GET', `${API}?status=all`, json(200, { items: [...owed.items, tasmanSeptember], totals: owed.totals }));
  return renderConsole(SCREEN, { fetch, menu: admin, permissions });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => within(row).queryAllByRole('rowheader').length > 0)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)]);

describe('back office: matching payments', () => {
  it('lists what workplaces owe, with totals per currency, and shows paid months on asking', async () => {
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    expect(menuLabels('Back Office')).toContain('Matching Payments');
    expect(rowsOf(table)).toEqual([
      ['Tasman Engineering', 'Kiwi chick match', 'November 2026', '$1,250.00', '$0.00', '$1,250.00'],
      ['Harbour Bank', 'Reef rescue match', 'October 2026', '$600.00$300.00 to charities$300.00 as gift vouchers', '$200.00', '$400.00'],
    ]);
    const nzd = screen.getByRole('list', { name: 'Matching totals in NZD' });
    expect(within(nzd).getByText('Owed now').previousSibling?.textContent).toBe('$1,250.00');
    const aud = screen.getByRole('list', { name: 'Matching totals in AUD' });
    expect(within(aud).getByText('Owed now').previousSibling?.textContent).toBe('$400.00');
    expect(within(table).getByRole('list', { name: 'Payments received for Harbour Bank, Reef rescue match, October 2026' }).textContent).toBe('4 Nov 2026 · HB-OCT · $200.00 · recorded by Alex Morgan');

    await user.selectOptions(screen.getByLabelText('Show'), 'paid');
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Matching payments' }))).toEqual([['Tasman Engineering', 'Kiwi chick match', 'September 2026', '$500.00', '$500.00', '$0.00Paid in full']]));
    // Paid in full: nothing to record.
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Matching payments' }))).toHaveLength(3));
  });

  it('downloads a row’s invoice from its own workplace', async () => {
    const { fetch, user } = start();
    const report = `/api/matching/workplace/${HARBOUR.id}/campaigns/${REEF}/report`;
    fetch.on('GET', `${report}/pdf?period=2026-10`, () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    fetch.on('GET', `${report}/csv?period=2026-10`, () => new Response('Date\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    await user.click(within(table).getByRole('button', { name: 'Invoice (PDF) for Harbour Bank, Reef rescue match, October 2026' }));
    await user.click(within(table).getByRole('button', { name: 'CSV of the invoice for Harbour Bank, Reef rescue match, October 2026' }));
    await waitFor(() => expect(clicked).toEqual(['matching-invoice-reef-rescue-match-2026-10.pdf', 'matching-invoice-reef-rescue-match-2026-10.csv']));
    expect(fetch.callsTo('GET', `${report}/pdf?period=2026-10`)).toHaveLength(1);
    expect(fetch.callsTo('GET', `${report}/csv?period=2026-10`)).toHaveLength(1);
  });

  it('checks a payment before sending it, names each bad field, and sends nothing', async () => {
    const { fetch, user } = start();
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    await user.click(within(table).getByRole('button', { name: 'Record payment from Tasman Engineering, Kiwi chick match, November 2026' }));
    const form = screen.getByRole('form', { name: 'Record a payment from Tasman Engineering' });
    const amount = within(form).getByLabelText('Amount ($)');
    // What is owed, to start with; focus is on it.
    expect((amount as HTMLInputElement).value).toBe('1250.00');
    expect(document.activeElement).toBe(amount);

    await user.clear(amount);
    await user.type(amount, '0');
    fireEvent.change(within(form).getByLabelText('Received on'), { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(errorOf(within(form).getByLabelText('Amount ($)'))).toBe('Invalid Amount!');
    expect(errorOf(within(form).getByLabelText('Received on'))).toBe('Invalid Date!');
    expect(errorOf(within(form).getByLabelText('Reference'))).toBe('Required Field!');

    await user.type(within(form).getByLabelText('Reference'), 'x'.repeat(101));
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(errorOf(within(form).getByLabelText('Reference'))).toBe('Maximum 100 characters!');
    expect(fetch.callsTo('POST', API)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Record payment from Tasman Engineering, Kiwi chick match, November 2026'));
  });

  it('records a payment once per key, shows the 409 in the form, and says what was recorded', async () => {
    const { fetch, user } = start();
    fetch.sequence('POST', API, [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: MORE_THAN_OWED }),
      (request) => json(201, { paymentId: 'P9', amount: (request.body as { amount: number }).amount, currency: 'NZD', receivedOn: '2026-12-03', reference: 'TASMAN-NOV', recordedAt: '2026-12-03T01:00:00.000Z', recordedBy: 'Alex Morgan' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    await user.click(within(table).getByRole('button', { name: 'Record payment from Tasman Engineering, Kiwi chick match, November 2026' }));
    const form = screen.getByRole('form', { name: 'Record a payment from Tasman Engineering' });
    fireEvent.change(within(form).getByLabelText('Received on'), { target: { value: '2026-12-03' } });
    await user.type(within(form).getByLabelText('Reference'), '  TASMAN-NOV ');

    // No answer: sending it again is the same payment, with the same key.
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('We could not reach the server. Check your connection and try again.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(MORE_THAN_OWED)).toBeTruthy();

    // A different payment is a new request, with a new key.
    await user.clear(within(form).getByLabelText('Amount ($)'));
    await user.type(within(form).getByLabelText('Amount ($)'), '1000.005');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('Invalid Amount!')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Amount ($)'));
    await user.type(within(form).getByLabelText('Amount ($)'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Recorded $1,000.00 from Tasman Engineering for November 2026.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();

    const posts = fetch.callsTo('POST', API);
    const first = { workplaceId: TASMAN.id, campaignId: KIWI, period: '2026-11', amount: 125_000, receivedOn: '2026-12-03', reference: 'TASMAN-NOV' };
    expect(posts.map((post) => post.body)).toEqual([first, first, { ...first, amount: 100_000 }]);
    const keys = posts.map((post) => post.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // The list is read again after the payment.
    await waitFor(() => expect(fetch.callsTo('GET', `${API}?status=owed`).length).toBeGreaterThan(1));
  });

  it('gives a new key to each opening of the form', async () => {
    const { fetch, user } = start();
    fetch.on('POST', API, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: MORE_THAN_OWED }));
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    const record = async () => {
      await user.click(within(table).getByRole('button', { name: 'Record payment from Harbour Bank, Reef rescue match, October 2026' }));
      const form = screen.getByRole('form', { name: 'Record a payment from Harbour Bank' });
      fireEvent.change(within(form).getByLabelText('Received on'), { target: { value: '2026-11-20' } });
      await user.type(within(form).getByLabelText('Reference'), 'HB-OCT-2');
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(await within(form).findByText(MORE_THAN_OWED)).toBeTruthy();
      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    };
    await record();
    await record();
    const posts = fetch.callsTo('POST', API);
    expect(posts.map((post) => post.body)).toEqual([
      { workplaceId: HARBOUR.id, campaignId: REEF, period: '2026-10', amount: 40_000, receivedOn: '2026-11-20', reference: 'HB-OCT-2' },
      { workplaceId: HARBOUR.id, campaignId: REEF, period: '2026-10', amount: 40_000, receivedOn: '2026-11-20', reference: 'HB-OCT-2' },
    ]);
    expect(posts[0]?.headers.get('idempotency-key')).not.toBe(posts[1]?.headers.get('idempotency-key'));
  });

  it('shows the list without Record payment to whoever may only view payments', async () => {
    start({ permissions: VIEWER });
    const table = await screen.findByRole('table', { name: 'Matching payments' });
    expect(menuLabels('Back Office')).toContain('Matching Payments');
    expect(within(table).getAllByRole('button', { name: /Invoice \(PDF\)/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
  });

  it('is not in the menu without a payments permission', async () => {
    const { fetch } = start({ permissions: ['BackOffice_ViewDashboard'] });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(menuLabels('Back Office')).not.toContain('Matching Payments');
    expect(fetch.callsTo('GET', `${API}?status=owed`)).toHaveLength(0);
  });
});
