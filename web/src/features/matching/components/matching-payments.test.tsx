import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchingPaymentList, MatchingPeriod } from '@giving/shared/contracts/matching-payments';
import type { Permission } from '@giving/shared/permissions';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { WORKPLACE_ID, anAdminMenu, menuLabels, renderConsole } from '../../../app/routes/admin/testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CAMPAIGN_ID = '01JCAMPAGN0000000000000001';
const PAYMENTS_API = `/api/matching/workplace/${WORKPLACE_ID}/payments`;
const REPORT_API = `/api/matching/workplace/${WORKPLACE_ID}/campaigns/${CAMPAIGN_ID}/report`;
const SCREEN = `/admin/workplace/${WORKPLACE_ID}/matching-payments`;

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const workplace = { id: WORKPLACE_ID, name: 'Tasman Engineering', country: 'nz', businessUnits: [], memberCount: 40, createdAt: '2024-01-01T00:00:00Z' };

const aPeriod = (overrides: Partial<MatchingPeriod> = {}): MatchingPeriod => ({
  workplace: { id: WORKPLACE_ID, name: 'Tasman Engineering' },
  campaignId: CAMPAIGN_ID,
  campaignName: 'Kiwi chick match',
  period: '2026-11',
  currency: 'NZD',
  matchedAmount: 125_000,
  donationsMatched: 14,
  paidAmount: 0,
  owedAmount: 125_000,
  byMatchType: { Donation: 100_000, Voucher: 25_000 },
  payments: [],
  ...overrides,
});

const list: MatchingPaymentList = {
  items: [
    aPeriod(),
    aPeriod({
      period: '2026-10',
      matchedAmount: 80_000,
      donationsMatched: 9,
      paidAmount: 50_000,
      owedAmount: 30_000,
      byMatchType: { Donation: 80_000, Voucher: 0 },
      payments: [
        { paymentId: 'P1', amount: 50_000, currency: 'NZD', receivedOn: '2026-11-05', reference: 'TASMAN-OCT', recordedAt: '2026-11-05T22:00:00.000Z', recordedBy: 'Alex Morgan' },
      ],
    }),
    aPeriod({
      campaignId: '01JCAMPAGN0000000000000002',
      campaignName: 'Winter warmers',
      period: '2026-09',
      matchedAmount: 20_000,
      donationsMatched: 4,
      paidAmount: 20_000,
      owedAmount: 0,
      byMatchType: { Donation: 0, Voucher: 20_000 },
      payments: [
        { paymentId: 'P2', amount: 20_000, currency: 'NZD', receivedOn: '2026-10-03', reference: 'TASMAN-SEP', recordedAt: '2026-10-03T22:00:00.000Z', recordedBy: 'Alex Morgan' },
      ],
    }),
  ],
  totals: [{ currency: 'NZD', matchedAmount: 225_000, donationsMatched: 27, paidAmount: 70_000, owedAmount: 155_000 }],
};

const PAYMENTS_VIEWER: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ViewPayments'];

function start({ answer = list, permissions = PAYMENTS_VIEWER }: { answer?: MatchingPaymentList; permissions?: readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', PAYMENTS_API, json(200, answer));
  return renderConsole(SCREEN, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions });
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => within(row).queryAllByRole('cell').length > 1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)]);

