import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackOfficeVoucher, VoucherSummary } from '@giving/shared/contracts/vouchers';
import { BACK_OFFICE_PERMISSIONS, USER_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { anAdminMenu, menuLabels, renderConsole } from './testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const aVoucher = (n: number, overrides: Partial<VoucherSummary> = {}): VoucherSummary => ({
  id: `V${n}`,
  maskedCode: `••••••K${n % 10}`,
  value: { cents: 5000, currency: 'NZD' },
  voucherBalance: { cents: 1250, currency: 'NZD' },
  createdOn: '2026-11-21T09:00:00.000Z',
  expiresAt: '2027-11-21T09:00:00.000Z',
  status: 'Active',
  ...overrides,
});
const aBackOfficeVoucher = (n: number): BackOfficeVoucher => ({ ...aVoucher(n), buyerEmail: `buyer${n}@example.com`, buyerName: `Buyer ${n}`, country: 'nz' });

describe('/admin/user/gift-vouchers', () => {
  it("lists the member's vouchers with value, balance, dates and status, never the code", async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/me/vouchers', json(200, { items: [aVoucher(1, { recipientName: 'Mere' }), aVoucher(2, { status: 'Used', voucherBalance: { cents: 0, currency: 'NZD' } })] }));
    renderConsole('/admin/user/gift-vouchers', { fetch, permissions: USER_PERMISSIONS });

    const table = await screen.findByRole('table', { name: 'Your gift vouchers' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['••••••K1', '$50.00', '$12.50', '21 Nov 2026', '21 Nov 2027', 'Active'],
      ['••••••K2', '$50.00', '$0.00', '21 Nov 2026', '21 Nov 2027', 'Used'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Mere' })).toBeTruthy();
    expect(menuLabels('My Account')).toContain('Gift Vouchers');
    expect(screen.getByRole('link', { name: 'Buy a gift voucher' }).getAttribute('href')).toBe('/nz/charity/gift-vouchers/new-voucher');
  });

  it('says when there are none', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/me/vouchers', json(200, { items: [] }));
    renderConsole('/admin/user/gift-vouchers', { fetch, permissions: USER_PERMISSIONS });
    expect(await screen.findByText('No gift vouchers yet')).toBeTruthy();
  });
});

describe('/admin/backoffice/vouchers', () => {
  const start = () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/donations/backoffice/vouchers', json(200, { items: Array.from({ length: 25 }, (_, i) => aBackOfficeVoucher(i)), nextCursor: 'next' }));
    fetch.on('GET', '/api/donations/backoffice/vouchers?cursor=next', json(200, { items: [aBackOfficeVoucher(99)] }));
    fetch.on('GET', '/api/donations/backoffice/vouchers?q=buyer7%40', json(200, { items: [aBackOfficeVoucher(7)] }));
    return renderConsole('/admin/backoffice/vouchers', { fetch, menu: anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true }), permissions: BACK_OFFICE_PERMISSIONS });
  };

  it('lists every voucher newest first, a page at a time', async () => {
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Vouchers' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('buyer0@example.com');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Vouchers' })).getAllByRole('row')).toHaveLength(27));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches by buyer e-mail', async () => {
    const { user } = start();
    await screen.findByRole('table', { name: 'Vouchers' });
    await user.type(screen.getByRole('searchbox', { name: 'Search vouchers' }), 'buyer7@{Enter}');
    const found = await screen.findByRole('table', { name: 'Vouchers bought by e-mails matching “buyer7@”' });
    expect(within(found).getAllByRole('row')).toHaveLength(2);
    expect(within(found).getByText('buyer7@example.com')).toBeTruthy();
  });
});
