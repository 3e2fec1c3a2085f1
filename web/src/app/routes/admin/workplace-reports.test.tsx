import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { WORKPLACE_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Today is 15 March 2026 (only the clock is fake, and it moves: timers and waiting run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-03-15T00:00:00Z'));
});

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REPORTS = `/api/workplace/${WORKPLACE_ID}/reports`;
const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const workplace = (country: 'nz' | 'au') => ({
  id: WORKPLACE_ID,
  name: 'Harbour Bank',
  country,
  businessUnits: [{ id: '01JBVS00000000000000000001', name: 'Retail' }],
  memberCount: 12,
  createdAt: '2024-01-01T00:00:00Z',
});

const aud = (cents: number) => ({ cents, currency: 'AUD' as const });
const figures = (cents: number, donations: number, donors: number) => ({ amount: aud(cents), donations, donors });

function donationReport(from: string, to: string, scale = 1) {
  return {
    from,
    to,
    totals: figures(72_500 * scale, 9 * scale, 4),
    byMonth: [
      { month: '2026-01', ...figures(12_500 * scale, 2 * scale, 2) },
      { month: '2026-02', ...figures(0, 0, 0) },
      { month: '2026-03', ...figures(60_000 * scale, 7 * scale, 3) },
    ],
    byCharity: [
      { charityId: 'C1', name: 'Reef Rescue', ...figures(50_000 * scale, 5 * scale, 3) },
      { charityId: 'C2', name: 'Outback Kids', ...figures(22_500 * scale, 4 * scale, 2) },
    ],
    byBusinessUnit: [
      { businessUnitId: '01JBVS00000000000000000001', name: 'Retail', ...figures(60_000 * scale, 6 * scale, 3) },
      { businessUnitId: '', name: 'No business unit', ...figures(12_500 * scale, 3 * scale, 1) },
    ],
    byGivingType: [
      { givingType: 'PayrollGiving', name: 'Payroll giving', ...figures(40_000 * scale, 4 * scale, 2) },
      { givingType: 'CreditCard', name: 'Card', ...figures(32_500 * scale, 5 * scale, 3) },
    ],
  };
}

const noDonations = (from: string, to: string) => ({
  from,
  to,
  totals: figures(0, 0, 0),
  byMonth: [{ month: '2026-03', ...figures(0, 0, 0) }],
  byCharity: [],
  byBusinessUnit: [],
  byGivingType: [],
});

function engagementReport(from: string, to: string) {
  return {
    from,
    to,
    rows: [
      { businessUnitId: '', name: 'No business unit', members: 4, donors: 0, volunteers: 1, peopleVolunteering: 1, hours: 2, participation: 25 },
      { businessUnitId: '01JBVS00000000000000000001', name: 'Retail', members: 8, donors: 2, volunteers: 1, peopleVolunteering: 3, hours: 10.5, participation: 25 },
    ],
    totals: { members: 12, donors: 2, volunteers: 2, peopleVolunteering: 4, hours: 12.5, participation: 25 },
  };
}

/** The months a call asked for. */
const asked = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));