describe('workplace console: matching payments', () => {
  it('shows what is owed now, each campaign’s month with its split, and the payments recorded against it', async () => {
    start();
    const table = await screen.findByRole('table', { name: 'Matching by month' });
    expect(menuLabels('Workplace admin')).toContain('Matching Payments');

    const totals = screen.getByRole('list', { name: 'Matching totals' });
    expect(within(totals).getByText('Owed now').previousSibling?.textContent).toBe('$1,550.00');
    expect(within(totals).getByText('Matched').previousSibling?.textContent).toBe('$2,250.00');
    expect(within(totals).getByText('Paid').previousSibling?.textContent).toBe('$700.00');

    expect(cellsOf(table)).toEqual([
      ['November 2026', 'Kiwi chick match', '14', '$1,250.00$1,000.00 to charities$250.00 as gift vouchers', '$0.00', '$1,250.00'],
      ['October 2026', 'Kiwi chick match', '9', '$800.00', '$500.00', '$300.00'],
      ['September 2026', 'Winter warmers', '4', '$200.00', '$200.00', '$0.00Paid in full'],
    ]);

    const october = within(table).getByRole('list', { name: 'Payments received for Kiwi chick match, October 2026' });
    expect(within(october).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['5 Nov 2026 · TASMAN-OCT · $500.00']);
    expect(within(table).getByRole('list', { name: 'Payments received for Winter warmers, September 2026' }).textContent).toBe('3 Oct 2026 · TASMAN-SEP · $200.00');
    expect(within(table).queryByRole('list', { name: /November 2026/ })).toBeNull();
    // Koha records payments: the workplace has nothing to record.
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
  });

  it('downloads a month’s invoice and its CSV with the member’s sign-in', async () => {
    setIdTokenProvider(async () => 'aroha-id-token');
    const fetch = installFetchFake();
    fetch.on('GET', `${REPORT_API}/pdf?period=2026-11`, () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    fetch.on('GET', `${REPORT_API}/csv?period=2026-11`, () => new Response('Date,Donor,Matched\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
    fetch.on('GET', PAYMENTS_API, json(200, list));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderConsole(SCREEN, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions: PAYMENTS_VIEWER });
    const table = await screen.findByRole('table', { name: 'Matching by month' });

    await user.click(within(table).getByRole('button', { name: 'Invoice (PDF) for Kiwi chick match, November 2026' }));
    await waitFor(() => expect(clicked).toEqual(['matching-invoice-kiwi-chick-match-2026-11.pdf']));
    await user.click(within(table).getByRole('button', { name: 'CSV of the invoice for Kiwi chick match, November 2026' }));
    await waitFor(() => expect(clicked).toEqual(['matching-invoice-kiwi-chick-match-2026-11.pdf', 'matching-invoice-kiwi-chick-match-2026-11.csv']));

    const [pdf] = fetch.callsTo('GET', `${REPORT_API}/pdf?period=2026-11`);
    expect(pdf?.headers.get('authorization')).toBe('Bearer aroha-id-token');
    expect(fetch.callsTo('GET', `${REPORT_API}/csv?period=2026-11`)).toHaveLength(1);
    expect(await createObjectURL.mock.calls[1]![0].text()).toBe('Date,Donor,Matched\r\n');
  });

  it('says why a download failed', async () => {
    const { fetch, user } = start();
    fetch.on('GET', `${REPORT_API}/pdf?period=2026-11`, problem(404, { title: 'Not found.', code: 'NotFound', detail: 'There is no such month.' }));
    const table = await screen.findByRole('table', { name: 'Matching by month' });
    await user.click(within(table).getByRole('button', { name: 'Invoice (PDF) for Kiwi chick match, November 2026' }));
    expect(await screen.findByText('We couldn’t download the file: There is no such month.')).toBeTruthy();
  });

  it('explains matching payments when nothing is owed yet', async () => {
    start({ answer: { items: [], totals: [] } });
    expect(await screen.findByRole('heading', { name: 'Nothing is owed for matching yet' })).toBeTruthy();
    expect(screen.getByText('When a matching campaign matches your people’s donations, what it matched shows here month by month, with its invoice.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is in the menu for the payments permissions only', async () => {
    const { fetch } = start({ permissions: ['Workplace_ViewDashboard', 'Workplace_ViewSettings'] });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(menuLabels('Workplace admin')).not.toContain('Matching Payments');
    expect(fetch.callsTo('GET', PAYMENTS_API)).toHaveLength(0);
  });

  it('is in the menu for a payments manager', async () => {
    start({ permissions: ['Workplace_ViewDashboard', 'Workplace_ManagePayments'] });
    expect(await screen.findByRole('table', { name: 'Matching by month' })).toBeTruthy();
    expect(menuLabels('Workplace admin')).toContain('Matching Payments');
  });
});
