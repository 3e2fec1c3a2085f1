import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { WORKPLACE_PERMISSIONS, type Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { PAYROLL_API } from '../../../testing/payroll-fixtures';
import { aRejectedReport, anEligibilityReport, listed } from '../../../testing/workplace-records-fixtures';
import { WORKPLACE_ID, anAdminMenu, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const workplace = {
  id: WORKPLACE_ID,
  name: 'Harbour Bank',
  country: 'nz',
  businessUnits: [
    { id: '01JBVS00000000000000000001', name: 'Retail' },
    { id: '01JBVS00000000000000000002', name: 'Tech' },
  ],
  memberCount: 3,
  createdAt: '2024-01-01T00:00:00Z',
};
const FILES = `${PAYROLL_API}/eligibility-files`;
const accepted = anEligibilityReport();
const rejected = aRejectedReport();

function eligibilityConsole({ permissions = WORKPLACE_PERMISSIONS, files = [accepted, rejected] }: { permissions?: readonly Permission[]; files?: EligibilityReport[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', FILES, json(200, { items: files.map(listed) }));
  return { fetch, start: () => renderConsole(`/admin/workplace/${WORKPLACE_ID}/eligibility-files`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('Employee list', { selector: 'input' });
// (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const uploadPanel = () => screen.getByRole('region', { name: 'Upload an eligibility file' });

describe('eligibility files', () => {
  it('explains the file, offers its template, and lists the files uploaded, newest first', async () => {
    const { start } = eligibilityConsole();
    start();
    const table = await screen.findByRole('table', { name: 'Eligibility files' });
    expect(menuLabels('Workplace admin')).toEqual([
      'Dashboard',
      'Charities',
      'Pay Cycles',
      'Payroll File Structures',
      'Members',
      'Corporate Members',
      'Invited Members',
      'Payroll Payments',
      'Matching Payments',
      'External Donations',
      'Matching',
      'Gift Vouchers',
      'Donation Reports',
      'Volunteering',
      'Engagement Reports',
      'Badge Reports',
      'Eligibility Files',
      'Settings',
      'Help',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Eligibility Files' })).toBeTruthy();

    const columns = uploadPanel().querySelector('dl[aria-label="Columns"]')!;
    expect([...columns.querySelectorAll('div')].map((column) => column.textContent)).toEqual([
      'Employee NumberYour payroll’s number for the employee. Each number once in the file.',
      'EmailThe e-mail address the employee uses on Koha. Each address once in the file.',
      'Employment TypePermanent, Contractor or Casual.',
      'Business UnitOne of your workplace’s business units (Retail, Tech), or blank.',
      'Start Date, End DateYYYY-MM-DD or DD/MM/YYYY, such as 2026-03-09 or 09/03/2026. Either may be blank.',
    ]);
    expect(within(uploadPanel()).getByText(/^One error anywhere and nothing changes: fix the rows listed and upload the file again\.$/)).toBeTruthy();

    // Newest first, whatever order the API gave.
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FileUploadedStatusRowsErrorsMembersActions',
      'hr-employees-april.csv21 Apr 2026, 10:15 amby grace.liu@harbour.exampleRejected1230Problems in hr-employees-april.csv',
      'hr-employees-march.csv16 Apr 2026, 1:30 pmby grace.liu@harbour.exampleAccepted42040Details of hr-employees-march.csv',
    ]);
  });

  it('downloads a template made in the browser: the header row and an example in one of the business units', async () => {
    const { start, fetch } = eligibilityConsole();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = start();
    await screen.findByRole('table', { name: 'Eligibility files' });
    const calls = fetch.calls.length;
    await user.click(screen.getByRole('button', { name: 'Download a template' }));
    await waitFor(() => expect(clicked).toEqual(['eligibility-file-template.csv']));
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(
      'Employee Number,Email,Employment Type,Business Unit,Start Date,End Date\r\nE1001,aroha.ngata@example.co.nz,Permanent,Retail,2024-02-01,\r\n',
    );
    expect(fetch.calls.length).toBe(calls);
  });

  it('uploads the file’s text and says what an accepted file changes, then lists it', async () => {
    const { fetch, start } = eligibilityConsole({ files: [rejected] });
    const uploaded = anEligibilityReport({ id: '01JEGF00000000000000000003', uploadedAt: '2026-04-22T00:00:00.000Z', fileName: 'staff.csv' });
    fetch.on('POST', FILES, (request) => {
      fetch.on('GET', FILES, json(200, { items: [listed(uploaded), listed(rejected)] }));
      return json(201, { ...uploaded, fileName: (request.body as { fileName: string }).fileName });
    });
    start();
    await screen.findByRole('table', { name: 'Eligibility files' });
    expect(fileInput().accept).toBe('.csv,text/csv');

    const content = 'Employee Number,Email,Employment Type,Business Unit,Start Date,End Date\r\nE1001,aroha@harbour.example,Permanent,Retail,2024-02-01,\r\n';
    choose(new File([content], 'staff.csv', { type: 'text/csv' }));
    const outcome = await within(uploadPanel()).findByText(/^Accepted:/);
    expect(outcome.closest('p')?.textContent).toBe(
      'staff.csv Accepted: 42 rows; 40 are members now and their employment records are being updated. The other 2 change nothing: those people are not members of the workplace yet. Upload the file again after they join.',
    );
    expect(outcome.closest('p')?.getAttribute('role')).toBe('status');
    expect(fetch.callsTo('POST', FILES).map((call) => call.body)).toEqual([{ fileName: 'staff.csv', content }]);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Eligibility files' })).getAllByRole('row')[1]?.textContent).toContain('staff.csv'));
  });

  it('words an accepted file whose rows all name members, and one that names none', async () => {
    const { fetch, start } = eligibilityConsole({ files: [] });
    fetch.sequence('POST', FILES, [() => json(201, anEligibilityReport({ rowCount: 1, memberCount: 1 })), () => json(201, anEligibilityReport({ rowCount: 3, memberCount: 0 }))]);
    start();
    expect(await screen.findByRole('heading', { name: 'No eligibility files yet' })).toBeTruthy();
    choose(new File(['x'], 'one.csv', { type: 'text/csv' }));
    expect((await within(uploadPanel()).findByText(/^Accepted:/)).textContent).toBe('hr-employees-march.csv Accepted: 1 row; 1 is a member now and their employment record is being updated.');
    choose(new File(['x'], 'three.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(within(uploadPanel()).getByText(/^Accepted:/).textContent).toBe(
        'hr-employees-march.csv Accepted: 3 rows; none of them names a member of the workplace yet, so nothing changes. Upload the file again after those people join.',
      ),
    );
  });

  it('says a rejected file changed nothing and lists its problems by row', async () => {
    const { fetch, start } = eligibilityConsole({ files: [] });
    fetch.on('POST', FILES, json(201, rejected));
    start();
    await screen.findByRole('heading', { name: 'No eligibility files yet' });
    choose(new File(['Employee Number,Email,Employment Type\r\n'], 'hr-employees-april.csv', { type: 'text/csv' }));
    const alert = await within(uploadPanel()).findByText('Rejected: nothing changed.');
    expect(alert.closest('p')?.getAttribute('role')).toBe('alert');
    expect(alert.closest('p')?.textContent).toBe(
      'hr-employees-april.csv Rejected: nothing changed. 3 problems in a file of 12 rows. One error anywhere and nothing changes: fix the rows listed and upload the file again.',
    );
    const problems = within(uploadPanel()).getByRole('table', { name: 'Problems in hr-employees-april.csv' });
    expect(within(problems).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowColumnProblem',
      '3EmailInvalid Email!',
      "3Employment TypeUse Permanent, Contractor or Casual (not 'Temp').",
      "7Business Unit'Marketing' is not one of the workplace's business units (Retail, Tech).",
    ]);
    expect(within(uploadPanel()).getByText(/the header is row 1/)).toBeTruthy();
  });

  it('shows the API’s field error under the drop zone', async () => {
    const { fetch, start } = eligibilityConsole();
    const message = 'The first row must name the columns Employee Number, Email, Employment Type, Business Unit, Start Date, End Date; it has no Email.';
    fetch.on('POST', FILES, problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.content', message }] }));
    start();
    await screen.findByRole('table', { name: 'Eligibility files' });
    choose(new File(['Employee Number,Employment Type\r\nE1,Permanent\r\n'], 'no-email.csv', { type: 'text/csv' }));
    const error = await within(uploadPanel()).findByRole('alert');
    expect(error.textContent).toBe(message);
    expect(within(uploadPanel()).getByRole('button', { name: 'Choose file' }).getAttribute('aria-describedby')).toContain(error.id);
    expect(within(uploadPanel()).queryByText(/^Accepted:/)).toBeNull();
  });

  it('refuses a file over 5 MB, and one that is not a CSV, without a request', async () => {
    const { fetch, start } = eligibilityConsole();
    start();
    await screen.findByRole('table', { name: 'Eligibility files' });
    const big = new File(['E1001\n'], 'everyone.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5_000_001 });
    const read = vi.spyOn(big, 'text');
    choose(big);
    expect((await within(uploadPanel()).findByRole('alert')).textContent).toBe('The file is larger than 5 MB. Split it by business unit and upload each part.');
    expect(read).not.toHaveBeenCalled();

    const zone = within(uploadPanel()).getByRole('group', { name: 'Employee list' });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'staff.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })], types: ['Files'] } });
    expect(within(uploadPanel()).getByText('staff.xlsx can’t be used here. Choose a CSV file (.csv).')).toBeTruthy();
    expect(fetch.callsTo('POST', FILES)).toHaveLength(0);
  });

  it('opens a rejected file from the list with its problems, and closes it back to its row', async () => {
    const { fetch, start } = eligibilityConsole();
    fetch.on('GET', `${FILES}/${rejected.id}`, json(200, rejected));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Eligibility files' });
    const show = within(table).getByRole('button', { name: 'Problems in hr-employees-april.csv' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);

    const opened = screen.getByRole('region', { name: 'hr-employees-april.csv, uploaded 21 Apr 2026, 10:15 am' });
    expect(document.activeElement?.textContent).toBe('hr-employees-april.csv, uploaded 21 Apr 2026, 10:15 am');
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const problems = await within(opened).findByRole('table', { name: 'Problems in hr-employees-april.csv' });
    expect(within(problems).getAllByRole('row')).toHaveLength(4);
    expect(within(opened).getByText('Rejected: nothing changed.').closest('p')?.getAttribute('role')).toBeNull();
    expect(fetch.callsTo('GET', `${FILES}/${rejected.id}`)).toHaveLength(1);

    await user.click(within(opened).getByRole('button', { name: 'Close hr-employees-april.csv' }));
    expect(screen.queryByRole('region', { name: /^hr-employees-april\.csv, uploaded/ })).toBeNull();
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Problems in hr-employees-april.csv' }));
  });

  it('opens an accepted file from the list with what it changed then, without asking the API', async () => {
    const { fetch, start } = eligibilityConsole();
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Eligibility files' });
    await user.click(within(table).getByRole('button', { name: 'Details of hr-employees-march.csv' }));
    const opened = screen.getByRole('region', { name: 'hr-employees-march.csv, uploaded 16 Apr 2026, 1:30 pm' });
    expect(within(opened).getByText(/^Accepted:/).textContent).toBe(
      'hr-employees-march.csv Accepted: 42 rows; 40 named members, whose employment records were updated. The other 2 changed nothing: those people were not members of the workplace then. Upload the file again to update anyone who has joined since.',
    );
    expect(within(table).getByRole('button', { name: 'Details of hr-employees-march.csv' }).getAttribute('aria-expanded')).toBe('true');
    expect(fetch.callsTo('GET', new RegExp(`^${FILES}/`))).toHaveLength(0);
  });

  it('shows a member who may only view the files no upload, and the menu by the members permissions', async () => {
    const { fetch, start } = eligibilityConsole({ permissions: ['Workplace_ViewDashboard', 'Workplace_ViewMembers'] });
    start();
    await screen.findByRole('table', { name: 'Eligibility files' });
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Members', 'Corporate Members', 'Invited Members', 'Eligibility Files', 'Help']);
    expect(screen.getByRole('region', { name: 'The eligibility file' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Employee list' })).toBeNull();
    expect(screen.getByText('Someone who manages members uploads the files.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download a template' })).toBeTruthy();
    expect(fetch.callsTo('POST', FILES)).toHaveLength(0);
  });
});
