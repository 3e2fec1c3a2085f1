import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_MESSAGES, type MemberExport } from '@giving/shared/contracts/memberships';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { CHARITY_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { typeWhenFocused } from '../../../testing/typing';
import { MEMBERS_EXPORT_POLL_MS } from '../../../features/memberships/api/members-export';
import { aMembership, aPlan } from '../../../features/memberships/testing/membership-fixtures';
import { CHARITY_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const API = `/api/memberships/charity/${CHARITY_ID}`;
const menu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust', roles: ['Charity.Admin'] }] });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

function membershipScreen({ permissions = CHARITY_PERMISSIONS as readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `${API}/plans`, json(200, { items: [aPlan(1), aPlan(2), aPlan(3)] }));
  fetch.on('GET', `${API}/members`, json(200, { items: [aMembership(1), aMembership(2, { status: 'InGrace', source: 'Manual', note: 'Cash at the AGM' }), aMembership(3, { status: 'New' })], nextCursor: 'page-2' }));
  return { fetch, start: () => renderConsole(`/admin/charity/${CHARITY_ID}/membership`, { fetch, menu, tenant: { charityId: CHARITY_ID }, permissions }) };
}

describe('membership (charity console): plans', () => {
  it('is in the menu for Charity_MembershipManage, and lists the plans with fee and period, status and benefits', async () => {
    membershipScreen().start();
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(menuLabels('Charity admin')).toContain('Membership');
    const rows = rowsOf(table);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Supporter', 'Friend', 'Life member']);
    expect(rows.map((row) => row.querySelectorAll('td')[0]?.textContent)).toEqual(['$40.00 a year', '$5.00 a month', '$250.00 once, for life']);
    expect(within(rows[0] as HTMLElement).getByText('Open')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Renews')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Closed')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText('Renews')).toBeNull();
    expect(within(rows[0] as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Our newsletter', 'A vote at the AGM']);
    expect(within(rows[1] as HTMLElement).getByText('None listed')).toBeTruthy();
  });

  it('is not in the menu without Charity_MembershipManage', async () => {
    membershipScreen({ permissions: ['Charity_DashboardView'] }).start();
    await waitFor(() => expect(menuLabels('Charity admin')).toEqual(['Dashboard', 'Settings', 'Help']));
  });

  it('adds a plan: the contract’s messages first, then the fee as cents, benefits one a line, with an idempotency key', async () => {
    const { fetch, start } = membershipScreen();
    const added = aPlan(1, { planId: '01JPXAN0000000000000000004', name: 'Family', fee: { cents: 6550, currency: 'NZD' } });
    fetch.on('POST', `${API}/plans`, json(201, added));
    const { user } = start();
    await screen.findByRole('table', { name: 'Plans' });
    await user.click(screen.getByRole('button', { name: 'Add a plan' }));
    const form = screen.getByRole('form', { name: 'Add a plan' });
    await user.type(within(form).getByLabelText('Fee (dollars)'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(errorOf(within(form).getByLabelText('Name'))).toBe(MESSAGES.requiredField);
    expect(errorOf(within(form).getByLabelText('Fee (dollars)'))).toBe(MESSAGES.invalidAmount);
    await user.clear(within(form).getByLabelText('Fee (dollars)'));
    await user.type(within(form).getByLabelText('Fee (dollars)'), 'forty');
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    expect(errorOf(within(form).getByLabelText('Fee (dollars)'))).toBe(MESSAGES.invalidAmount);
    expect(fetch.callsTo('POST', `${API}/plans`)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Family');
    await user.clear(within(form).getByLabelText('Fee (dollars)'));
    await user.type(within(form).getByLabelText('Fee (dollars)'), '65.5');
    await user.type(within(form).getByLabelText('Benefits'), 'Two adults and the kids\n\n  Our newsletter  ');
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));

    expect(await screen.findByText('“Family” was added.')).toBeTruthy();
    const [post] = fetch.callsTo('POST', `${API}/plans`);
    expect(post?.body).toEqual({
      name: 'Family',
      description: '',
      fee: 6550,
      period: 'Yearly',
      benefits: ['Two adults and the kids', 'Our newsletter'],
      autoRenew: true,
      active: true,
    });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('Add plan with the name and the fee wrong focuses the name once: someone typing in it at once keeps it', async () => {
    const { fetch, start } = membershipScreen();
    const { user } = start();
    await screen.findByRole('table', { name: 'Plans' });
    await user.click(screen.getByRole('button', { name: 'Add a plan' }));
    const form = screen.getByRole('form', { name: 'Add a plan' });
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    // They start typing the moment Name takes focus: the name is right then, the fee still wrong.
    typeWhenFocused(name, 'Family');

    await user.click(within(form).getByRole('button', { name: 'Add plan' }));

    await waitFor(() => expect(errorOf(within(form).getByLabelText('Fee (dollars)'))).toBe(MESSAGES.invalidAmount));
    await waitFor(() => expect(errorOf(name)).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Family');
    expect(fetch.callsTo('POST', `${API}/plans`)).toHaveLength(0);
  });

  it('a life plan cannot renew: choosing Life turns renewal off and disables it', async () => {
    const { fetch, start } = membershipScreen();
    fetch.on('POST', `${API}/plans`, json(201, aPlan(3)));
    const { user } = start();
    await screen.findByRole('table', { name: 'Plans' });
    await user.click(screen.getByRole('button', { name: 'Add a plan' }));
    const form = screen.getByRole('form', { name: 'Add a plan' });
    const renews = within(form).getByRole('checkbox', { name: /Renews automatically/ }) as HTMLInputElement;
    expect(renews.checked).toBe(true);
    await user.selectOptions(within(form).getByLabelText('Period'), 'Life');
    expect(renews.checked).toBe(false);
    expect(renews.disabled).toBe(true);
    await user.type(within(form).getByLabelText('Name'), 'Life member');
    await user.type(within(form).getByLabelText('Fee (dollars)'), '250');
    await user.click(within(form).getByRole('button', { name: 'Add plan' }));
    await screen.findByText('“Life member” was added.');
    expect(fetch.callsTo('POST', `${API}/plans`)[0]?.body).toMatchObject({ period: 'Life', autoRenew: false, fee: 25000 });
  });

  it('edits a plan (PUT, filled in from the plan) and shows the API’s 409 in the form', async () => {
    const { fetch, start } = membershipScreen();
    fetch.on(
      'PUT',
      `${API}/plans/${aPlan(1).planId}`,
      problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: 'Another plan of this charity already has this name.' }),
    );
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Supporter' }));
    const form = screen.getByRole('form', { name: 'Edit “Supporter”' });
    expect((within(form).getByLabelText('Fee (dollars)') as HTMLInputElement).value).toBe('40.00');
    expect((within(form).getByLabelText('Benefits') as HTMLTextAreaElement).value).toBe('Our newsletter\nA vote at the AGM');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Friend');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Another plan of this charity already has this name.');
    expect(fetch.callsTo('PUT', `${API}/plans/${aPlan(1).planId}`)[0]?.body).toMatchObject({ name: 'Friend', fee: 4000, period: 'Yearly' });
  });
});

describe('membership (charity console): members', () => {
  it('lists members with number, name and e-mail, plan, status, dates and source; loads more', async () => {
    const { fetch, start } = membershipScreen();
    fetch.on('GET', `${API}/members?cursor=page-2`, json(200, { items: [aMembership(4, { member: { name: 'Hemi Walker', email: 'hemi@example.co.nz' }, status: 'Cancelled' })] }));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = rowsOf(table);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('KKT-000001')).toBeTruthy();
    expect(within(first).getByRole('rowheader').textContent).toBe('Aroha Ngatamember1@example.co.nz');
    expect(within(first).getByText('Supporter')).toBeTruthy();
    expect(within(first).getByText('1 Mar 2026')).toBeTruthy();
    expect(within(first).getByText('28 Feb 2027')).toBeTruthy();
    expect(within(first).getByText('Online')).toBeTruthy();
    expect(rows.map((row) => row.querySelectorAll('td')[2]?.textContent)).toEqual(['Current', 'In grace', 'New']);
    expect(within(rows[1] as HTMLElement).getByText('Added by you: Cash at the AGM')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('For life')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Members' }))).toHaveLength(4));
    expect(within(rowsOf(screen.getByRole('table', { name: 'Members' }))[3] as HTMLElement).getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches and filters by status (q and status in the query)', async () => {
    const { fetch, start } = membershipScreen();
    fetch.on('GET', `${API}/members?q=aroha`, json(200, { items: [aMembership(1)] }));
    fetch.on('GET', `${API}/members?q=aroha&status=InGrace`, json(200, { items: [] }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Members' });
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'aroha{Enter}');
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Members' }))).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Status'), 'In grace');
    expect(await screen.findByText('No members found')).toBeTruthy();
    expect(fetch.callsTo('GET', `${API}/members?q=aroha&status=InGrace`)).toHaveLength(1);
  });

  const EXPORT_ID = '01JEXPRT000000000000000001';
  const anExport = (overrides: Partial<MemberExport> = {}): MemberExport => ({
    id: EXPORT_ID,
    status: 'Preparing',
    requestedAt: '2026-11-26T09:00:00.000Z',
    rows: 0,
    fileName: 'kiwi-kids-trust-members-2026-11-26.csv',
    ...overrides,
  });
  /** Saving a file: what the browser was asked to save. */
  function savedFiles() {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:members', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return { saved, restore: () => click.mockRestore() };
  }

  it('prepares the members file, saying every 2 seconds how many members are in so far, then downloads it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, start } = membershipScreen();
    fetch.on('POST', `${API}/members/exports`, json(202, { export: anExport() }));
    fetch.sequence('GET', `${API}/members/exports/${EXPORT_ID}`, [
      () => json(200, { export: anExport({ rows: 500 }) }),
      () => json(200, { export: anExport({ rows: 1000 }) }),
      () => json(200, { export: anExport({ status: 'Ready', rows: 1200, bytes: 98_765, readyAt: '2026-11-26T09:00:07.000Z' }) }),
    ]);
    fetch.on(
      'GET',
      `${API}/members/exports/${EXPORT_ID}/download`,
      new Response('Membership number,Name\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="kiwi-kids-trust-members-2026-11-26.csv"' } }),
    );
    const files = savedFiles();
    const { user } = start();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    const status = await screen.findByText('Preparing your file…');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS));
    expect(await screen.findByText('Preparing your file… (500 members so far)')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS));
    expect(await screen.findByText('Preparing your file… (1,000 members so far)')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS));
    await waitFor(() => expect(files.saved).toEqual(['kiwi-kids-trust-members-2026-11-26.csv']));
    expect(screen.queryByText(/Preparing your file/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(false));

    // One start, one download, and no more questions once it is ready.
    expect(fetch.callsTo('POST', `${API}/members/exports`)).toHaveLength(1);
    expect(fetch.callsTo('GET', `${API}/members/exports/${EXPORT_ID}/download`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS * 3));
    expect(fetch.callsTo('GET', `${API}/members/exports/${EXPORT_ID}`)).toHaveLength(3);
    expect(fetch.unhandled.filter((call) => call.includes('/members/exports'))).toEqual([]);
    files.restore();
  });

  it('says so when the file could not be prepared, and lets them try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, start } = membershipScreen();
    fetch.on('POST', `${API}/members/exports`, json(202, { export: anExport() }));
    fetch.on('GET', `${API}/members/exports/${EXPORT_ID}`, json(200, { export: anExport({ status: 'Failed', rows: 500 }) }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS));
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBERSHIP_MESSAGES.exportFailed);
    expect(screen.queryByText(/Preparing your file/)).toBeNull();
    expect(fetch.callsTo('GET', `${API}/members/exports/${EXPORT_ID}/download`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(fetch.callsTo('POST', `${API}/members/exports`)).toHaveLength(2));
    expect(await screen.findByText('Preparing your file…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s message when the file cannot be started, or downloaded once ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, start } = membershipScreen();
    fetch.sequence('POST', `${API}/members/exports`, [
      () => problem(403, { title: 'Forbidden', code: 'Forbidden', detail: 'You do not have permission to do that.' }),
      () => json(202, { export: anExport() }),
    ]);
    fetch.on('GET', `${API}/members/exports/${EXPORT_ID}`, json(200, { export: anExport({ status: 'Ready', rows: 3, bytes: 300 }) }));
    fetch.on('GET', `${API}/members/exports/${EXPORT_ID}/download`, problem(404, { title: 'Not Found', code: 'NotFound', detail: MEMBERSHIP_MESSAGES.exportNotFound }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We couldn’t download the file: You do not have permission to do that.');
    expect(screen.queryByText(/Preparing your file/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_EXPORT_POLL_MS));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`We couldn’t download the file: ${MEMBERSHIP_MESSAGES.exportNotFound}`));
  });

  it('adds a member who paid elsewhere: the contract’s messages, then the POST with an idempotency key kept for a retry; a 409 shows', async () => {
    const { fetch, start } = membershipScreen();
    fetch.sequence('POST', `${API}/members`, [
      () => problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: 'They are already a member on this plan.' }),
      () => json(201, aMembership(5, { member: { name: 'Hemi Walker', email: 'hemi@example.co.nz' }, membershipNumber: 'KKT-000005', source: 'Manual' })),
    ]);
    const { user } = start();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    const form = screen.getByRole('form', { name: 'Add a member' });
    // Only the charity's plans are offered (with their fees).
    expect(within(within(form).getByLabelText('Plan')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a plan',
      'Supporter ($40.00 a year)',
      'Friend ($5.00 a month)',
      'Life member ($250.00 once, for life)',
    ]);
    await user.clear(within(form).getByLabelText('Joined on'));
    await user.type(within(form).getByLabelText('Email'), 'hemi@');
    await user.type(within(form).getByLabelText('Joined on'), '1 March');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));
    expect(errorOf(within(form).getByLabelText('First name'))).toBe(MESSAGES.requiredField);
    expect(errorOf(within(form).getByLabelText('Email'))).toBe(MESSAGES.invalidEmail);
    expect(errorOf(within(form).getByLabelText('Plan'))).toBe(MESSAGES.requiredField);
    expect(errorOf(within(form).getByLabelText('Joined on'))).toBe(MESSAGES.invalidInput);
    expect(errorOf(within(form).getByLabelText('How they paid'))).toBe(MESSAGES.requiredField);
    expect(fetch.callsTo('POST', `${API}/members`)).toHaveLength(0);

    await user.type(within(form).getByLabelText('First name'), 'Hemi');
    await user.type(within(form).getByLabelText('Last name'), 'Walker');
    await user.type(within(form).getByLabelText('Email'), 'example.co.nz');
    await user.selectOptions(within(form).getByLabelText('Plan'), 'Supporter ($40.00 a year)');
    await user.clear(within(form).getByLabelText('Joined on'));
    await user.type(within(form).getByLabelText('Joined on'), '2026-11-20');
    await user.type(within(form).getByLabelText('How they paid'), 'Cash at the AGM');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('They are already a member on this plan.');

    await user.click(within(form).getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Hemi Walker was added as member KKT-000005.')).toBeTruthy();
    const posts = fetch.callsTo('POST', `${API}/members`);
    expect(posts[1]?.body).toEqual({ firstName: 'Hemi', lastName: 'Walker', email: 'hemi@example.co.nz', planId: aPlan(1).planId, joinedOn: '2026-11-20', note: 'Cash at the AGM' });
    expect(posts[1]?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
  });
});