function reportScreen(path: string, { country = 'au', permissions = WORKPLACE_PERMISSIONS as readonly string[] }: { country?: 'nz' | 'au'; permissions?: readonly string[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace(country)));
  return { fetch, start: () => renderConsole(`/admin/workplace/${WORKPLACE_ID}/${path}`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

/** Saving a file: the blobs handed to the browser and the names they were saved under. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const csv = (text: string, fileName: string) => () =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"` } });

describe('workplace console: donation reports', () => {
  const DONATIONS = new RegExp(`^${REPORTS}/donations\\?`);

  it('shows this year so far: totals, amount by month, and each charity, business unit and giving type', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, (request) => json(200, donationReport(asked(request.url).from ?? '', asked(request.url).to ?? '')));
    start();

    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(menuLabels('Workplace admin')).toContain('Donation Reports');
    expect(screen.getByRole('heading', { level: 2, name: 'Donation Reports' })).toBeTruthy();
    expect(asked(fetch.callsTo('GET', DONATIONS)[0]?.url)).toEqual({ from: '2026-01', to: '2026-03' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03');
    expect(within(totals).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual(['$725.00Given', '9Donations', '4Donors']);
    expect(rowTexts(screen.getByRole('table', { name: 'Amount given by month' }))).toEqual([
      ['Jan 2026', '$125.00'],
      ['Feb 2026', '$0.00'],
      ['Mar 2026', '$600.00'],
    ]);
    expect(rowTexts(screen.getByRole('table', { name: 'Donations by charity' }))).toEqual([
      ['Reef Rescue', '$500.00', '5', '3'],
      ['Outback Kids', '$225.00', '4', '2'],
    ]);
    expect(rowTexts(screen.getByRole('table', { name: 'Donations by business unit' }))).toEqual([
      ['Retail', '$600.00', '6', '3'],
      ['No business unit', '$125.00', '3', '1'],
    ]);
    expect(rowTexts(screen.getByRole('table', { name: 'Donations by giving type' }))).toEqual([
      ['Payroll giving', '$400.00', '4', '2'],
      ['Card', '$325.00', '5', '3'],
    ]);
  });

  it('starts from the workplace’s own January: on 31 December in UTC it is already the new year in New Zealand', async () => {
    vi.setSystemTime(new Date('2026-12-31T12:00:00Z'));
    const { fetch, start } = reportScreen('reports/donation-reports', { country: 'nz' });
    fetch.on('GET', DONATIONS, (request) => json(200, noDonations(asked(request.url).from ?? '', asked(request.url).to ?? '')));
    start();
    await screen.findByRole('heading', { name: 'No donations in these months' });
    expect(asked(fetch.callsTo('GET', DONATIONS)[0]?.url)).toEqual({ from: '2027-01', to: '2027-01' });
  });

  it('asks again for the months chosen, and shows their figures', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, (request) => {
      const { from = '', to = '' } = asked(request.url);
      return json(200, donationReport(from, to, from === '2025-07' ? 2 : 1));
    });
    start();
    await screen.findByRole('list', { name: 'Totals' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-07' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem')[0]?.textContent).toBe('$1,450.00Given'));
    expect(fetch.callsTo('GET', DONATIONS).map((call) => asked(call.url))).toEqual([
      { from: '2026-01', to: '2026-03' },
      { from: '2025-07', to: '2026-03' },
    ]);
  });

  it('shows what the API says of a month by its field, and the report again once the months are right', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, (request) => {
      const { from = '', to = '' } = asked(request.url);
      if (to < from) return problem(400, { title: 'Validation failed', code: 'ValidationFailed', errors: [{ field: 'query.to', message: 'The last month is before the first.' }] });
      return json(200, donationReport(from, to));
    });
    start();
    await screen.findByRole('list', { name: 'Totals' });

    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2025-12' } });
    await waitFor(() => expect(errorOf(to)).toBe('The last month is before the first.'));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the months above to see the report.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Totals' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(to, { target: { value: '2026-02' } });
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeTruthy();
    expect(errorOf(to)).toBeUndefined();
  });

  it('says so when nothing was given in the months', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, json(200, noDonations('2026-01', '2026-03')));
    start();
    expect(await screen.findByRole('heading', { name: 'No donations in these months' })).toBeTruthy();
    expect(screen.getByText(/Nothing was given from January 2026 to March 2026\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('downloads the months’ donations as the API’s CSV file', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, (request) => json(200, donationReport(asked(request.url).from ?? '', asked(request.url).to ?? '')));
    const CSV = new RegExp(`^${REPORTS}/donations/csv\\?`);
    fetch.on('GET', CSV, csv('Month,Charity\r\n2026-01,Reef Rescue\r\n', 'donations_2025-10_2026-03.csv'));
    const { blobs, names } = captureDownloads();
    const { user } = start();
    await screen.findByRole('list', { name: 'Totals' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-10' } });
    await waitFor(() => expect(fetch.callsTo('GET', DONATIONS)).toHaveLength(2));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(false));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['donations_2025-10_2026-03.csv']));
    expect(asked(fetch.callsTo('GET', CSV)[0]?.url)).toEqual({ from: '2025-10', to: '2026-03' });
    expect(await (blobs[0] as Blob).text()).toBe('Month,Charity\r\n2026-01,Reef Rescue\r\n');
  });

  it('says why a download failed', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports');
    fetch.on('GET', DONATIONS, json(200, donationReport('2026-01', '2026-03')));
    fetch.on('GET', new RegExp(`^${REPORTS}/donations/csv\\?`), problem(503, { title: 'Service unavailable', code: 'Unavailable', detail: 'The report is busy. Try again in a minute.' }));
    captureDownloads();
    const { user } = start();
    await screen.findByRole('list', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('We couldn’t download the file: The report is busy. Try again in a minute.')).toBeTruthy();
  });

  it('is in the menu for those who manage reports too, and for no one else', async () => {
    const { fetch, start } = reportScreen('reports/donation-reports', { permissions: ['Workplace_ViewDashboard', 'Workplace_ManageReports'] });
    fetch.on('GET', DONATIONS, json(200, donationReport('2026-01', '2026-03')));
    start();
    await screen.findByRole('list', { name: 'Totals' });
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Donation Reports', 'Engagement Reports', 'Badge Reports', 'Help']);
  });

  it('is not offered without a reports permission', async () => {
    const { start } = reportScreen('reports/donation-reports', { permissions: ['Workplace_ViewDashboard', 'Workplace_ViewMembers'] });
    start();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(menuLabels('Workplace admin')).not.toContain('Donation Reports');
    expect(menuLabels('Workplace admin')).not.toContain('Engagement Reports');
  });
});

describe('workplace console: engagement reports', () => {
  const ENGAGEMENT = new RegExp(`^${REPORTS}/engagement\\?`);

  it('shows how many members took part, donors and volunteers by business unit, and each unit’s figures', async () => {
    const { fetch, start } = reportScreen('reports/engagement-reports');
    fetch.on('GET', ENGAGEMENT, (request) => json(200, engagementReport(asked(request.url).from ?? '', asked(request.url).to ?? '')));
    start();

    expect(await screen.findByText('3 of 12 members took part (25%) from January 2026 to March 2026: they gave or volunteered.')).toBeTruthy();
    expect(menuLabels('Workplace admin')).toContain('Engagement Reports');
    expect(screen.getByRole('heading', { level: 2, name: 'Engagement Reports' })).toBeTruthy();
    expect(asked(fetch.callsTo('GET', ENGAGEMENT)[0]?.url)).toEqual({ from: '2026-01', to: '2026-03' });
    const chart = screen.getByRole('table', { name: 'Donors and volunteers by business unit' });
    expect(within(chart).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Business unit', 'Donors', 'Volunteers']);
    expect(rowTexts(chart)).toEqual([
      ['No business unit', '0', '1'],
      ['Retail', '2', '1'],
    ]);
    const table = screen.getByRole('table', { name: 'Engagement by business unit' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Business unit',
      'Members',
      'Donors',
      'Volunteers',
      'People volunteering',
      'Hours',
      'Participation',
    ]);
    expect(rowTexts(table)).toEqual([
      ['No business unit', '4', '0', '1', '1', '2', '25%'],
      ['Retail', '8', '2', '1', '3', '10.5', '25%'],
      ['All business units', '12', '2', '2', '4', '12.5', '25%'],
    ]);
  });

  it('asks again for the months chosen', async () => {
    const { fetch, start } = reportScreen('reports/engagement-reports');
    fetch.on('GET', ENGAGEMENT, (request) => {
      const report = engagementReport(asked(request.url).from ?? '', asked(request.url).to ?? '');
      return json(200, asked(request.url).to === '2026-02' ? { ...report, totals: { ...report.totals, participation: 50 } } : report);
    });
    start();
    await screen.findByText(/3 of 12 members took part/);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02' } });
    expect(await screen.findByText('6 of 12 members took part (50%) from January 2026 to February 2026: they gave or volunteered.')).toBeTruthy();
    expect(fetch.callsTo('GET', ENGAGEMENT).map((call) => asked(call.url))).toEqual([
      { from: '2026-01', to: '2026-03' },
      { from: '2026-01', to: '2026-02' },
    ]);
  });

  it('shows what the API says of each month by its field', async () => {
    const { fetch, start } = reportScreen('reports/engagement-reports');
    fetch.on('GET', ENGAGEMENT, (request) => {
      const { from = '', to = '' } = asked(request.url);
      if (!from) return problem(400, { title: 'Validation failed', code: 'ValidationFailed', errors: [{ field: 'query.from', message: 'Use a month such as 2026-01.' }] });
      if (from < '2016-03') return problem(400, { title: 'Validation failed', code: 'ValidationFailed', errors: [{ field: 'query.to', message: 'Choose at most ten years.' }] });
      return json(200, engagementReport(from, to));
    });
    start();
    await screen.findByText(/3 of 12 members took part/);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(from, { target: { value: '2010-01' } });
    await waitFor(() => expect(errorOf(to)).toBe('Choose at most ten years.'));
    expect(errorOf(from)).toBeUndefined();

    // A month cleared counts when the field is left (so does text typed where the browser has no month picker).
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.blur(from);
    await waitFor(() => expect(errorOf(from)).toBe('Use a month such as 2026-01.'));
    expect(asked(fetch.calls.at(-1)?.url)).toEqual({ from: '', to: '2026-03' });
  });

  it('downloads the months’ engagement as the API’s CSV file', async () => {
    const { fetch, start } = reportScreen('reports/engagement-reports');
    fetch.on('GET', ENGAGEMENT, json(200, engagementReport('2026-01', '2026-03')));
    const CSV = new RegExp(`^${REPORTS}/engagement/csv\\?`);
    fetch.on('GET', CSV, csv('Business unit,Members\r\nRetail,8\r\n', 'engagement_2026-01_2026-03.csv'));
    const { blobs, names } = captureDownloads();
    const { user } = start();
    await screen.findByText(/3 of 12 members took part/);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['engagement_2026-01_2026-03.csv']));
    expect(asked(fetch.callsTo('GET', CSV)[0]?.url)).toEqual({ from: '2026-01', to: '2026-03' });
    expect(await (blobs[0] as Blob).text()).toBe('Business unit,Members\r\nRetail,8\r\n');
  });

  it('says so when no one gave or volunteered, and when the workplace has no members', async () => {
    const { fetch, start } = reportScreen('reports/engagement-reports');
    const quiet = {
      from: '2026-01',
      to: '2026-03',
      rows: [{ businessUnitId: '', name: 'No business unit', members: 5, donors: 0, volunteers: 0, peopleVolunteering: 0, hours: 0, participation: 0 }],
      totals: { members: 5, donors: 0, volunteers: 0, peopleVolunteering: 0, hours: 0, participation: 0 },
    };
    fetch.on('GET', ENGAGEMENT, (request) =>
      json(200, asked(request.url).from === '2025-01' ? { from: '2025-01', to: '2026-03', rows: [], totals: { ...quiet.totals, members: 0 } } : quiet),
    );
    start();
    expect(await screen.findByText('0 of 5 members took part (0%) from January 2026 to March 2026: they gave or volunteered.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No one gave or volunteered in these months' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Donors and volunteers by business unit' })).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01' } });
    expect(await screen.findByRole('heading', { name: 'No members yet' })).toBeTruthy();
  });
});

describe('workplace console: badge reports', () => {
  const BADGES = new RegExp(`^${REPORTS}/badges\\?`);
  const FIRST = '01JBDG00000000000000000001';
  const TENTH = '01JBDG00000000000000000010';
  const badgeReport = (from: string, to: string) => ({
    from,
    to,
    badges: [
      { badgeId: FIRST, name: 'First gift', icon: '🌱', donationCount: 1, awarded: 4 },
      { badgeId: TENTH, name: 'Ten gifts', icon: '🌳', donationCount: 10, awarded: 1 },
    ],
    byBusinessUnit: [
      { businessUnitId: '', name: 'No business unit', members: 4, earners: 1, awarded: 1, participation: 25, byBadge: { [FIRST]: 1 } },
      { businessUnitId: '01JBVS00000000000000000001', name: 'Retail', members: 8, earners: 3, awarded: 4, participation: 38, byBadge: { [FIRST]: 3, [TENTH]: 1 } },
    ],
    totals: { members: 12, earners: 4, awarded: 5, participation: 33, byBadge: { [FIRST]: 4, [TENTH]: 1 } },
  });

  it('shows how many members earned a badge, each badge in the order they are reached, and each unit’s figures', async () => {
    const { fetch, start } = reportScreen('reports/badge-reports');
    fetch.on('GET', BADGES, (request) => json(200, badgeReport(asked(request.url).from ?? '', asked(request.url).to ?? '')));
    start();

    expect(await screen.findByText('4 of 12 members earned a badge from January 2026 to March 2026 (33%).')).toBeTruthy();
    expect(menuLabels('Workplace admin')).toContain('Badge Reports');
    expect(screen.getByRole('heading', { level: 2, name: 'Badge Reports' })).toBeTruthy();
    expect(asked(fetch.callsTo('GET', BADGES)[0]?.url)).toEqual({ from: '2026-01', to: '2026-03' });
    expect(rowTexts(screen.getByRole('table', { name: 'Badges earned, by badge' }))).toEqual([
      ['🌱 First gift', '1 donation', '4'],
      ['🌳 Ten gifts', '10 donations', '1'],
    ]);
    const table = screen.getByRole('table', { name: 'Badges by business unit' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Business unit',
      'Members',
      'Earned a badge',
      'First gift',
      'Ten gifts',
      'Badges earned',
      'Participation',
    ]);
    expect(rowTexts(table)).toEqual([
      ['No business unit', '4', '1', '1', '0', '1', '25%'],
      ['Retail', '8', '3', '3', '1', '4', '38%'],
      ['All business units', '12', '4', '4', '1', '5', '33%'],
    ]);
  });

  it('downloads the months’ badges as the API’s CSV file, and says so when none were earned', async () => {
    const { fetch, start } = reportScreen('reports/badge-reports');
    fetch.on('GET', BADGES, (request) => {
      const { from = '', to = '' } = asked(request.url);
      return json(200, from === '2025-01' ? { ...badgeReport(from, to), badges: [], totals: { members: 12, earners: 0, awarded: 0, participation: 0, byBadge: {} } } : badgeReport(from, to));
    });
    const CSV = new RegExp(`^${REPORTS}/badges/csv\\?`);
    fetch.on('GET', CSV, csv('Business unit,Badge,Badges earned\r\nRetail,First gift,3\r\n', 'badges_2026-01_2026-03.csv'));
    const { blobs, names } = captureDownloads();
    const { user } = start();
    await screen.findByText(/4 of 12 members earned a badge/);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['badges_2026-01_2026-03.csv']));
    expect(await (blobs[0] as Blob).text()).toBe('Business unit,Badge,Badges earned\r\nRetail,First gift,3\r\n');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01' } });
    expect(await screen.findByRole('heading', { name: 'No badges earned in these months' })).toBeTruthy();
    expect(screen.getByText('0 of 12 members earned a badge from January 2025 to March 2026 (0%).')).toBeTruthy();
  });

  it('is not offered without a reports permission', async () => {
    const { start } = reportScreen('reports/badge-reports', { permissions: ['Workplace_ViewDashboard'] });
    start();
    await screen.findByRole('heading', { level: 2 });
    expect(menuLabels('Workplace admin')).not.toContain('Badge Reports');
  });
});
