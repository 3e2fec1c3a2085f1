import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DonationReportRow, Remittance } from '@giving/shared/contracts/charity-reports';
import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { BACK_OFFICE_PERMISSIONS, CHARITY_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { CHARITY_ID, anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const API = `/api/donations/charity/${CHARITY_ID}`;
const menu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust', roles: ['Charity.Admin'] }] });
const charity = { id: CHARITY_ID, name: 'Kiwi Kids Trust', charityUrl: 'kiwi-kids-trust', logoImageUrl: '/media/logo.png' };

const aGift = (n: number, overrides: Partial<AdminGift> = {}): AdminGift => ({
  id: `01JGIFT00000000000000000${n}`,
  title: ['Feed a kiwi chick', 'Buy a predator trap', 'Where it is needed most'][n - 1] ?? `Gift ${n}`,
  description: 'What it pays for.',
  imageUrl: '',
  iconUrl: '',
  productUrl: ['feed-a-kiwi-chick', 'buy-a-predator-trap', 'where-needed'][n - 1] ?? `gift-${n}`,
  price: { cents: [2500, 6000, 0][n - 1] ?? 1000, currency: 'NZD' },
  isActive: n !== 2,
  charity,
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

function charityScreen(path: string, { permissions = CHARITY_PERMISSIONS as readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `${API}/gifts`, json(200, { items: [aGift(1), aGift(2), aGift(3)] }));
  return { fetch, start: () => renderConsole(`/admin/charity/${CHARITY_ID}/${path}`, { fetch, menu, tenant: { charityId: CHARITY_ID }, permissions }) };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('dollar handles (charity console)', () => {
  it('lists the charity’s gifts, active and inactive, with prices and a link to each page', async () => {
    charityScreen('dollar-handles').start();
    const table = await screen.findByRole('table', { name: 'Gifts' });
    const rows = rowsOf(table);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Feed a kiwi chick', 'Buy a predator trap', 'Where it is needed most']);
    expect(within(rows[0] as HTMLElement).getByText('$25.00')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Inactive')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Donor chooses')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'View page of Feed a kiwi chick' }).getAttribute('href')).toBe('/nz/kiwi-kids-trust/feed-a-kiwi-chick');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Activate Buy a predator trap' })).toBeTruthy();
  });

  it('adds a gift: the page address follows the title, the price in dollars goes as cents with an idempotency key', async () => {
    const { fetch, start } = charityScreen('dollar-handles');
    const added = aGift(4, { title: 'Band a kiwi chick', productUrl: 'band-a-kiwi-chick', price: { cents: 3550, currency: 'NZD' } });
    fetch.on('POST', `${API}/gifts`, json(201, added));
    const { user } = start();
    await screen.findByRole('table', { name: 'Gifts' });
    await user.click(screen.getByRole('button', { name: 'Add gift' }));
    const form = screen.getByRole('form', { name: 'Add gift' });
    await user.type(within(form).getByLabelText('Title'), 'Band a kiwi chick!');
    expect((within(form).getByLabelText('Page address') as HTMLInputElement).value).toBe('band-a-kiwi-chick');
    await user.type(within(form).getByLabelText('Price (dollars)'), '35.5');
    await user.type(within(form).getByLabelText('Description'), 'A transmitter band for a year.');
    fetch.on('GET', `${API}/gifts`, json(200, { items: [aGift(1), added] }));
    await user.click(within(form).getByRole('button', { name: 'Add gift' }));

    expect(await screen.findByText('“Band a kiwi chick” was added. Add its pictures below.')).toBeTruthy();
    const [post] = fetch.callsTo('POST', `${API}/gifts`);
    expect(post?.body).toEqual({ title: 'Band a kiwi chick!', description: 'A transmitter band for a year.', productUrl: 'band-a-kiwi-chick', priceCents: 3550 });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // The new gift goes on to its pictures.
    expect(screen.getByRole('region', { name: 'Pictures' })).toBeTruthy();
  });

  it('checks the price and shows the API’s 409 under the page address', async () => {
    const { fetch, start } = charityScreen('dollar-handles');
    fetch.on(
      'POST',
      `${API}/gifts`,
      problem(409, {
        title: 'That conflicts with the current state.',
        code: 'Conflict',
        detail: 'Another gift of this charity already uses this page address.',
        errors: [{ field: 'body.productUrl', message: 'Another gift of this charity already uses this page address.' }],
      }),
    );
    const { user } = start();
    await screen.findByRole('table', { name: 'Gifts' });
    await user.click(screen.getByRole('button', { name: 'Add gift' }));
    const form = screen.getByRole('form', { name: 'Add gift' });
    await user.type(within(form).getByLabelText('Title'), 'Feed a kiwi chick');
    await user.type(within(form).getByLabelText('Description'), 'Again.');
    await user.type(within(form).getByLabelText('Price (dollars)'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Add gift' }));
    expect(errorOf(within(form).getByLabelText('Price (dollars)'))).toBe(MESSAGES.invalidAmount);
    expect(fetch.callsTo('POST', `${API}/gifts`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Price (dollars)'));
    await user.type(within(form).getByLabelText('Price (dollars)'), '25');
    await user.click(within(form).getByRole('button', { name: 'Add gift' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Page address'))).toBe('Another gift of this charity already uses this page address.'));
  });

  it('edits a gift and uploads its pictures, refusing files that are not images', async () => {
    const { fetch, start } = charityScreen('dollar-handles');
    fetch.on('PUT', `${API}/gifts/${aGift(1).id}`, json(200, aGift(1, { title: 'Feed two chicks' })));
    fetch.on('PUT', `${API}/gifts/${aGift(1).id}/image`, json(200, aGift(1, { imageUrl: '/media/gifts/x/image-abc.png' })));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Feed a kiwi chick' }));
    const form = screen.getByRole('form', { name: 'Edit “Feed a kiwi chick”' });
    expect((within(form).getByLabelText('Price (dollars)') as HTMLInputElement).value).toBe('25.00');

    const picture = screen.getByLabelText('Gift page picture');
    // (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
    fireEvent.change(picture, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    fireEvent.change(picture, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chick.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Gift page picture uploaded.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/gifts/${aGift(1).id}/image`).map((call) => call.body)).toEqual([{ kind: 'image', contentType: 'image/png', data: 'iVBORw==' }]);

    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Feed two chicks');
    // Editing the title of an existing gift leaves its page address alone.
    expect((within(form).getByLabelText('Page address') as HTMLInputElement).value).toBe('feed-a-kiwi-chick');
    await user.click(within(form).getByRole('button', { name: 'Save gift' }));
    expect(await screen.findByText('“Feed two chicks” was saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/gifts/${aGift(1).id}`)[0]?.body).toMatchObject({ title: 'Feed two chicks', productUrl: 'feed-a-kiwi-chick', priceCents: 2500 });
  });

  it('deactivates a gift only after saying what donors will see', async () => {
    const { fetch, start } = charityScreen('dollar-handles');
    fetch.on('PUT', `${API}/gifts/${aGift(1).id}/active`, json(200, aGift(1, { isActive: false })));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Feed a kiwi chick' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate gift?' });
    expect(dialog.textContent).toContain(MESSAGES.giftInactive);
    expect(fetch.callsTo('PUT', `${API}/gifts/${aGift(1).id}/active`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate gift' }));
    expect(await screen.findByText('“Feed a kiwi chick” is now inactive.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/gifts/${aGift(1).id}/active`)[0]?.body).toEqual({ isActive: false });
  });

  it('lets members who may only look see the list without Add, Edit or Deactivate', async () => {
    charityScreen('dollar-handles', { permissions: ['Charity_DashboardView', 'Charity_DollarHandleView'] }).start();
    await screen.findByRole('table', { name: 'Gifts' });
    expect(screen.queryByRole('button', { name: 'Add gift' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Deactivate|Activate) / })).toBeNull();
  });
});

describe('dollar handles (back office)', () => {
  it('lists every charity’s gifts, narrows to one charity, searches and activates', async () => {
    const fetch = installFetchFake();
    const other = { ...charity, id: '01JCHARTY00000000000000002', name: 'Harbour Food Bank', charityUrl: 'harbour-food-bank' };
    fetch.on('GET', '/api/donations/backoffice/gifts', json(200, { items: [aGift(1), aGift(2), aGift(5, { title: 'Food parcel', charity: other })] }));
    fetch.on('GET', `/api/donations/backoffice/gifts?charityId=${other.id}`, json(200, { items: [aGift(5, { title: 'Food parcel', charity: other })] }));
    fetch.on('GET', '/api/donations/backoffice/gifts?q=trap', json(200, { items: [aGift(2)] }));
    fetch.on('PUT', `/api/donations/backoffice/gifts/${aGift(2).id}/active`, json(200, aGift(2, { isActive: true })));
    const { user } = renderConsole('/admin/backoffice/dollar-handles', { fetch, menu: anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true }), permissions: BACK_OFFICE_PERMISSIONS });

    const table = await screen.findByRole('table', { name: 'Gifts' });
    expect(rowsOf(table).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Feed a kiwi chick', 'Buy a predator trap', 'Food parcel']);
    await user.click(within(table).getByRole('button', { name: 'Harbour Food Bank (show only this charity’s gifts)' }));
    const narrowed = await screen.findByRole('table', { name: 'Gifts of Harbour Food Bank' });
    expect(rowsOf(narrowed)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Showing Harbour Food Bank only: show all charities' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search gifts' }), 'trap{Enter}');
    const searched = await screen.findByRole('table', { name: 'Gifts matching “trap”' });
    await user.click(within(searched).getByRole('button', { name: 'Activate Buy a predator trap of Kiwi Kids Trust' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Activate gift?' })).getByRole('button', { name: 'Activate gift' }));
    expect(await screen.findByText('“Buy a predator trap” of Kiwi Kids Trust is now active.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `/api/donations/backoffice/gifts/${aGift(2).id}/active`)[0]?.body).toEqual({ isActive: true });
  });
});

const aRow = (n: number, overrides: Partial<DonationReportRow> = {}): DonationReportRow => ({
  donationId: `01JDONATION0000000000000${String(n).padStart(2, '0')}`,
  trackingNumber: `01JDONATION0000000000000${String(n).padStart(2, '0')}`,
  completedAt: '2026-11-20T01:00:00Z',
  donorName: 'Aroha Ngata',
  receiptName: 'A. Ngata',
  isAnonymous: false,
  gift: { id: aGift(1).id, title: 'Feed a kiwi chick' },
  quantity: 2,
  amount: { cents: 5000, currency: 'NZD' },
  paymentType: 'CARD',
  ...overrides,
});

describe('donation reports', () => {
  it('shows the donations with totals (tips excluded), filters them, and loads more', async () => {
    const { fetch, start } = charityScreen('reports/donation-reports');
    fetch.on(
      'GET',
      `${API}/donations`,
      json(200, { items: [aRow(1), aRow(2, { donorName: 'Anonymous', receiptName: 'Anonymous', isAnonymous: true, gift: undefined, quantity: 1, amount: { cents: 2000, currency: 'NZD' } })], nextCursor: 'CURSOR1', totals: { count: 3, amount: { cents: 8000, currency: 'NZD' } } }),
    );
    fetch.on('GET', `${API}/donations?cursor=CURSOR1`, json(200, { items: [aRow(3, { amount: { cents: 1000, currency: 'NZD' } })] }));
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Donations' });
    const rows = rowsOf(table);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Aroha Ngata');
    expect(within(rows[0] as HTMLElement).getByText('$50.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getAllByText('Anonymous')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('General donation')).toBeTruthy();
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('3')).toBeTruthy();
    expect(within(totals).getByText('$80.00')).toBeTruthy();
    expect(screen.getByText('Amounts are what your charity receives. Tips donors add for Koha are not included.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Donations' }))).toHaveLength(3));

    const filtered = `${API}/donations?from=2026-11-01&to=2026-11-30&giftId=${aGift(1).id}&paymentType=CARD`;
    fetch.on('GET', filtered, json(200, { items: [aRow(1)], totals: { count: 1, amount: { cents: 5000, currency: 'NZD' } } }));
    const filters = screen.getByRole('form', { name: 'Filter donations' });
    await user.type(within(filters).getByLabelText('From'), '2026-11-1');
    await user.type(within(filters).getByLabelText('To'), '2026-11-30');
    await user.selectOptions(within(filters).getByLabelText('Gift'), 'Feed a kiwi chick');
    await user.selectOptions(within(filters).getByLabelText('Payment type'), 'Card');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(fetch.callsTo('GET', filtered)).toHaveLength(1));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Donations' }))).toHaveLength(1));
  });

  it('shows the date error and clears a date that is not a real year-month-day', async () => {
    const { fetch, start } = charityScreen('reports/donation-reports');
    fetch.on('GET', `${API}/donations`, json(200, { items: [], totals: { count: 0, amount: { cents: 0, currency: 'NZD' } } }));
    const { user } = start();
    const filters = await screen.findByRole('form', { name: 'Filter donations' });
    expect(await screen.findByRole('heading', { name: 'No donations found' })).toBeTruthy();
    const from = within(filters).getByLabelText('From') as HTMLInputElement;
    await user.type(from, '2026-02-30');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    expect(await waitFor(() => errorOf(from))).toBe(MESSAGES.invalidDate);
    expect(from.value).toBe('');
    expect(fetch.calls.filter((call) => call.url.startsWith(`${API}/donations?`))).toHaveLength(0);
  });

  it('downloads the same donations as a CSV file', async () => {
    const { fetch, start } = charityScreen('reports/donation-reports');
    fetch.on('GET', `${API}/donations`, json(200, { items: [aRow(1)], totals: { count: 1, amount: { cents: 5000, currency: 'NZD' } } }));
    fetch.on(
      'GET',
      `${API}/donations/csv`,
      () => new Response('Date,Donor\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="kiwi-kids-trust-donations-to-2026-11-21.csv"' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = start();
    await screen.findByRole('table', { name: 'Donations' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['kiwi-kids-trust-donations-to-2026-11-21.csv']));
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe('Date,Donor\r\n');
    click.mockRestore();
  });
});

const remittance: Remittance = {
  owed: { cents: 12_000, currency: 'NZD' },
  received: { cents: 32_000, currency: 'NZD' },
  refunded: { cents: 0, currency: 'NZD' },
  paid: { cents: 20_000, currency: 'NZD' },
  months: [
    { month: '2026-11', donationCount: 3, received: { cents: 12_000, currency: 'NZD' }, refunded: { cents: 0, currency: 'NZD' }, paid: { cents: 20_000, currency: 'NZD' }, balance: { cents: 12_000, currency: 'NZD' } },
    { month: '2026-10', donationCount: 5, received: { cents: 20_000, currency: 'NZD' }, refunded: { cents: 0, currency: 'NZD' }, paid: { cents: 0, currency: 'NZD' }, balance: { cents: 20_000, currency: 'NZD' } },
  ],
  payouts: [{ payoutId: 'P1', amount: { cents: 20_000, currency: 'NZD' }, reference: 'Koha remittance 2026-11-01', paidAt: '2026-11-01', recordedAt: '2026-11-01T00:00:00Z', recordedBy: 'alex.morgan@koha.nz' }],
};

describe('remittance', () => {
  it('shows what is owed and paid, month by month, and the payments', async () => {
    const { fetch, start } = charityScreen('remittance');
    fetch.on('GET', `${API}/remittance`, json(200, remittance));
    start();
    const tiles = await screen.findByRole('list', { name: 'Remittance' });
    expect(within(tiles).getByText('Owed to you').previousSibling?.textContent).toBe('$120.00');
    expect(within(tiles).getByText('Paid to you').previousSibling?.textContent).toBe('$200.00');
    const months = screen.getByRole('table', { name: 'By month' });
    expect(rowsOf(months).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['November 2026', 'October 2026']);
    expect(within(screen.getByRole('table', { name: 'Payments to you' })).getByText('Koha remittance 2026-11-01')).toBeTruthy();
    // Charity admins do not record payments.
    expect(screen.queryByRole('form', { name: 'Record a payment' })).toBeNull();
  });

  it('lets the back office record a payment, once per key, and shows a refusal under the amount', async () => {
    const { fetch, start } = charityScreen('remittance', { permissions: [...CHARITY_PERMISSIONS, ...BACK_OFFICE_PERMISSIONS] });
    fetch.on('GET', `${API}/remittance`, json(200, remittance));
    const url = `/api/donations/backoffice/charities/${CHARITY_ID}/payouts`;
    fetch.sequence('POST', url, [
      () => problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', errors: [{ field: 'body.amount', message: 'This is more than the charity is owed.' }] }),
      () => json(201, { ...remittance.payouts[0], payoutId: 'P2', amount: { cents: 5000, currency: 'NZD' }, reference: 'EFT 123' }),
    ]);
    const { user } = start();
    const form = await screen.findByRole('form', { name: 'Record a payment' });
    fireEvent.change(within(form).getByLabelText('Paid on'), { target: { value: '2026-11-20' } });
    await user.type(within(form).getByLabelText('Amount (dollars)'), '500');
    await user.type(within(form).getByLabelText('Reference'), 'EFT 123');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Amount (dollars)'))).toBe('This is more than the charity is owed.'));

    await user.clear(within(form).getByLabelText('Amount (dollars)'));
    await user.type(within(form).getByLabelText('Amount (dollars)'), '50');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('A payment of $50.00 (EFT 123) was recorded.')).toBeTruthy();
    const posts = fetch.callsTo('POST', url);
    expect(posts.map((call) => call.body)).toEqual([
      { amount: 50_000, reference: 'EFT 123', paidAt: '2026-11-20' },
      { amount: 5000, reference: 'EFT 123', paidAt: '2026-11-20' },
    ]);
    // The same payment being entered keeps its key until it is recorded.
    expect(posts[0]?.headers.get('idempotency-key')).toBe(posts[1]?.headers.get('idempotency-key'));
  });
});
