import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHARITY_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { aCharity } from '../../../testing/fixtures';
import { CHARITY_ID, anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const API = `/api/accounts/charity/${CHARITY_ID}`;
const menu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust', roles: ['Charity.Admin'] }] });
const MEMBER_ONLY = ['Charity_DashboardView', 'Charity_MemberView'];

const aMember = (n: number, overrides = {}) => ({
  memberId: `M${n}`,
  firstName: ['Aroha', 'Tama', 'Mere'][n - 1] ?? 'Sam',
  lastName: 'Ngata',
  email: `member${n}@example.co.nz`,
  roles: n === 1 ? ['Charity.Admin'] : ['Charity.Member'],
  joinedAt: '2025-03-01T00:00:00Z',
  ...overrides,
});

const anInvitation = (n: number, overrides = {}) => ({
  id: `I${n}`,
  tenant: { kind: 'charity', id: CHARITY_ID, name: 'Kiwi Kids Trust' },
  email: `invitee${n}@example.co.nz`,
  role: 'Charity.Member',
  status: 'Pending',
  invitedBy: 'M1',
  createdAt: '2025-05-01T00:00:00Z',
  expiresAt: '2025-05-15T00:00:00Z',
  ...overrides,
});

function charityConsole(path: string, { permissions = CHARITY_PERMISSIONS as readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `${API}/settings`, json(200, { profile: aCharity({ id: CHARITY_ID }) }));
  fetch.on('GET', `${API}/members`, json(200, { items: [aMember(1), aMember(2)] }));
  fetch.on('GET', `${API}/invitations`, json(200, { items: [anInvitation(1), anInvitation(2), anInvitation(3, { status: 'Accepted' })] }));
  return { fetch, start: () => renderConsole(`/admin/charity/${CHARITY_ID}/${path}`, { fetch, menu, tenant: { charityId: CHARITY_ID }, permissions }) };
}

const nzd = (cents: number) => ({ cents, currency: 'NZD' as const });
const donationsDashboard = {
  donations: [
    {
      currency: 'NZD',
      // The 1st to the 3rd of November; all 31 days of October.
      thisMonth: { month: '2026-11', donations: 3, amount: nzd(9_000), byDay: [3_000, 0, 6_000] },
      lastMonth: { month: '2026-10', donations: 2, amount: nzd(12_000), byDay: [0, 2_000, ...Array.from({ length: 29 }, (_, day) => (day === 10 ? 10_000 : 0))] },
    },
  ],
  topGifts: [
    { giftId: 'G1', title: 'Feed a kiwi chick', donations: 2, amount: nzd(6_000) },
    { giftId: 'G2', title: 'Buy a predator trap', donations: 1, amount: nzd(3_000) },
  ],
  topPages: [{ pageId: 'P1', title: 'Aroha runs for kiwi', ownerName: 'Aroha Ngata', eventUrl: 'kiwi-run', pageUrl: 'aroha', donations: 1, amount: nzd(3_000) }],
};
const volunteeringDashboard = { thisMonth: { month: '2026-11', volunteers: 4, hours: 12.5 }, lastMonth: { month: '2026-10', volunteers: 1, hours: 3 }, applicationsToReview: 2, feedbackToGive: 1 };
const DONATIONS_DASHBOARD = `/api/donations/charity/${CHARITY_ID}/dashboard`;
const VOLUNTEERING_DASHBOARD = `/api/volunteering/charity/${CHARITY_ID}/dashboard`;

describe('charity dashboard', () => {
  function dashboard(options?: { permissions?: readonly string[] }) {
    const console = charityConsole('dashboard', options);
    console.fetch.on('GET', DONATIONS_DASHBOARD, json(200, donationsDashboard));
    console.fetch.on('GET', VOLUNTEERING_DASHBOARD, json(200, volunteeringDashboard));
    return console;
  }

  it('shows the charity, its counts, the pending profile change and quick links', async () => {
    const { fetch, start } = dashboard();
    fetch.on(
      'GET',
      `${API}/settings`,
      json(200, { profile: aCharity({ id: CHARITY_ID }), pendingChange: { contentId: 'C1', submittedAt: '2025-06-01T00:00:00Z', changes: { website: 'https://new.example.org' } } }),
    );
    start();
    expect(await screen.findByRole('heading', { level: 3, name: 'Kiwi Kids Trust' })).toBeTruthy();
    const tiles = screen.getByRole('list', { name: 'Your team' });
    await waitFor(() => expect(within(tiles).getByRole('link', { name: /Members/ }).textContent).toBe('2Members'));
    // Only pending invitations count.
    await waitFor(() => expect(within(tiles).getByRole('link', { name: /Pending invitations/ }).textContent).toBe('2Pending invitations'));
    expect(screen.getByText(/are waiting for approval/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the proposed changes' }).getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/settings`);
    expect(screen.getByRole('link', { name: 'View your public page' }).getAttribute('href')).toBe('/nz/charity/kiwi-kids-trust');
  });

  it('lists what waits for the charity, each leading to where it is handled', async () => {
    const { start } = dashboard();
    start();
    const waiting = await screen.findByRole('list', { name: 'Waiting for you' });
    await waitFor(() =>
      expect(within(waiting).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['2 applications to review', `/admin/charity/${CHARITY_ID}/volunteer-applications`],
        ['1 volunteer waiting for your feedback', `/admin/charity/${CHARITY_ID}/volunteer-applications`],
      ]),
    );
  });

  it('shows this month’s donations beside last month’s, day by day, with the top gifts and pages', async () => {
    const { start } = dashboard();
    start();
    const donations = await screen.findByRole('region', { name: 'Donations' });
    const tiles = await within(donations).findByRole('list', { name: 'Donations: November beside October' });
    // October to the same day: its 1st to 3rd.
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['$90.00Given in November', '3Donations in November', '$120.00Given in October', '$20.00October to the same day']);
    const days = within(donations).getByRole('table', { name: 'Donations: given each day of November and October' });
    expect(within(days).getAllByRole('row')).toHaveLength(32);
    const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(cells(days).slice(0, 3)).toEqual([
      ['1', '$30.00', '$0.00'],
      ['2', '$0.00', '$20.00'],
      ['3', '$60.00', '$0.00'],
    ]);
    expect(cells(within(donations).getByRole('table', { name: 'Top gifts in November' }))).toEqual([
      ['Feed a kiwi chick', '2', '$60.00'],
      ['Buy a predator trap', '1', '$30.00'],
    ]);
    const pages = within(donations).getByRole('table', { name: 'Top fundraising pages in November' });
    expect(cells(pages)).toEqual([['Aroha runs for kiwiAroha Ngata', '1', '$30.00']]);
    expect(within(pages).getByRole('link', { name: 'Aroha runs for kiwi' }).getAttribute('href')).toBe('/nz/fundraising/kiwi-run/aroha');
    expect(within(donations).getByRole('link', { name: 'See donation reports' }).getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/reports/donation-reports`);
  });

  it('counts the charity’s paying members and this month’s joiners, leading to its membership', async () => {
    const { fetch, start } = dashboard();
    fetch.on('GET', DONATIONS_DASHBOARD, json(200, { ...donationsDashboard, memberships: { current: 42, joinedThisMonth: 3 } }));
    start();
    const tiles = await screen.findByRole('list', { name: 'Your members' });
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['42Members', '3Joined in November']);
    expect(within(tiles).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/membership`);
  });

  it('shows volunteers and hours this month beside last month', async () => {
    const { start } = dashboard();
    start();
    const volunteering = await screen.findByRole('region', { name: 'Volunteering' });
    const tiles = await within(volunteering).findByRole('list', { name: 'Volunteering: November beside October' });
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['4Volunteers in November', '12.5Hours in November', '1Volunteer in October', '3Hours in October']);
  });

  it('says so when nothing has been given or is waiting', async () => {
    const { fetch, start } = dashboard();
    const none = { donations: 0, amount: nzd(0) };
    fetch.on('GET', DONATIONS_DASHBOARD, json(200, { donations: [{ currency: 'NZD', thisMonth: { month: '2026-11', ...none, byDay: [0] }, lastMonth: { month: '2026-10', ...none, byDay: [] } }], topGifts: [], topPages: [] }));
    fetch.on('GET', VOLUNTEERING_DASHBOARD, json(200, { ...volunteeringDashboard, applicationsToReview: 0, feedbackToGive: 0 }));
    start();
    expect(await screen.findByText('Nothing is waiting for you.')).toBeTruthy();
    const donations = await screen.findByRole('region', { name: 'Donations' });
    expect(await within(donations).findByText('No gifts given yet this month.')).toBeTruthy();
    expect(within(donations).getByText('No fundraising page has raised money for you yet this month.')).toBeTruthy();
    // No chart of empty months.
    expect(within(donations).queryByRole('table')).toBeNull();
  });

  it('shows a charity member neither donations nor volunteering, and never asks for them', async () => {
    const { fetch, start } = dashboard({ permissions: MEMBER_ONLY });
    start();
    expect(await screen.findByRole('heading', { level: 3, name: 'Kiwi Kids Trust' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your team' })).getByRole('link', { name: /Members/ }).textContent).toBe('2Members'));
    expect(screen.queryByRole('region', { name: 'Donations' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Volunteering' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).toBeNull();
    expect(fetch.callsTo('GET', DONATIONS_DASHBOARD)).toHaveLength(0);
    expect(fetch.callsTo('GET', VOLUNTEERING_DASHBOARD)).toHaveLength(0);
  });
});

describe('charity members', () => {
  it('lists members with e-mail, roles and joined date', async () => {
    const { start } = charityConsole('members');
    start();
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Aroha Ngata', 'Tama Ngata']);
    expect(within(rows[0] as HTMLElement).getByText('member1@example.co.nz')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Admin')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Member')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('1 Mar 2025')).toBeTruthy();
  });

  it('says so when there are no members', async () => {
    const { fetch, start } = charityConsole('members');
    fetch.on('GET', `${API}/members`, json(200, { items: [] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No members yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite members' }).getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/invited-members`);
  });

  it('removes a member only after confirmation, and shows the API’s 409 in the dialog', async () => {
    const { fetch, start } = charityConsole('members');
    fetch.sequence('DELETE', `${API}/members/M1`, [
      () => problem(409, { title: 'That conflicts with the current state.', detail: 'A charity must keep at least one admin.', code: 'Conflict' }),
    ]);
    fetch.on('DELETE', `${API}/members/M2`, new Response(null, { status: 204 }));
    const { user } = start();

    await user.click(await screen.findByRole('button', { name: 'Remove Aroha Ngata' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove member?' });
    expect(fetch.callsTo('DELETE', `${API}/members/M1`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await within(dialog).findByText('A charity must keep at least one admin.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fetch.on('GET', `${API}/members`, json(200, { items: [aMember(1)] }));
    await user.click(screen.getByRole('button', { name: 'Remove Tama Ngata' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Tama Ngata was removed from the charity.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Tama Ngata' })).toBeNull());
    expect(fetch.callsTo('DELETE', `${API}/members/M2`)).toHaveLength(1);
  });

  it('offers no Remove to members who cannot manage', async () => {
    const { start } = charityConsole('members', { permissions: MEMBER_ONLY });
    start();
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

describe('charity invited members', () => {
  it('invites by e-mail and role, and shows the API’s field error under the field', async () => {
    const { fetch, start } = charityConsole('invited-members');
    fetch.sequence('POST', `${API}/invitations`, [
      () => problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.email', message: 'This address already has a pending invitation.' }] }),
      () => json(201, anInvitation(9)),
    ]);
    const { user } = start();

    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const email = within(form).getByLabelText('E-mail');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Member']);
    await user.type(email, 'Not-An-Email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(errorOf(email)).toBe('Invalid Email!'));
    expect(fetch.callsTo('POST', `${API}/invitations`)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Invitee1@Example.co.nz');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(errorOf(email)).toBe('This address already has a pending invitation.'));
    expect(fetch.callsTo('POST', `${API}/invitations`)[0]?.body).toEqual({ email: 'invitee1@example.co.nz', role: 'Charity.Admin' });

    await user.clear(email);
    await user.type(email, 'new@example.co.nz');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.co.nz.')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('');
  });

  it('lists pending invitations, and says so when there are none', async () => {
    const { fetch, start } = charityConsole('invited-members');
    fetch.on('GET', `${API}/invitations`, json(200, { items: [anInvitation(1, { status: 'Revoked' })] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No pending invitations' })).toBeTruthy();
  });

  it('enters bulk-select mode when invitations are selected, revokes them after confirmation, and leaves it when the selection empties', async () => {
    const { fetch, start } = charityConsole('invited-members');
    fetch.on('DELETE', /\/invitations\/I[12]$/, () => new Response(null, { status: 204 }));
    const { user } = start();

    await screen.findByRole('table', { name: 'Pending invitations' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select invitee1@example.co.nz' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 invitation selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select invitee1@example.co.nz' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select all invitations' }));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('2 invitations selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke 2 invitations?' });
    fetch.on('GET', `${API}/invitations`, json(200, { items: [] }));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitations' }));

    expect(await screen.findByText('2 invitations were revoked.')).toBeTruthy();
    expect(fetch.callsTo('DELETE', /\/invitations\/I[12]$/).map((call) => call.url)).toEqual([`${API}/invitations/I1`, `${API}/invitations/I2`]);
    expect(await screen.findByRole('heading', { name: 'No pending invitations' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});

describe('charity settings', () => {
  it('shows a change waiting for approval, and sends edits for approval', async () => {
    const { fetch, start } = charityConsole('settings');
    fetch.on(
      'GET',
      `${API}/settings`,
      json(200, {
        profile: aCharity({ id: CHARITY_ID }),
        pendingChange: { contentId: 'C1', submittedAt: '2025-06-01T00:00:00Z', changes: { location: 'Porirua', causes: ['Children', 'Kai'] } },
      }),
    );
    fetch.on('PUT', `${API}/settings`, json(200, {}));
    const { user } = start();

    const pending = await screen.findByRole('region', { name: 'Waiting for approval' });
    expect(within(pending).getByText('Location').nextElementSibling?.textContent).toBe('Porirua');
    expect(within(pending).getByText('Causes').nextElementSibling?.textContent).toBe('Children, Kai');

    const form = screen.getByRole('form', { name: 'Charity profile' });
    // The form starts from the proposal.
    expect((within(form).getByLabelText('Location') as HTMLInputElement).value).toBe('Porirua');
    await user.clear(within(form).getByLabelText('Causes'));
    await user.type(within(form).getByLabelText('Causes'), 'Children,  Kai , Reading');
    await user.clear(within(form).getByLabelText('Website'));
    await user.type(within(form).getByLabelText('Website'), 'ftp://nope');
    await user.click(within(form).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Website'))).toBe('Enter a web address starting with https://'));

    await user.clear(within(form).getByLabelText('Website'));
    await user.type(within(form).getByLabelText('Website'), 'https://kiwikids.example.org');
    await user.click(within(form).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(/changes were sent for approval\. They go live once the Koha team approves them\./)).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/settings`)[0]?.body).toEqual({
      description: aCharity().description,
      website: 'https://kiwikids.example.org',
      location: 'Porirua',
      causes: ['Children', 'Kai', 'Reading'],
    });
  });

  it('shows why the back office denied the last change, until another is sent', async () => {
    const { fetch, start } = charityConsole('settings');
    fetch.on(
      'GET',
      `${API}/settings`,
      json(200, {
        profile: aCharity({ id: CHARITY_ID }),
        deniedChange: { contentId: 'C1', submittedAt: '2025-06-01T00:00:00Z', decidedAt: '2025-06-02T00:00:00Z', changes: { location: 'Porirua' }, reason: 'Please give your street address.' },
      }),
    );
    start();
    const denied = await screen.findByRole('region', { name: 'Not approved' });
    expect(within(denied).getByText('Please give your street address.')).toBeTruthy();
    expect(within(denied).getByText('Location').nextElementSibling?.textContent).toBe('Porirua');
    expect(screen.queryByRole('region', { name: 'Waiting for approval' })).toBeNull();
  });

  it('is read-only for members who cannot manage the profile', async () => {
    const { start } = charityConsole('settings', { permissions: MEMBER_ONLY });
    start();
    await screen.findByRole('form', { name: 'Charity profile' });
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).closest('fieldset')?.disabled).toBe(true);
  });
});

describe('charity help', () => {
  it('gives the help e-mail', async () => {
    const { start } = charityConsole('help');
    start();
    expect((await screen.findByRole('link', { name: 'help@koha.nz' })).getAttribute('href')).toBe('mailto:help@koha.nz');
  });
});
