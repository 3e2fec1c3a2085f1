import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DonationHistoryItem, TaxYearList } from '@giving/shared/contracts/member-giving';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { DonationHistory } from './donation-history';

/** /admin/user/donations/history: completed donations, newest first, a page at a time. */
const HISTORY = '/api/donations/me/donations';
const TAX_YEARS = '/api/donations/me/tax-statements';

const aDonation = (n: number, overrides: Partial<DonationHistoryItem> = {}): DonationHistoryItem => ({
  donationId: `01JDONATION${String(n).padStart(15, '0')}`,
  trackingNumber: `01JDONATION${String(n).padStart(15, '0')}`,
  completedAt: `2026-11-${String(20 - n).padStart(2, '0')}T22:00:00.000Z`,
  pageType: 'GIFT',
  country: 'nz',
  charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g1', title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' },
  quantity: 1,
  amount: { cents: 2500, currency: 'NZD' },
  tip: { cents: 0, currency: 'NZD' },
  total: { cents: 2500, currency: 'NZD' },
  paymentType: 'CARD',
  card: { cardType: 'visa', last4: '4242' },
  isRecurring: false,
  ...overrides,
});

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'dana-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('DonationHistory', () => {
  it('lists date, charity, what was given, amount, how it was paid and the receipt number; Load more brings older ones', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1, { isRecurring: true }), aDonation(2, { pageType: 'CHARITY', gift: undefined, paymentType: 'VOUCHER', card: undefined })], nextCursor: 'page2' }));
    fetch.on('GET', TAX_YEARS, json(200, { items: [] }));
    fetch.on('GET', `${HISTORY}?cursor=page2`, json(200, { items: [aDonation(3, { amount: { cents: 1234, currency: 'NZD' }, tip: { cents: 200, currency: 'NZD' }, total: { cents: 1434, currency: 'NZD' }, card: { cardType: 'mastercard', last4: '4444' } })] }));
    const { user } = renderWithRouter(<DonationHistory />);

    const table = await screen.findByRole('table', { name: 'Donation history' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    const pdf = (day: string) => `PDF receipt for your donation to Kiwi Coast Rescue on ${day}`;
    expect(rows()).toEqual([
      ['20 Nov 2026', 'Kiwi Coast Rescue', 'Feed a kiwi chick for a week Monthly', '$25.00', 'Visa •••• 4242', aDonation(1).trackingNumber, pdf('20 Nov 2026')],
      ['19 Nov 2026', 'Kiwi Coast Rescue', 'General donation to Kiwi Coast Rescue', '$25.00', 'Gift voucher', aDonation(2).trackingNumber, pdf('19 Nov 2026')],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText(aDonation(3).trackingNumber)).toBeTruthy();
    // The amount is the donation; the tip paid with it is shown apart, never inside it.
    expect(rows()[2]).toEqual(['18 Nov 2026', 'Kiwi Coast Rescue', 'Feed a kiwi chick for a week', '$12.34+ $2.00 tip to Koha', 'Mastercard •••• 4444', aDonation(3).trackingNumber, pdf('18 Nov 2026')]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a payroll gift with no receipt to download (the payslip records it)', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1, { paymentType: 'PAYROLL', card: undefined })] }));
    fetch.on('GET', TAX_YEARS, json(200, { items: [] }));
    renderWithRouter(<DonationHistory />);
    expect(await screen.findByText('No receipt: your payslip records it')).toBeTruthy();
    expect(screen.getByText('Payroll')).toBeTruthy();
    expect(screen.queryByText(aDonation(1).trackingNumber)).toBeNull();
    expect(screen.queryByRole('button', { name: /receipt/i })).toBeNull();
  });

  it('shows an empty state when the member has given nothing yet', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [] }));
    fetch.on('GET', TAX_YEARS, json(200, { items: [] }));
    renderWithRouter(<DonationHistory />);
    expect(await screen.findByRole('heading', { name: 'No donations yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a charity to give to' })).toBeTruthy();
  });

  it('downloads a donation’s PDF receipt from its row, and says so when it fails', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1)] }));
    fetch.on('GET', TAX_YEARS, json(200, { items: [] }));
    fetch.on('GET', `${HISTORY}/${aDonation(1).donationId}/receipt`, () => pdfResponse(`koha-receipt-${aDonation(1).trackingNumber}.pdf`));
    const saved = captureDownloads();
    const { user } = renderWithRouter(<DonationHistory />);
    await user.click(await screen.findByRole('button', { name: 'PDF receipt for your donation to Kiwi Coast Rescue on 20 Nov 2026' }));
    await waitFor(() => expect(saved.names).toEqual([`koha-receipt-${aDonation(1).trackingNumber}.pdf`]));
    expect(fetch.callsTo('GET', `${HISTORY}/${aDonation(1).donationId}/receipt`)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');

    fetch.on('GET', `${HISTORY}/${aDonation(1).donationId}/receipt`, problem(404, { title: 'We could not find that.', code: 'NotFound', detail: 'The donation was not found.' }));
    await user.click(screen.getByRole('button', { name: /PDF receipt/ }));
    expect(await screen.findByText('The donation was not found.')).toBeTruthy();
    saved.restore();
  });

  it('offers a tax statement for each tax year given in, per country, and downloads the chosen one', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1)] }));
    const years: TaxYearList = {
      items: [
        { country: 'nz', taxYear: 2027, name: '2027 tax year', period: '1 April 2026 to 31 March 2027', donationCount: 3, total: { cents: 8500, currency: 'NZD' } },
        { country: 'au', taxYear: 2027, name: '2026–27 financial year', period: '1 July 2026 to 30 June 2027', donationCount: 1, total: { cents: 3000, currency: 'AUD' } },
        { country: 'nz', taxYear: 2026, name: '2026 tax year', period: '1 April 2025 to 31 March 2026', donationCount: 1, total: { cents: 2000, currency: 'NZD' } },
      ],
    };
    fetch.on('GET', TAX_YEARS, json(200, years));
    fetch.on('GET', `${TAX_YEARS}/au/2027`, () => pdfResponse('koha-tax-statement-au-2027.pdf'));
    const saved = captureDownloads();
    const { user } = renderWithRouter(<DonationHistory />);

    const panel = await screen.findByRole('region', { name: 'Tax statements' });
    const picker = within(panel).getByLabelText(/Tax year/) as HTMLSelectElement;
    expect(Array.from(picker.options).map((option) => option.textContent)).toEqual([
      '2027 tax year, New Zealand: 3 donations, $85.00',
      '2026–27 financial year, Australia: 1 donation, $30.00',
      '2026 tax year, New Zealand: 1 donation, $20.00',
    ]);
    expect(within(panel).getByText(/New Zealand’s tax year runs from 1 April to 31 March, Australia’s from 1 July to 30 June\./)).toBeTruthy();
    expect(within(panel).getByText('From 1 April 2026 to 31 March 2027.')).toBeTruthy();
    await user.selectOptions(picker, 'au-2027');
    expect(within(panel).getByText('From 1 July 2026 to 30 June 2027.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Download tax statement' }));
    await waitFor(() => expect(saved.names).toEqual(['koha-tax-statement-au-2027.pdf']));
    saved.restore();
  });

  it('shows no tax statements before the member has given', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', HISTORY, json(200, { items: [aDonation(1)] }));
    fetch.on('GET', TAX_YEARS, json(200, { items: [] }));
    renderWithRouter(<DonationHistory />);
    await screen.findByRole('table', { name: 'Donation history' });
    expect(screen.queryByRole('region', { name: 'Tax statements' })).toBeNull();
  });
});

const pdfResponse = (filename: string) =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` } });

/** The files handed to the browser to save (their names), instead of clicking a real download link. */
function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, restore: () => click.mockRestore() };
}
