import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { BACK_OFFICE_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { aCharity } from '../../../testing/fixtures';
import { MEMBER_ID, anAdminMenu, errorOf, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const API = '/api/accounts/backoffice';
const aMember = (n: number, overrides = {}) => ({
  id: `M${n}`,
  email: `person${n}@example.co.nz`,
  firstName: `Person${n}`,
  lastName: 'Smith',
  adminRoles: [] as string[],
  createdAt: '2025-01-01T00:00:00Z',
  ...overrides,
});

function backOffice(path: string) {
  const fetch = installFetchFake();
  return {
    fetch,
    start: () =>
      renderConsole(`/admin/backoffice/${path}`, { fetch, menu: anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true }), permissions: BACK_OFFICE_PERMISSIONS }),
  };
}

const money = (cents: number, currency: 'NZD' | 'AUD') => ({ cents, currency });
const month = (value: string, donations: number, cents: number, currency: 'NZD' | 'AUD', byDay: number[]) => ({ month: value, donations, amount: money(cents, currency), byDay });
const platformDonations = {
  donations: [
    { currency: 'NZD', thisMonth: month('2026-11', 3, 9_000, 'NZD', [3_000, 6_000]), lastMonth: month('2026-10', 4, 20_000, 'NZD', [5_000, 5_000, ...Array.from({ length: 29 }, () => 0)].map((cents, day) => (day === 20 ? 10_000 : cents))) },
    { currency: 'AUD', thisMonth: month('2026-11', 1, 2_500, 'AUD', [0, 2_500]), lastMonth: month('2026-10', 0, 0, 'AUD', Array.from({ length: 31 }, () => 0)) },
  ],
};
const matchingMonth = (period: string, currency: 'NZD' | 'AUD', owedAmount: number) => ({
  workplace: { id: 'W1', name: 'Tasman Engineering' },
  campaignId: `C-${period}`,
  campaignName: 'Matched giving',
  period,
  currency,
  matchedAmount: owedAmount,
  donationsMatched: 1,
  paidAmount: 0,
  owedAmount,
  byMatchType: { Donation: owedAmount, Voucher: 0 },
  payments: [],
});

