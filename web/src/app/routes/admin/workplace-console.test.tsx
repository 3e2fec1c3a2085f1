import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { aCharity } from '../../../testing/fixtures';
import { WORKPLACE_ID, anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const API = `/api/accounts/workplace/${WORKPLACE_ID}`;
const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });

const workplace = {
  id: WORKPLACE_ID,
  name: 'Harbour Bank',
  country: 'au',
  businessUnits: [
    { id: '01JBVS00000000000000000001', name: 'Retail' },
    { id: '01JBVS00000000000000000002', name: 'Tech' },
  ],
  memberCount: 3,
  createdAt: '2024-01-01T00:00:00Z',
};

const aMember = (n: number, overrides = {}) => ({
  memberId: `M${n}`,
  firstName: ['Aroha', 'Tama', 'Mere'][n - 1] ?? 'Sam',
  lastName: 'Ngata',
  email: `m${n}@harbour.example`,
  roles: ['WorkplaceGiver.Employee'],
  employmentType: 'Permanent',
  joinedAt: '2025-02-01T00:00:00Z',
  ...overrides,
});

const members = [
  aMember(1, { roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'], businessUnitId: '01JBVS00000000000000000001' }),
  aMember(2, { businessUnitId: '01JBVS00000000000000000002', employmentType: 'Contractor' }),
  aMember(3),
];

const aud = (cents: number) => ({ cents, currency: 'AUD' as const });
const givingSummary = {
  month: '2026-03',
  thisMonth: { amount: aud(12_500), donations: 2, donors: 2 },
  lastMonth: { month: '2026-02', amount: aud(30_000), donations: 3, donors: 3 },
  // The 1st to the 3rd of March; all 28 days of February.
  byDay: { thisMonth: [2_500, 0, 10_000], lastMonth: [5_000, 0, 0, 20_000, ...Array.from({ length: 24 }, (_, day) => (day === 0 ? 5_000 : 0))] },
  thisYear: { amount: aud(1_234_550), donations: 1_204, donors: 37 },
  byGivingType: [
    { givingType: 'PayrollGiving', name: 'Payroll giving', amount: aud(1_000_000), donations: 1_000, donors: 30 },
    { givingType: 'CreditCard', name: 'Card', amount: aud(234_550), donations: 204, donors: 12 },
  ],
  topCharities: [
    { charityId: 'C1', name: 'Reef Rescue', amount: aud(900_000), donations: 800, donors: 25 },
    { charityId: 'C2', name: 'Outback Kids', amount: aud(334_550), donations: 404, donors: 20 },
  ],
  topCharitiesThisMonth: [{ charityId: 'C2', name: 'Outback Kids', amount: aud(12_500), donations: 2, donors: 2 }],
  waiting: { externalDonations: 2, payrollBatchesToReconcile: 0, payrollBatchesToConfirm: 1 },
};
const SUMMARY = `/api/workplace/${WORKPLACE_ID}/reports/summary`;

function workplaceConsole(path: string, { permissions = WORKPLACE_PERMISSIONS as readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', SUMMARY, json(200, givingSummary));
  fetch.on('GET', `${API}/settings`, json(200, workplace));
  fetch.on('GET', `${API}/members`, json(200, { items: members }));
  fetch.on('GET', `${API}/charities`, json(200, { items: [{ charityId: 'C1', name: 'Reef Rescue', charityUrl: 'reef-rescue', logoImageUrl: '', addedAt: '2025-01-05T00:00:00Z' }] }));
  fetch.on('GET', `${API}/invitations`, json(200, { items: [] }));
  return { fetch, start: () => renderConsole(`/admin/workplace/${WORKPLACE_ID}/${path}`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

describe('workplace dashboard', () => {
  it('shows the workplace’s name, member count, business units and supported charities', async () => {
    const { start } = workplaceConsole('dashboard');
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Bank' })).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'At a glance' });
    expect(within(tiles).getByRole('link', { name: /Members/ }).textContent).toBe('3Members');
    expect(within(tiles).getByRole('link', { name: /Business units/ }).textContent).toBe('2Business units');
    await waitFor(() => expect(within(tiles).getByRole('link', { name: /Supported charities/ }).textContent).toBe('1Supported charities'));
    expect(within(screen.getByRole('list', { name: 'Business units' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Retail', 'Tech']);
  });

  it('shows giving figures: this month beside last month, this year, the top charities and the year by giving type', async () => {
    const { start } = workplaceConsole('dashboard');
    start();
    const giving = await screen.findByRole('region', { name: 'Giving' });
    const tiles = (name: string) => within(within(giving).getByRole('list', { name })).getAllByRole('listitem').map((tile) => tile.textContent);
    expect(await within(giving).findByRole('heading', { level: 4, name: 'This month beside last month' })).toBeTruthy();
    // February to the same day: its 1st to 3rd ($50 + $0 + $0), as March is only three days in.
    expect(tiles('Your people’s giving: March beside February')).toEqual(['$125.00Given in March', '2Donations in March', '$300.00Given in February', '$50.00February to the same day']);
    // Each day's amounts, March's beside February's, in the chart's table (the figures the canvas draws).
    const days = within(giving).getByRole('table', { name: 'Your people’s giving: given each day of March and February' });
    const dayRows = within(days).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(dayRows).toHaveLength(28);
    expect(dayRows.slice(0, 4)).toEqual([
      ['1', '$25.00', '$50.00'],
      ['2', '$0.00', '$0.00'],
      ['3', '$100.00', '$0.00'],
      ['4', '$0.00', '$200.00'],
    ]);
    expect(tiles('This year: 2026 so far')).toEqual(['$12,345.50Given', '1,204Donations', '37Donors']);
    const rows = (name: string) => within(within(giving).getByRole('table', { name })).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows('Top charities in March 2026')).toEqual([['Outback Kids', '$125.00', '2', '2']]);
    expect(rows('Giving in 2026 by giving type')).toEqual([
      ['Payroll giving', '$10,000.00', '1,000', '30'],
      ['Card', '$2,345.50', '204', '12'],
    ]);
    expect(rows('Top charities in 2026')).toEqual([
      ['Reef Rescue', '$9,000.00', '800', '25'],
      ['Outback Kids', '$3,345.50', '404', '20'],
    ]);
    expect(within(giving).getByRole('link', { name: 'See donation reports' }).getAttribute('href')).toBe(`/admin/workplace/${WORKPLACE_ID}/reports/donation-reports`);
    // The counts are still there.
    expect(within(screen.getByRole('list', { name: 'At a glance' })).getByRole('link', { name: /Members/ }).textContent).toBe('3Members');
  });

  it('lists what waits for the admin, each leading to where it is handled, those waiting first', async () => {
    const { start } = workplaceConsole('dashboard');
    start();
    const waiting = await screen.findByRole('list', { name: 'Waiting for you' });
    expect(within(waiting).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['2 external donations to approve or decline', `/admin/workplace/${WORKPLACE_ID}/external-donations`],
      ['1 payroll batch to confirm', `/admin/workplace/${WORKPLACE_ID}/payments`],
      ['0 payroll batches waiting for what payroll deducted', `/admin/workplace/${WORKPLACE_ID}/payments`],
    ]);
  });

  it('says nothing is waiting when nothing is', async () => {
    const { fetch, start } = workplaceConsole('dashboard');
    fetch.on('GET', SUMMARY, json(200, { ...givingSummary, waiting: { externalDonations: 0, payrollBatchesToReconcile: 0, payrollBatchesToConfirm: 0 } }));
    start();
    const panel = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(panel).findByText('Nothing is waiting for you.')).toBeTruthy();
  });

  it('shows a content admin the giving figures, without the reports or the waiting work they cannot open', async () => {
    const { fetch, start } = workplaceConsole('dashboard', { permissions: ['Workplace_ViewDashboard'] });
    // The summary leaves out the waiting work a content admin may not open.
    fetch.on('GET', SUMMARY, json(200, { ...givingSummary, waiting: {} }));
    start();
    const giving = await screen.findByRole('region', { name: 'Giving' });
    expect(await within(giving).findByRole('list', { name: 'This year: 2026 so far' })).toBeTruthy();
    expect(within(giving).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See who takes part' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).toBeNull();
  });

  it('says so when no one has given this year', async () => {
    const { fetch, start } = workplaceConsole('dashboard');
    const none = { amount: aud(0), donations: 0, donors: 0 };
    fetch.on(
      'GET',
      SUMMARY,
      json(200, { month: '2026-01', thisMonth: none, lastMonth: { month: '2025-12', ...none }, byDay: { thisMonth: [0], lastMonth: [] }, thisYear: none, byGivingType: [], topCharities: [], topCharitiesThisMonth: [], waiting: {} }),
    );
    start();
    const giving = await screen.findByRole('region', { name: 'Giving' });
    expect(await within(giving).findByRole('heading', { level: 4, name: 'No donations yet this year' })).toBeTruthy();
    expect(within(giving).queryByRole('table')).toBeNull();
  });

  it('keeps the counts when the giving figures cannot be loaded, and tries again on request', async () => {
    const { fetch, start } = workplaceConsole('dashboard');
    fetch.on('GET', SUMMARY, problem(500, { title: 'Internal', code: 'Internal', detail: 'The giving figures are not available.' }));
    const { user } = start();
    const giving = await screen.findByRole('region', { name: 'Giving' });
    expect(await within(giving).findByRole('heading', { name: 'We couldn’t load your giving' })).toBeTruthy();
    expect(within(giving).getByText('The giving figures are not available.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'At a glance' })).getByRole('link', { name: /Members/ }).textContent).toBe('3Members');

    fetch.on('GET', SUMMARY, json(200, givingSummary));
    await user.click(within(giving).getByRole('button', { name: 'Try again' }));
    expect(await within(giving).findByRole('list', { name: 'Your people’s giving: March beside February' })).toBeTruthy();
  });
});

describe('workplace charities', () => {
  it('adds a charity picked from the workplace’s country, and removes one after confirmation', async () => {
    const { fetch, start } = workplaceConsole('charities');
    fetch.on(
      'GET',
      '/api/accounts/charities?country=au',
      json(200, { items: [aCharity({ id: 'C1', name: 'Reef Rescue', country: 'au' }), aCharity({ id: 'C2', name: 'Outback Kids', country: 'au' })] }),
    );
    fetch.on('PUT', `${API}/charities/C2`, json(200, {}));
    fetch.on('DELETE', `${API}/charities/C1`, new Response(null, { status: 204 }));
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Supported charities' });
    expect(within(table).getByRole('link', { name: 'Reef Rescue' }).getAttribute('href')).toBe('/au/charity/reef-rescue');
    const picker = await screen.findByLabelText('Charity');
    // Already supported charities are not offered again.
    await waitFor(() => expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a charity', 'Outback Kids']));
    await user.click(screen.getByRole('button', { name: 'Add charity' }));
    expect(await screen.findByText('Choose a charity.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/charities/C2`)).toHaveLength(0);
    await user.selectOptions(picker, 'C2');
    await user.click(screen.getByRole('button', { name: 'Add charity' }));
    expect(await screen.findByText('Outback Kids was added.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/charities/C2`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Reef Rescue' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove charity?' })).getByRole('button', { name: 'Remove charity' }));
    expect(await screen.findByText('Reef Rescue was removed.')).toBeTruthy();
    expect(fetch.callsTo('DELETE', `${API}/charities/C1`)).toHaveLength(1);
  });

  it('says so when no charities are supported', async () => {
    const { fetch, start } = workplaceConsole('charities', { permissions: ['Workplace_ViewCharities'] });
    fetch.on('GET', `${API}/charities`, json(200, { items: [] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No supported charities yet' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a charity' })).toBeNull();
  });
});

describe('workplace members', () => {
  it('filters by business unit and edits employment type and unit inline', async () => {
    const { fetch, start } = workplaceConsole('members');
    fetch.on('PATCH', /\/members\/M\d$/, json(200, {}));
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Aroha Ngata', 'Tama Ngata', 'Mere Ngata']);

    await user.selectOptions(screen.getByLabelText('Business unit'), 'Tech');
    expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Tama Ngata']);
    await user.selectOptions(screen.getByLabelText('Business unit'), 'No business unit');
    expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Mere Ngata']);

    await user.selectOptions(screen.getByLabelText('Employment type of Mere Ngata'), 'Casual');
    expect(await screen.findByText('Mere Ngata was updated.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `${API}/members/M3`)[0]?.body).toEqual({ employmentType: 'Casual' });

    await user.selectOptions(screen.getByLabelText('Business unit of Mere Ngata'), 'Retail');
    await waitFor(() => expect(fetch.callsTo('PATCH', `${API}/members/M3`)).toHaveLength(2));
    expect(fetch.callsTo('PATCH', `${API}/members/M3`)[1]?.body).toEqual({ businessUnitId: '01JBVS00000000000000000001' });
  });

  it('shows members read-only to those who cannot manage them', async () => {
    const { start } = workplaceConsole('members', { permissions: ['Workplace_ViewMembers'] });
    start();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(within(table).getByText('Contractor')).toBeTruthy();
  });
});

describe('corporate members', () => {
  it('lists admins and content admins, grants a role keeping the employee role, and revokes after confirmation', async () => {
    const { fetch, start } = workplaceConsole('corporate-members');
    fetch.on('PATCH', /\/members\/M\d$/, json(200, {}));
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Corporate members' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Aroha Ngata']);

    const form = screen.getByRole('form', { name: 'Grant a role' });
    await user.selectOptions(within(form).getByLabelText('Member'), 'M2');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Content admin');
    await user.click(within(form).getByRole('button', { name: 'Grant role' }));
    expect(await screen.findByText('Tama Ngata is now content admin.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', `${API}/members/M2`)[0]?.body).toEqual({ roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.ContentAdmin'] });

    await user.click(screen.getByRole('button', { name: 'Revoke admin from Aroha Ngata' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke role?' });
    expect(fetch.callsTo('PATCH', `${API}/members/M1`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke role' }));
    await waitFor(() => expect(fetch.callsTo('PATCH', `${API}/members/M1`)).toHaveLength(1));
    expect(fetch.callsTo('PATCH', `${API}/members/M1`)[0]?.body).toEqual({ roles: ['WorkplaceGiver.Employee'] });
  });

  it('says so when nobody holds a corporate role', async () => {
    const { fetch, start } = workplaceConsole('corporate-members');
    fetch.on('GET', `${API}/members`, json(200, { items: [aMember(3)] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No corporate members yet' })).toBeTruthy();
  });
});

describe('workplace invited members', () => {
  it('invites with a workplace role and revokes after confirmation', async () => {
    const { fetch, start } = workplaceConsole('invited-members');
    fetch.on('POST', `${API}/invitations`, json(201, {}));
    const invitation = {
      id: 'I1',
      tenant: { kind: 'workplace', id: WORKPLACE_ID, name: 'Harbour Bank' },
      email: 'new@harbour.example',
      role: 'WorkplaceGiver.Admin',
      status: 'Pending',
      invitedBy: 'M1',
      createdAt: '2025-05-01T00:00:00Z',
      expiresAt: '2025-05-15T00:00:00Z',
    };
    fetch.on('DELETE', `${API}/invitations/I1`, new Response(null, { status: 204 }));
    const { user } = start();

    expect(await screen.findByRole('heading', { name: 'No pending invitations' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Invite a member' });
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Employee', 'Admin', 'Content admin']);
    await user.type(within(form).getByLabelText('E-mail'), 'new@harbour.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    fetch.on('GET', `${API}/invitations`, json(200, { items: [invitation] }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(fetch.callsTo('POST', `${API}/invitations`)[0]?.body).toEqual({ email: 'new@harbour.example', role: 'WorkplaceGiver.Admin' });
    expect(await screen.findByRole('rowheader', { name: 'new@harbour.example' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to new@harbour.example' }));
    fetch.on('GET', `${API}/invitations`, json(200, { items: [] }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Revoke invitation?' })).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('The invitation to new@harbour.example was revoked.')).toBeTruthy();
  });
});

describe('workplace settings', () => {
  it('renames and edits business units, showing the API’s field errors under the unit', async () => {
    const { fetch, start } = workplaceConsole('settings');
    fetch.sequence('PUT', `${API}/settings`, [
      () => problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.businessUnits.2.name', message: 'Business unit names must be different.' }] }),
      () => json(200, workplace),
    ]);
    const { user } = start();

    const form = await screen.findByRole('form', { name: 'Workplace settings' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Harbour Bank NZ');
    await user.click(within(form).getByRole('button', { name: 'Add business unit' }));
    const third = within(form).getByLabelText('Business unit 3');
    expect(document.activeElement).toBe(third);
    await user.type(third, 'Tech');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Business unit 3'))).toBe('Business unit names must be different.'));

    await user.click(within(form).getByRole('button', { name: 'Remove business unit 3' }));
    await user.click(within(form).getByRole('button', { name: 'Remove business unit 1' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Your settings were saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/settings`)[1]?.body).toEqual({ name: 'Harbour Bank NZ', businessUnits: [{ id: '01JBVS00000000000000000002', name: 'Tech' }] });
  });

  it('needs a name', async () => {
    const { fetch, start } = workplaceConsole('settings');
    const { user } = start();
    const form = await screen.findByRole('form', { name: 'Workplace settings' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Name'))).toBe('Required Field!'));
    expect(fetch.callsTo('PUT', `${API}/settings`)).toHaveLength(0);
  });
});
