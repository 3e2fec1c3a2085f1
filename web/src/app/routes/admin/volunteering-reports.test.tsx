import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_PERMISSIONS, CHARITY_PERMISSIONS, WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { aCard, anApplication, CHARITY_SETTINGS_URL, charitySettings } from '../../../features/volunteering/testing';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { CHARITY_ID, WORKPLACE_ID, anAdminMenu, menuLabels, renderConsole } from './testing';

afterEach(() => {
  cleanup();
  resetSessionForTests();
});

describe('charity console: volunteering reports', () => {
  const menu = anAdminMenu({ charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Coast Rescue', roles: ['Charity.Admin'] }] });
  const session = (startsAt: string) => ({ id: 's', startsAt, endsAt: startsAt, sessionTotalHours: 4 });

  it('shows hours, applications and volunteers, hours by month, each role and the workplaces, and downloads the applications as CSV', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CHARITY_SETTINGS_URL, json(200, charitySettings('nz')));
    fetch.on(
      'GET',
      `/api/volunteering/charity/${CHARITY_ID}/volunteer/application`,
      json(200, {
        items: [
          anApplication({ id: '1', status: 'Completed', seats: 3, applicationType: 'Team', teamName: 'Dune Raiders', hours: { hoursPerPerson: 4, volunteers: 3, totalHours: 12 }, session: session('2030-01-10T20:00:00Z') }),
          anApplication({ id: '2', status: 'Applied' }),
        ],
      }),
    );
    fetch.on('GET', `/api/volunteer/workplace/byCharity/${CHARITY_ID}`, json(200, { items: [{ workplaceId: 'w1', workplaceName: 'Harbour Bank', volunteers: 3, applications: 1, hoursVolunteered: 12 }] }));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv')), revokeObjectURL: vi.fn() }));
    const { user } = renderConsole(`/admin/charity/${CHARITY_ID}/reports/volunteering-reports`, { fetch, menu, tenant: { charityId: CHARITY_ID }, permissions: CHARITY_PERMISSIONS });

    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(menuLabels('Charity admin')).toContain('Volunteering Reports');
    expect(within(totals).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['12Hours volunteered', '2Applications', '4Volunteers', '1Completed']);
    expect(within(screen.getByRole('table', { name: 'Hours volunteered by month' })).getByRole('rowheader', { name: 'Jan 30' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Roles' })).getByRole('row', { name: /Beach clean-up crew 2 4 1 12/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Workplaces' })).getByRole('row', { name: /Harbour Bank 3 1 12/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // The CSV writer loads on the click (its own chunk), then the file is saved.
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await (blobs[0] as Blob).text();
    expect(text.split('\r\n')[0]).toBe('Session date,Role,Volunteer,E-mail,Applied as,Team,Places,Status,Hours');
    expect(text).toContain('2030-01-11,Beach clean-up crew,Aroha Ngata,aroha@example.co.nz,Team,Dune Raiders,3,Completed,12');
  });
});

describe('back office: volunteer roles', () => {
  const LIST = /^\/api\/volunteering\/backOffice\/opportunity\?/;
  const proposed = aCard({ id: 'o1', contentStatus: 'Proposed', isOnline: true });
  const live = aCard({ id: 'o2', title: 'Phone buddy', opportunityUrl: 'phone-buddy', contentStatus: 'Live' });

  function backOffice() {
    const fetch = installFetchFake();
    fetch.on('GET', LIST, (request) => json(200, { items: new URL(request.url, 'http://x').searchParams.get('contentStatus') === 'Live' ? [live] : [proposed] }));
    return { fetch, start: () => renderConsole('/admin/backoffice/volunteer-roles', { fetch, permissions: BACK_OFFICE_PERMISSIONS }) };
  }

  it('lists the roles waiting for approval, approves one, and shows the Live tab', async () => {
    const { fetch, start } = backOffice();
    fetch.on('PATCH', '/api/volunteering/backOffice/opportunity/o1', new Response(null, { status: 204 }));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Waiting for approval roles' });
    expect(menuLabels('Back Office')).toContain('Volunteer Roles');
    expect(within(table).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(new URL(fetch.callsTo('GET', LIST)[0]?.url ?? '', 'http://x').searchParams.get('contentStatus')).toBe('Proposed');

    await user.click(within(table).getByRole('button', { name: 'Approve Beach clean-up crew' }));
    expect(await screen.findByText('“Beach clean-up crew” is approved and live.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', '/api/volunteering/backOffice/opportunity/o1')[0]?.body).toEqual({ contentStatus: 'Live' });

    await user.click(screen.getByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('link', { name: 'Phone buddy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Phone buddy' })).toBeNull();
  });

  it('denies with a reason, edits content and takes a role offline', async () => {
    const { fetch, start } = backOffice();
    fetch.on('PATCH', '/api/volunteering/backOffice/opportunity/o1', new Response(null, { status: 204 }));
    fetch.on('PATCH', '/api/volunteering/backOffice/o1/toggleOnlineStatus', new Response(null, { status: 204 }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Deny Beach clean-up crew' }));
    const deny = screen.getByRole('form', { name: 'Deny “Beach clean-up crew”?' });
    await user.type(within(deny).getByLabelText('Reason for the charity'), 'Please add a real image.');
    await user.click(within(deny).getByRole('button', { name: 'Deny role' }));
    expect(await screen.findByText('“Beach clean-up crew” was denied.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', '/api/volunteering/backOffice/opportunity/o1')[0]?.body).toEqual({ contentStatus: 'Denied', deniedReason: 'Please add a real image.' });

    await user.click(screen.getByRole('button', { name: 'Edit Beach clean-up crew' }));
    const edit = screen.getByRole('form', { name: 'Edit “Beach clean-up crew”' });
    await user.clear(within(edit).getByLabelText('Title'));
    await user.type(within(edit).getByLabelText('Title'), 'Beach clean-up');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('“Beach clean-up” was saved.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', '/api/volunteering/backOffice/opportunity/o1')[1]?.body).toMatchObject({ title: 'Beach clean-up' });

    await user.click(screen.getByRole('button', { name: 'Take offline Beach clean-up crew' }));
    expect(await screen.findByText('“Beach clean-up crew” is now offline.')).toBeTruthy();
    expect(fetch.callsTo('PATCH', '/api/volunteering/backOffice/o1/toggleOnlineStatus')[0]?.body).toEqual({ isOnline: false });
  });

  it('a write refused with 401 reads as the catalogue’s server side error', async () => {
    const { fetch, start } = backOffice();
    fetch.on('PATCH', '/api/volunteering/backOffice/opportunity/o1', problem(401, { title: 'Unauthorized', code: 'Unauthorized' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Approve Beach clean-up crew' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A server side error occurred.'));
  });
});

/** Applications to two charities: a completed team at Kiwi Coast Rescue, an applied one at Harbour City Food Bank. */
const FOOD_BANK = { id: '01JCHARTY00000000000000002', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank', logoImageUrl: '' };
const acrossCharities = () => [
  anApplication({ id: '1', status: 'Completed', seats: 3, applicationType: 'Team', teamName: 'Dune Raiders', hours: { hoursPerPerson: 4, volunteers: 3, totalHours: 12 }, allowedActions: [], session: { id: 's', startsAt: '2030-01-10T20:00:00Z', endsAt: '2030-01-11T00:00:00Z', sessionTotalHours: 4 } }),
  anApplication({ id: '2', status: 'Applied', charity: FOOD_BANK, opportunity: { id: 'o2', title: 'Food parcel packing', opportunityUrl: 'packing', imageUrl: '' }, allowedActions: [] }),
];

describe('workplace console: volunteering report', () => {
  const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
  const REPORT = `/api/volunteering/workplace/${WORKPLACE_ID}/report`;

  function start(permissions: readonly string[] = WORKPLACE_PERMISSIONS) {
    const fetch = installFetchFake();
    fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, { id: WORKPLACE_ID, name: 'Harbour Bank', country: 'nz', businessUnits: [], memberCount: 3, createdAt: '2024-01-01T00:00:00Z' }));
    fetch.on('GET', REPORT, json(200, { items: acrossCharities() }));
    return renderConsole(`/admin/workplace/${WORKPLACE_ID}/reports/volunteering`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions });
  }

  it('shows its people’s hours and applications per charity and per role, and downloads them with each row’s charity', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv')), revokeObjectURL: vi.fn() }));
    const { user } = start();
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(menuLabels('Workplace admin')).toContain('Volunteering');
    expect(within(totals).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['12Hours volunteered', '2Applications', '4Volunteers', '1Completed']);
    const charities = screen.getByRole('table', { name: 'Charities' });
    expect(within(charities).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Kiwi Coast Rescue13112', 'Harbour City Food Bank1100']);
    expect(within(screen.getByRole('table', { name: 'Roles' })).getByRole('row', { name: /Food parcel packing 1 1 0 0/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Hours volunteered by month' })).getByRole('rowheader', { name: 'Jan 30' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await (blobs[0] as Blob).text()).split('\r\n');
    expect(lines[0]).toBe('Session date,Charity,Role,Volunteer,E-mail,Applied as,Team,Places,Status,Hours');
    expect(lines[1]).toBe('2030-01-11,Kiwi Coast Rescue,Beach clean-up crew,Aroha Ngata,aroha@example.co.nz,Team,Dune Raiders,3,Completed,12');
  });

  it('is not in the menu without Workplace_ViewReports', async () => {
    start(WORKPLACE_PERMISSIONS.filter((p) => p !== 'Workplace_ViewReports'));
    await screen.findByRole('navigation', { name: 'Workplace admin' });
    expect(menuLabels('Workplace admin')).not.toContain('Volunteering');
  });
});

describe('back office: volunteering reports', () => {
  const REPORT = /^\/api\/volunteering\/backOffice\/report/;
  const asked = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

  it('shows the platform’s volunteering, and narrows it to a charity and a range of session days', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', REPORT, (request) => json(200, { items: asked(request.url).charityId ? acrossCharities().slice(1) : acrossCharities() }));
    const { user } = renderConsole('/admin/backoffice/reports/volunteering-reports', { fetch, permissions: BACK_OFFICE_PERMISSIONS });
    const charities = await screen.findByRole('table', { name: 'Charities' });
    expect(menuLabels('Back Office')).toContain('Volunteering Reports');
    expect(within(charities).getAllByRole('row')).toHaveLength(3);

    await user.selectOptions(screen.getByLabelText('Charity'), 'Harbour City Food Bank');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Charities' })).getAllByRole('row')).toHaveLength(2));
    expect(asked(fetch.callsTo('GET', REPORT).at(-1)?.url)).toEqual({ charityId: FOOD_BANK.id });

    await user.type(screen.getByLabelText('Sessions from'), '2030-01-01');
    await user.type(screen.getByLabelText('Sessions to'), '2030-03-31');
    await waitFor(() => expect(asked(fetch.callsTo('GET', REPORT).at(-1)?.url)).toEqual({ charityId: FOOD_BANK.id, from: '2030-01-01', to: '2030-03-31' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Charity') as HTMLSelectElement).value).toBe('');
  });

  it('says why when the report cannot be read', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', REPORT, problem(500, { title: 'Internal Server Error', code: 'InternalError' }));
    renderConsole('/admin/backoffice/reports/volunteering-reports', { fetch, permissions: BACK_OFFICE_PERMISSIONS });
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the report' })).toBeTruthy();
  });
});
