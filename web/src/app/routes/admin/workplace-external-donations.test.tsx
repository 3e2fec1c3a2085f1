import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { WORKPLACE_PERMISSIONS, type Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { PAYROLL_API } from '../../../testing/payroll-fixtures';
import { EXTERNAL_DONATION_ID, anExternalDonation } from '../../../testing/workplace-records-fixtures';
import { WORKPLACE_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const workplace = { id: WORKPLACE_ID, name: 'Harbour Bank', country: 'nz', businessUnits: [], memberCount: 3, createdAt: '2024-01-01T00:00:00Z' };
const LIST = new RegExp(`^${PAYROLL_API}/external-donations(\\?.*)?$`);
const DECISION = `${PAYROLL_API}/external-donations/${EXTERNAL_DONATION_ID}/decision`;

const pending = anExternalDonation();
const approved = anExternalDonation({
  id: '01JEXTDN000000000000000002',
  memberName: 'Ben Tui',
  memberEmail: 'ben@harbour.example',
  charityName: 'City Mission',
  amount: { cents: 12_550, currency: 'NZD' },
  donatedOn: '2026-03-20',
  note: 'Winter appeal',
  status: 'Approved',
  createdAt: '2026-03-21T03:00:00.000Z',
  decidedAt: '2026-03-22T04:00:00.000Z',
  decidedBy: 'grace.liu@harbour.example',
});
const declined = anExternalDonation({
  id: '01JEXTDN000000000000000003',
  memberName: 'Cara Hemi',
  memberEmail: 'cara@harbour.example',
  charityName: 'Kiwi Coast Rescue',
  amount: { cents: 2_000, currency: 'NZD' },
  donatedOn: '2026-03-01',
  status: 'Declined',
  createdAt: '2026-03-02T03:00:00.000Z',
  decidedAt: '2026-03-05T21:30:00.000Z',
  decidedBy: 'grace.liu@harbour.example',
  declineReason: 'The receipt is for a raffle ticket, which is not a donation.',
});

function donationsConsole({ permissions = WORKPLACE_PERMISSIONS, items = [pending, approved, declined] }: { permissions?: readonly Permission[]; items?: ExternalDonation[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', LIST, json(200, { items }));
  return { fetch, start: () => renderConsole(`/admin/workplace/${WORKPLACE_ID}/external-donations`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

const PAYMENTS_MANAGER: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ManagePayments'];
const table = () => screen.getByRole('table', { name: 'External donations' });

describe('external donations', () => {
  it('lists members’ donations pending first, with who decided the others, when, and why one was declined', async () => {
    const { start } = donationsConsole();
    start();
    await screen.findByRole('table', { name: 'External donations' });
    expect(screen.getByText(/Approved ones count for matching as external donations\./)).toBeTruthy();
    expect(within(table()).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'MemberCharityAmountDonated onStatusActions',
      'Aroha Ngataaroha@harbour.exampleForest & Bird$50.002 Apr 2026recorded 3 Apr 2026PendingReceipt for Aroha Ngata’s $50.00 to Forest & BirdApprove Aroha Ngata’s $50.00 to Forest & BirdDecline Aroha Ngata’s $50.00 to Forest & Bird',
      'Ben Tuiben@harbour.exampleCity Mission“Winter appeal”$125.5020 Mar 2026recorded 21 Mar 2026Approvedby grace.liu@harbour.example, 22 Mar 2026Receipt for Ben Tui’s $125.50 to City Mission',
      'Cara Hemicara@harbour.exampleKiwi Coast Rescue$20.001 Mar 2026recorded 2 Mar 2026Declinedby grace.liu@harbour.example, 6 Mar 2026Reason: The receipt is for a raffle ticket, which is not a donation.Receipt for Cara Hemi’s $20.00 to Kiwi Coast Rescue',
    ]);
  });

  it('filters by status through the API', async () => {
    const { fetch, start } = donationsConsole();
    fetch.on('GET', `${PAYROLL_API}/external-donations?status=Declined`, json(200, { items: [declined] }));
    fetch.on('GET', `${PAYROLL_API}/external-donations?status=Approved`, json(200, { items: [] }));
    const { user } = start();
    await screen.findByRole('table', { name: 'External donations' });
    const filter = screen.getByLabelText('Status');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Pending', 'Approved', 'Declined']);
    await user.selectOptions(filter, 'Declined');
    await waitFor(() => expect(within(table()).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Cara Hemicara@harbour.example']));
    await user.selectOptions(filter, 'Approved');
    expect(await screen.findByRole('heading', { name: 'No approved external donations' })).toBeTruthy();
    expect(fetch.callsTo('GET', `${PAYROLL_API}/external-donations`)).toHaveLength(1);
  });

  it('downloads a receipt under the name the API gives it', async () => {
    const { fetch, start } = donationsConsole();
    fetch.on(
      'GET',
      `${PAYROLL_API}/external-donations/${EXTERNAL_DONATION_ID}/receipt`,
      () => new Response('%PDF-1.4 receipt', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="forest-and-bird-receipt.pdf"' } }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = start();
    await screen.findByRole('table', { name: 'External donations' });
    await user.click(screen.getByRole('button', { name: 'Receipt for Aroha Ngata’s $50.00 to Forest & Bird' }));
    await waitFor(() => expect(clicked).toEqual(['forest-and-bird-receipt.pdf']));
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4 receipt');
  });

  it('says why a receipt could not be downloaded', async () => {
    const { fetch, start } = donationsConsole();
    fetch.on('GET', `${PAYROLL_API}/external-donations/${EXTERNAL_DONATION_ID}/receipt`, problem(404, { title: 'Not found.', code: 'NotFound', detail: 'The receipt was not found.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Receipt for Aroha Ngata’s $50.00 to Forest & Bird' }));
    expect(await screen.findByText('We couldn’t download the receipt: The receipt was not found.')).toBeTruthy();
  });

  it('approves a pending donation: it counts for matching, and the list catches up', async () => {
    const { fetch, start } = donationsConsole({ permissions: PAYMENTS_MANAGER });
    fetch.on('POST', DECISION, () => {
      fetch.on('GET', LIST, json(200, { items: [{ ...pending, status: 'Approved', decidedAt: '2026-04-16T02:00:00.000Z', decidedBy: 'grace.liu@harbour.example' }, approved, declined] }));
      return json(200, { ...pending, status: 'Approved' });
    });
    const { user } = start();
    await screen.findByRole('table', { name: 'External donations' });
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
    await user.click(screen.getByRole('button', { name: 'Approve Aroha Ngata’s $50.00 to Forest & Bird' }));

    const notice = await screen.findByText('Approved Aroha Ngata’s $50.00 to Forest & Bird. It counts for matching now.');
    expect(fetch.callsTo('POST', DECISION).map((call) => call.body)).toEqual([{ decision: 'Approve' }]);
    await waitFor(() => expect(within(table()).queryByRole('button', { name: /^Approve/ })).toBeNull());
    expect(within(table()).getAllByRole('row')[1]?.textContent).toContain('Approvedby grace.liu@harbour.example, 16 Apr 2026');
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')?.contains(document.activeElement)).toBe(true));
  });

  it('shows why an approval was refused (409)', async () => {
    const { fetch, start } = donationsConsole({ permissions: PAYMENTS_MANAGER });
    fetch.on('POST', DECISION, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: 'This donation was declined already.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Approve Aroha Ngata’s $50.00 to Forest & Bird' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We couldn’t approve Aroha Ngata’s $50.00 to Forest & Bird: This donation was declined already.');
    // The list is asked again, to show what was decided.
    await waitFor(() => expect(fetch.callsTo('GET', LIST).length).toBeGreaterThan(1));
  });

  it('declines with a reason the dialog requires, and sends it', async () => {
    const { fetch, start } = donationsConsole({ permissions: PAYMENTS_MANAGER });
    fetch.on('POST', DECISION, (request) => json(200, { ...pending, status: 'Declined', declineReason: (request.body as { reason: string }).reason }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Decline Aroha Ngata’s $50.00 to Forest & Bird' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this donation?' });
    expect(dialog.textContent).toContain('Aroha Ngata’s $50.00 to Forest & Bird, donated 2 Apr 2026. Tell the member why');

    await user.click(within(dialog).getByRole('button', { name: 'Decline donation' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(errorOf(reason)).toBe('Required Field!'));
    expect(document.activeElement).toBe(reason);
    await user.type(reason, 'x'.repeat(301));
    await user.click(within(dialog).getByRole('button', { name: 'Decline donation' }));
    await waitFor(() => expect(errorOf(reason)).toBe('Maximum 300 characters!'));
    expect(fetch.callsTo('POST', DECISION)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  The receipt is from 2024.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline donation' }));
    expect(await screen.findByText('Declined Aroha Ngata’s $50.00 to Forest & Bird. The member sees your reason.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.callsTo('POST', DECISION).map((call) => call.body)).toEqual([{ decision: 'Decline', reason: 'The receipt is from 2024.' }]);
  });

  it('shows why a decline was refused (409) in the dialog', async () => {
    const { fetch, start } = donationsConsole({ permissions: PAYMENTS_MANAGER });
    fetch.on('POST', DECISION, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: 'This donation was approved already.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Decline Aroha Ngata’s $50.00 to Forest & Bird' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this donation?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'No receipt.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline donation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This donation was approved already.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline Aroha Ngata’s $50.00 to Forest & Bird' }));
  });

  it('shows a member who reads payments only the donations and receipts, without deciding', async () => {
    const { start } = donationsConsole({ permissions: ['Workplace_ViewDashboard', 'Workplace_ViewPayments'] });
    start();
    await screen.findByRole('table', { name: 'External donations' });
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
    expect(within(table()).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(table()).queryByRole('button', { name: /^Decline/ })).toBeNull();
    expect(within(table()).getAllByRole('button', { name: /^Receipt/ })).toHaveLength(3);
    expect(screen.getByText('Someone who manages payments approves or declines these donations.')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    const { start } = donationsConsole({ items: [] });
    start();
    expect(await screen.findByRole('heading', { name: 'No external donations yet' })).toBeTruthy();
  });

  it('is not in the menu of a member without the payments permissions', async () => {
    const { start } = donationsConsole({ permissions: ['Workplace_ViewDashboard', 'Workplace_ViewMembers'] });
    start();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(menuLabels('Workplace admin')).not.toContain('External Donations');
  });
});