describe('back office dashboard', () => {
  function dashboard() {
    const console = backOffice('dashboard');
    console.fetch.on('GET', `${API}/dashboard`, json(200, { charities: 12, members: 340, admins: 3, workplaces: 4, pendingContent: 2 }));
    console.fetch.on('GET', '/api/volunteering/backOffice/dashboard', json(200, { opportunitiesWaitingForApproval: 3 }));
    console.fetch.on('GET', '/api/donations/backoffice/dashboard', json(200, platformDonations));
    // Two months ended unpaid; this month is still being matched, so not yet due.
    const thisMonth = localMonth(new Date(), COUNTRY_TIME_ZONES.nz);
    console.fetch.on('GET', '/api/matching/backoffice/payments?status=owed', json(200, { items: [matchingMonth(thisMonth, 'NZD', 500), matchingMonth('2025-01', 'NZD', 1_000), matchingMonth('2025-02', 'AUD', 700)], totals: [] }));
    return console;
  }

  it('lists what waits for the back office, each leading to where it is handled', async () => {
    const { start } = dashboard();
    start();
    const waiting = await screen.findByRole('list', { name: 'Waiting for you' });
    await waitFor(() =>
      expect(within(waiting).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['2 profile changes waiting for approval', '/admin/backoffice/content-approval'],
        ['3 volunteer roles waiting for approval', '/admin/backoffice/volunteer-roles'],
        ['2 matching months ended unpaid', '/admin/backoffice/matching-payments'],
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Back Office' })).toBeTruthy();
  });

  it('shows the platform’s donations this month beside last month, a block per currency', async () => {
    const { start } = dashboard();
    start();
    const donations = await screen.findByRole('region', { name: 'Donations' });
    const tiles = (name: string) => within(within(donations).getByRole('list', { name })).getAllByRole('listitem').map((tile) => tile.textContent);
    await within(donations).findByRole('list', { name: 'Donations: November beside October in NZD' });
    expect(tiles('Donations: November beside October in NZD')).toEqual(['$90.00Given in November', '3Donations in November', '$200.00Given in October', '$100.00October to the same day']);
    expect(tiles('Donations: November beside October in AUD')).toEqual(['$25.00Given in November', '1Donation in November', '$0.00Given in October', '$0.00October to the same day']);
    expect(within(donations).getByRole('table', { name: 'Donations: given each day of November and October (AUD)' })).toBeTruthy();
  });

  it('shows the counts as tiles leading to their lists', async () => {
    const { start } = dashboard();
    start();
    const tiles = await screen.findByRole('list', { name: 'Counts' });
    expect(within(tiles).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['12Charities', '/admin/backoffice/charities'],
      ['340Members', '/admin/backoffice/members'],
      ['3Administrators', '/admin/backoffice/admins'],
      ['4Workplaces', '/admin/backoffice/workplaces'],
    ]);
  });
});

describe('back office search indexes', () => {
  const indexes = (overrides: Record<string, unknown> = {}) =>
    json(200, {
      items: [
        { index: 'charities', target: 'charities__initial', documents: 12, rebuilding: false },
        { index: 'charitygifts-v2', target: 'charitygifts-v2__initial', documents: 40, rebuilding: false, ...overrides },
        { index: 'volunteeringopportunities-v2', target: 'volunteeringopportunities-v2__initial', documents: 9, rebuilding: false },
        { index: 'fundraisingevents', target: 'fundraisingevents__initial', documents: 4, rebuilding: false },
        { index: 'fundraisingpages', target: 'fundraisingpages__initial', documents: 7, rebuilding: false },
      ],
    });

  it('lists each index with what its alias points at, and re-indexes one', async () => {
    const { fetch, start } = backOffice('dashboard');
    fetch.on('GET', `${API}/dashboard`, json(200, { charities: 12, members: 340, admins: 3, workplaces: 4, pendingContent: 2 }));
    fetch.on('GET', '/api/volunteering/backOffice/dashboard', json(200, { opportunitiesWaitingForApproval: 3 }));
    fetch.on('GET', '/api/search/backOffice/indexes', indexes());
    fetch.on('POST', '/api/search/backOffice/indexes/charitygifts-v2/rebuild', json(200, { index: 'charitygifts-v2', from: 'charitygifts-v2__initial', to: 'charitygifts-v2__01jb', documents: 40 }));
    fetch.on('POST', '/api/donations/backoffice/ReIndexCharityGifts', json(200, { reindexId: 'R1', events: 38, batches: 4 }));
    start();
    const table = await screen.findByRole('table', { name: 'Search indexes' });
    const gifts = within(table).getByRole('row', { name: /Charity gifts/ });
    expect(within(gifts).getByText('charitygifts-v2__initial')).toBeTruthy();
    expect(within(gifts).getByText('40')).toBeTruthy();
    within(gifts).getByRole('button', { name: 'Re-index Charity gifts' }).click();
    expect(await within(gifts).findByText('Re-indexed: 40 documents in charitygifts-v2__01jb')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/search/backOffice/indexes/charitygifts-v2/rebuild')).toHaveLength(1);
    within(gifts).getByRole('button', { name: 'Send Charity gifts again from their source' }).click();
    expect(await within(gifts).findByText('38 documents sent again from charity gifts')).toBeTruthy();
  });

  it('says why a re-index was refused', async () => {
    const { fetch, start } = backOffice('dashboard');
    fetch.on('GET', `${API}/dashboard`, json(200, { charities: 1, members: 1, admins: 1, workplaces: 1, pendingContent: 0 }));
    fetch.on('GET', '/api/volunteering/backOffice/dashboard', json(200, { opportunitiesWaitingForApproval: 0 }));
    fetch.on('GET', '/api/search/backOffice/indexes', indexes());
    fetch.on('POST', '/api/search/backOffice/indexes/charities/rebuild', problem(409, { title: 'That conflicts with the current state.', detail: 'A re-index of charities is already running.', code: 'Conflict' }));
    start();
    const table = await screen.findByRole('table', { name: 'Search indexes' });
    const charities = within(table).getByRole('row', { name: /Charities/ });
    within(charities).getByRole('button', { name: 'Re-index Charities' }).click();
    expect(await within(charities).findByText('A re-index of charities is already running.')).toBeTruthy();
  });
});

describe('back office charities', () => {
  it('searches only on Enter or the search icon, and loads more with the cursor', async () => {
    const { fetch, start } = backOffice('charities');
    fetch.on('GET', `${API}/charities`, json(200, { items: [aCharity({ id: 'C1', name: 'Kiwi Kids Trust' })], nextCursor: 'page-2' }));
    fetch.on('GET', `${API}/charities?cursor=page-2`, json(200, { items: [aCharity({ id: 'C2', name: 'Reef Rescue', charityUrl: 'reef-rescue' })] }));
    fetch.on('GET', `${API}/charities?q=reef`, json(200, { items: [aCharity({ id: 'C2', name: 'Reef Rescue', charityUrl: 'reef-rescue' })] }));
    fetch.on('GET', `${API}/charities?q=nothing`, json(200, { items: [] }));
    const { user } = start();

    expect(await screen.findByRole('rowheader', { name: 'Kiwi Kids Trust' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Reef Rescue' })).toBeTruthy();
    expect(screen.getAllByRole('rowheader')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search charities' });
    await user.type(search, 'reef');
    expect(fetch.callsTo('GET', `${API}/charities?q=reef`)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Charities matching “reef”' })).toBeTruthy());
    expect(fetch.callsTo('GET', `${API}/charities?q=reef`)).toHaveLength(1);

    await user.clear(search);
    await user.type(search, 'nothing');
    // The console's own search icon (the header has the site's).
    await user.click(within(search.closest('form') as HTMLElement).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No charities found' })).toBeTruthy();
  });

  it('adds a charity, suggesting its address from the name and showing the API’s field error', async () => {
    const { fetch, start } = backOffice('charities');
    fetch.on('GET', `${API}/charities`, json(200, { items: [] }));
    fetch.sequence('POST', `${API}/charities`, [
      () => problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', errors: [{ field: 'body.charityUrl', message: 'This address is taken.' }] }),
      () => json(201, aCharity()),
    ]);
    const { user } = start();

    expect(await screen.findByRole('heading', { name: 'No charities yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add charity' }));
    const form = screen.getByRole('form', { name: 'Add charity' });
    await user.type(within(form).getByLabelText('Name'), 'Kiwi Kids Trust');
    expect((within(form).getByLabelText('Page address') as HTMLInputElement).value).toBe('kiwi-kids-trust');
    await user.type(within(form).getByLabelText('Description'), 'Breakfast in schools.');
    await user.click(within(form).getByLabelText(/Donations count for tax/));
    await user.click(within(form).getByRole('button', { name: 'Add charity' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Page address'))).toBe('This address is taken.'));
    expect(fetch.callsTo('POST', `${API}/charities`)[0]?.body).toEqual({
      name: 'Kiwi Kids Trust',
      charityUrl: 'kiwi-kids-trust',
      country: 'nz',
      description: 'Breakfast in schools.',
      registrationNumber: '',
      taxApproved: true,
    });

    await user.clear(within(form).getByLabelText('Page address'));
    await user.type(within(form).getByLabelText('Page address'), 'kiwi-kids');
    await user.click(within(form).getByRole('button', { name: 'Add charity' }));
    expect(await screen.findByText('Kiwi Kids Trust was added.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add charity' })).toBeNull();
  });
});

describe('back office members', () => {
  it('makes members admins in bulk-select mode, after confirmation', async () => {
    const { fetch, start } = backOffice('members');
    fetch.on('GET', `${API}/members`, json(200, { items: [aMember(1), aMember(2), aMember(3, { adminRoles: ['Administrator'] })] }));
    fetch.on('PUT', /\/admins\/M[12]$/, json(200, {}));
    const { user } = start();

    await screen.findByRole('table', { name: 'Members' });
    // Administrators cannot be selected or made admin again.
    expect(screen.queryByRole('checkbox', { name: 'Select Person3 Smith' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make admin Person3 Smith' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Person1 Smith' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person2 Smith' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 members selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Make admin' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make 2 members administrators?' });
    expect(fetch.callsTo('PUT', /\/admins\//)).toHaveLength(0);
    fetch.on(
      'GET',
      `${API}/members`,
      json(200, { items: [aMember(1, { adminRoles: ['Administrator'] }), aMember(2, { adminRoles: ['Administrator'] }), aMember(3, { adminRoles: ['Administrator'] })] }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make admins' }));

    expect(await screen.findByText('2 members are now administrators.')).toBeTruthy();
    expect(fetch.callsTo('PUT', /\/admins\//).map((call) => call.url)).toEqual([`${API}/admins/M1`, `${API}/admins/M2`]);
    await waitFor(() => expect(screen.getAllByText('Administrator')).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('searches by name or e-mail on submit', async () => {
    const { fetch, start } = backOffice('members');
    fetch.on('GET', `${API}/members`, json(200, { items: [aMember(1)] }));
    fetch.on('GET', `${API}/members?q=person2%40example.co.nz`, json(200, { items: [aMember(2)] }));
    const { user } = start();
    await screen.findByRole('rowheader', { name: 'Person1 Smith' });
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'person2@example.co.nz{Enter}');
    expect(await screen.findByRole('rowheader', { name: 'Person2 Smith' })).toBeTruthy();
  });
});

describe('back office admins', () => {
  it('removes an admin after confirmation, and shows the 409 when removing yourself', async () => {
    const { fetch, start } = backOffice('admins');
    fetch.on('GET', `${API}/admins`, json(200, { items: [aMember(1, { id: MEMBER_ID, firstName: 'Aroha', lastName: 'Ngata', adminRoles: ['Administrator'] }), aMember(2, { adminRoles: ['Administrator'] })] }));
    fetch.on('DELETE', `${API}/admins/${MEMBER_ID}`, problem(409, { title: 'That conflicts with the current state.', detail: 'You cannot remove your own administrator role.', code: 'Conflict' }));
    fetch.on('DELETE', `${API}/admins/M2`, new Response(null, { status: 204 }));
    const { user } = start();

    expect(within(await screen.findByRole('rowheader', { name: /Aroha Ngata/ })).getByText('You')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove admin Aroha Ngata' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove administrator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect(await within(dialog).findByText('You cannot remove your own administrator role.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fetch.on('GET', `${API}/admins`, json(200, { items: [aMember(1, { id: MEMBER_ID, firstName: 'Aroha', lastName: 'Ngata', adminRoles: ['Administrator'] })] }));
    await user.click(screen.getByRole('button', { name: 'Remove admin Person2 Smith' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('Person2 Smith is no longer an administrator.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Person2 Smith' })).toBeNull());
  });
});

describe('back office workplaces', () => {
  it('lists workplaces with a link to each console, and creates one', async () => {
    const { fetch, start } = backOffice('workplaces');
    const harbour = { id: 'W1', name: 'Harbour Bank', country: 'au', businessUnits: [{ id: 'B', name: 'Tech' }], memberCount: 40, createdAt: '2024-01-01T00:00:00Z' };
    fetch.on('GET', `${API}/workplaces`, json(200, { items: [harbour] }));
    fetch.on('POST', `${API}/workplaces`, json(201, {}));
    const { user } = start();

    const row = (await screen.findByRole('rowheader', { name: 'Harbour Bank' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Australia')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Console of Harbour Bank' }).getAttribute('href')).toBe('/admin/workplace/W1/dashboard');

    const form = screen.getByRole('form', { name: 'Create a workplace' });
    await user.click(within(form).getByRole('button', { name: 'Create workplace' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Name'))).toBe('Required Field!'));
    await user.type(within(form).getByLabelText('Name'), 'Tui Telecom');
    await user.click(within(form).getByRole('button', { name: 'Create workplace' }));
    expect(await screen.findByText('Tui Telecom was created.')).toBeTruthy();
    expect(fetch.callsTo('POST', `${API}/workplaces`)[0]?.body).toEqual({ name: 'Tui Telecom', country: 'nz' });
  });
});

describe('content approval', () => {
  const item = (overrides = {}) => ({
    id: 'CT1',
    kind: 'CharityProfile',
    charityId: 'C1',
    charityName: 'Kiwi Kids Trust',
    changes: { description: 'New words.', causes: ['Children', 'Kai'] },
    status: 'Proposed',
    submittedBy: 'aroha@example.co.nz',
    submittedByName: 'Aroha Ngata',
    submittedAt: '2025-06-01T00:00:00Z',
    ...overrides,
  });

  it('shows proposed changes readably; approves one, and denies one only with a reason', async () => {
    const { fetch, start } = backOffice('content-approval');
    fetch.on('GET', `${API}/content?status=Proposed`, json(200, { items: [item(), item({ id: 'CT2', charityName: 'Reef Rescue', changes: { website: 'https://reef.example' } })] }));
    fetch.on('GET', `${API}/content?status=Denied`, json(200, { items: [item({ id: 'CT0', status: 'Denied', reason: 'Spelling.', decidedBy: '01JADMIN0000000000000000000', decidedByName: 'Alex Morgan', decidedAt: '2025-06-02T00:00:00Z' })] }));
    fetch.on('POST', `${API}/content/CT1/approve`, json(200, {}));
    fetch.on('POST', `${API}/content/CT2/deny`, json(200, {}));
    const { user } = start();

    const list = await screen.findByRole('list', { name: 'Proposed content' });
    const kiwi = within(list).getByRole('region', { name: 'Kiwi Kids Trust' });
    expect(within(kiwi).getByText(/Profile changes sent by Aroha Ngata on/)).toBeTruthy();
    expect(within(kiwi).getByText('Description').nextElementSibling?.textContent).toBe('New words.');
    expect(within(kiwi).getByText('Causes').nextElementSibling?.textContent).toBe('Children, Kai');

    await user.click(within(kiwi).getByRole('button', { name: 'Approve the changes to Kiwi Kids Trust' }));
    expect(await screen.findByText('The changes to Kiwi Kids Trust are live.')).toBeTruthy();
    expect(fetch.callsTo('POST', `${API}/content/CT1/approve`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Deny the changes to Reef Rescue' }));
    const dialog = screen.getByRole('dialog', { name: 'Deny changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny changes' }));
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText('Reason'))).toBe('Required Field!'));
    expect(fetch.callsTo('POST', `${API}/content/CT2/deny`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'The website does not load.');
    await user.click(within(dialog).getByRole('button', { name: 'Deny changes' }));
    expect(await screen.findByText('The changes to Reef Rescue were denied.')).toBeTruthy();
    expect(fetch.callsTo('POST', `${API}/content/CT2/deny`)[0]?.body).toEqual({ reason: 'The website does not load.' });

    await user.click(screen.getByRole('tab', { name: 'Denied' }));
    expect(screen.getByRole('tab', { name: 'Denied' }).getAttribute('aria-selected')).toBe('true');
    const denied = await screen.findByRole('list', { name: 'Denied content' });
    expect(within(denied).getByText('Spelling.')).toBeTruthy();
    // Who decided, by name, never by member id.
    expect(within(denied).getByText(/denied by Alex Morgan on/)).toBeTruthy();
    expect(within(denied).queryByText(/01JADMIN/)).toBeNull();
    expect(within(denied).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('says so when nothing waits for approval', async () => {
    const { fetch, start } = backOffice('content-approval');
    fetch.on('GET', `${API}/content?status=Proposed`, json(200, { items: [] }));
    start();
    expect(await screen.findByRole('heading', { name: 'Nothing waiting for approval' })).toBeTruthy();
  });
});

describe('email templates', () => {
  it('edits a template with its placeholders listed, and shows an unknown placeholder’s 400 on the field', async () => {
    const { fetch, start } = backOffice('email-templates');
    fetch.on(
      'GET',
      `${API}/email-templates`,
      json(200, {
        items: [
          {
            id: 'member-invitation',
            name: 'Member invitation',
            description: 'Sent when a charity or workplace invites someone.',
            subject: 'Join {{tenantName}}',
            body: 'Hello from {{inviterName}}',
            placeholders: ['inviterName', 'tenantName'],
            updatedAt: '2025-01-01T00:00:00Z',
          },
        ],
      }),
    );
    fetch.sequence('PUT', `${API}/email-templates/member-invitation`, [
      () => problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.body', message: 'Unknown placeholder {{nickname}}.' }] }),
      () => json(200, {}),
    ]);
    const { user } = start();

    await user.click(await screen.findByRole('button', { name: 'Edit Member invitation' }));
    const form = screen.getByRole('form', { name: 'Edit Member invitation' });
    expect(within(within(form).getByRole('list', { name: 'Placeholders you can use:' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '{{inviterName}}',
      '{{tenantName}}',
    ]);
    const body = within(form).getByLabelText('Body');
    await user.clear(body);
    await user.type(body, 'Hi {{{{nickname}}');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Body'))).toBe('Unknown placeholder {{nickname}}.'));
    expect(fetch.callsTo('PUT', `${API}/email-templates/member-invitation`)[0]?.body).toEqual({ subject: 'Join {{tenantName}}', body: 'Hi {{nickname}}' });

    await user.clear(body);
    await user.type(body, 'Hi from {{{{inviterName}}');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Member invitation was saved.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit Member invitation' })).toBeNull();
  });
});

describe('badges', () => {
  it('creates a badge (checking the count) and deletes one after confirmation', async () => {
    const { fetch, start } = backOffice('badges');
    const seedling = { id: 'B1', name: 'Seedling', description: 'Your first gift.', icon: '🌱', donationCount: 1 };
    fetch.on('GET', `${API}/badges`, json(200, { items: [seedling] }));
    fetch.on('POST', `${API}/badges`, json(201, {}));
    fetch.on('DELETE', `${API}/badges/B1`, new Response(null, { status: 204 }));
    const { user } = start();

    expect(await screen.findByRole('rowheader', { name: 'Seedling' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a badge' });
    await user.type(within(form).getByLabelText('Name'), 'Kauri');
    await user.type(within(form).getByLabelText('Icon'), '🌳');
    await user.type(within(form).getByLabelText('Description'), 'Fifty gifts.');
    await user.type(within(form).getByLabelText('Completed donations to earn it'), '0');
    await user.click(within(form).getByRole('button', { name: 'Create badge' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Completed donations to earn it'))).toBe('Invalid Input!'));
    await user.clear(within(form).getByLabelText('Completed donations to earn it'));
    await user.type(within(form).getByLabelText('Completed donations to earn it'), '50');
    await user.click(within(form).getByRole('button', { name: 'Create badge' }));
    expect(await screen.findByText('Kauri was created.')).toBeTruthy();
    expect(fetch.callsTo('POST', `${API}/badges`)[0]?.body).toEqual({ name: 'Kauri', icon: '🌳', description: 'Fifty gifts.', donationCount: 50 });

    await user.click(screen.getByRole('button', { name: 'Delete Seedling' }));
    fetch.on('GET', `${API}/badges`, json(200, { items: [] }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete badge?' })).getByRole('button', { name: 'Delete badge' }));
    expect(await screen.findByRole('heading', { name: 'No badges yet' })).toBeTruthy();
    expect(fetch.callsTo('DELETE', `${API}/badges/B1`)).toHaveLength(1);
  });
});

describe('security', () => {
  it('turns on MFA for administrators and sets the session length', async () => {
    const { fetch, start } = backOffice('mfa');
    fetch.on('GET', `${API}/security`, json(200, { requireMfaForAdministrators: false, adminSessionMinutes: 60, updatedAt: '2025-01-01T00:00:00Z' }));
    fetch.on('PUT', `${API}/security`, json(200, {}));
    const { user } = start();

    const form = await screen.findByRole('form', { name: 'Security settings' });
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeTruthy();
    await user.click(within(form).getByLabelText('Require multi-factor authentication for administrators'));
    const minutes = within(form).getByLabelText('Admin session length (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '1000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(minutes)).toBe('Use 5 to 720 minutes.'));

    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The security settings were saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${API}/security`)[0]?.body).toEqual({ requireMfaForAdministrators: true, adminSessionMinutes: 30 });
  });
});

describe('eligibility files', () => {
  const FILES = '/api/workplace/backoffice/eligibility-files';
  const anEligibilityFile = (overrides: Record<string, unknown>) => ({
    id: 'F1',
    workplaceId: 'W1',
    workplaceName: 'Harbour Bank',
    fileName: 'staff-february.csv',
    uploadedAt: '2026-02-03T01:30:00Z',
    uploadedBy: 'hr@harbour.example',
    status: 'Accepted',
    rowCount: 120,
    errorCount: 0,
    memberCount: 96,
    ...overrides,
  });
  const accepted = anEligibilityFile({});
  const rejected = anEligibilityFile({ id: 'F2', workplaceId: 'W2', workplaceName: 'Tasman Engineering', fileName: 'employees.csv', uploadedAt: '2026-03-10T22:05:00Z', uploadedBy: 'grace.liu@tasman.example', status: 'Rejected', rowCount: 3, errorCount: 2, memberCount: 0 });
  const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));

  it('lists every workplace’s files newest first, and shows a rejected file’s errors row by row', async () => {
    const { fetch, start } = backOffice('eligibility-files');
    fetch.on('GET', FILES, json(200, { items: [accepted, rejected] }));
    fetch.on(
      'GET',
      '/api/workplace/W2/eligibility-files/F2',
      json(200, {
        ...rejected,
        errors: [
          { row: 2, field: 'Email', message: 'Invalid Email!' },
          { row: 4, field: 'Business Unit', message: "'Sales' is not one of the workplace's business units (Engineering, Design)." },
        ],
      }),
    );
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Eligibility files' });
    expect(screen.getByRole('heading', { level: 2, name: 'Eligibility Files' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back Office' })).getByRole('link', { name: 'Eligibility Files' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['File', 'Workplace', 'Uploaded', 'Status', 'Rows', 'Errors', 'Members matched']);
    expect(rowTexts(table)).toEqual([
      ['employees.csv: show its errors', 'Tasman Engineering', '11 Mar 2026, 11:05 am by grace.liu@tasman.example', 'Rejected', '3', '2', '0'],
      ['staff-february.csv', 'Harbour Bank', '3 Feb 2026, 2:30 pm by hr@harbour.example', 'Accepted', '120', '0', '96'],
    ]);
    // Only a rejected file has errors to show.
    expect(within(table).getAllByRole('link')).toHaveLength(1);

    const link = within(table).getByRole('link', { name: /^employees\.csv\s?: show its errors$/ });
    await user.click(link);
    const errors = await screen.findByRole('table', { name: 'Errors in employees.csv' });
    expect(screen.getByRole('heading', { name: 'Errors in employees.csv' })).toBeTruthy();
    expect(screen.getByText(/Tasman Engineering: 2 errors in 3 rows\. Nothing was changed/)).toBeTruthy();
    expect(within(errors).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Row', 'Column', 'Message']);
    expect(rowTexts(errors)).toEqual([
      ['2', 'Email', 'Invalid Email!'],
      ['4', 'Business Unit', "'Sales' is not one of the workplace's business units (Engineering, Design)."],
    ]);
    expect(within(table).getAllByRole('row')[1]?.getAttribute('aria-current')).toBe('true');
    // The errors take focus as they open (they are above the list).
    expect(document.activeElement?.contains(errors)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Close the errors' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Errors in employees.csv' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('employees.csv: show its errors'));
  });

  it('says why a file’s errors could not be loaded', async () => {
    const { fetch, start } = backOffice('eligibility-files');
    fetch.on('GET', FILES, json(200, { items: [rejected] }));
    fetch.on('GET', '/api/workplace/W2/eligibility-files/F2', problem(404, { title: 'Not found', code: 'NotFound', detail: 'The eligibility file was not found.' }));
    const { user } = start();
    await user.click(await screen.findByRole('link', { name: /^employees\.csv\s?: show its errors$/ }));
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the file’s errors' })).toBeTruthy();
    expect(screen.getByText('The eligibility file was not found.')).toBeTruthy();
  });

  it('says so when no workplace has uploaded a file', async () => {
    const { fetch, start } = backOffice('eligibility-files');
    fetch.on('GET', FILES, json(200, { items: [] }));
    start();
    expect(await screen.findByRole('heading', { name: 'No eligibility files yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is in the menu for those who view or manage workplaces, and for no one else', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', FILES, json(200, { items: [accepted] }));
    renderConsole('/admin/backoffice/eligibility-files', { fetch, menu: anAdminMenu({ adminRoles: ['Administrator'], isAdmin: true }), permissions: ['BackOffice_ManageWorkplaces'] });
    expect(await screen.findByRole('table', { name: 'Eligibility files' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back Office' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['Eligibility Files']);
  });
});
