import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEMI_MONTHLY_MESSAGE, type FileStructure, type PayCycle, type PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { COUNTRY_TIME_ZONES, calendarDayText, localDay } from '@giving/shared/local-time';
import { WORKPLACE_PERMISSIONS, type Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import {
  BATCH_ID,
  CYCLE_ID,
  PAYROLL_API,
  STRUCTURE_ID,
  aBatch,
  aFileStructure,
  aPayCycle,
  aReconciliation,
  keypayStructure,
  presets,
} from '../../../testing/payroll-fixtures';
import { WORKPLACE_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const TECH = '01JBVS00000000000000000002';
const workplace = {
  id: WORKPLACE_ID,
  name: 'Harbour Bank',
  country: 'nz',
  businessUnits: [
    { id: '01JBVS00000000000000000001', name: 'Retail' },
    { id: TECH, name: 'Tech' },
  ],
  memberCount: 3,
  createdAt: '2024-01-01T00:00:00Z',
};

function payrollConsole(
  path: string,
  {
    permissions = WORKPLACE_PERMISSIONS,
    cycles = [aPayCycle()],
    structures = [aFileStructure()],
    batches = [aBatch()],
  }: { permissions?: readonly Permission[]; cycles?: PayCycle[]; structures?: FileStructure[]; batches?: PayrollBatch[] } = {},
) {
  const fetch = installFetchFake();
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', `${PAYROLL_API}/pay-cycles`, json(200, { items: cycles }));
  fetch.on('GET', `${PAYROLL_API}/file-structures`, json(200, { items: structures }));
  fetch.on('GET', `${PAYROLL_API}/file-structures/presets`, json(200, presets));
  fetch.on('GET', new RegExp(`^${PAYROLL_API}/payroll-batches(\\?.*)?$`), json(200, { items: batches }));
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/charities`, json(200, { items: supportedCharities }));
  fetch.on('GET', `${PAYROLL_API}/charity-payroll-codes`, json(200, { items: [{ charityId: HARBOUR_CITY, payrollCode: 'HCFB-01', updatedAt: '2026-02-01T00:00:00Z' }] }));
  return { fetch, start: () => renderConsole(`/admin/workplace/${WORKPLACE_ID}/${path}`, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

const HARBOUR_CITY = '01JCHR00000000000000000001';
const KIWI_COAST = '01JCHR00000000000000000002';
const supportedCharities = [
  { charityId: HARBOUR_CITY, name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank', logoImageUrl: '', addedAt: '2026-01-01T00:00:00Z' },
  { charityId: KIWI_COAST, name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '', addedAt: '2026-01-01T00:00:00Z' },
];

const VIEW_ONLY: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ViewSettings', 'Workplace_ViewPayCycles', 'Workplace_ViewPayments'];

describe('pay cycles', () => {
  it('lists each cycle’s frequency, file structure, current period, pay date and cut-off in its own time zone, and its next periods', async () => {
    const { start } = payrollConsole('pay-cycles', {
      cycles: [aPayCycle(), aPayCycle({ id: '01JPAYCYC00000000000000002', name: 'Sydney wages', frequency: 'Fortnightly', timeZone: 'Australia/Sydney', businessUnitIds: [TECH] })],
    });
    const { user } = start();

    const table = await screen.findByRole('table', { name: 'Pay cycles' });
    expect(menuLabels('Workplace admin')).toEqual(expect.arrayContaining(['Pay Cycles', 'Payroll File Structures', 'Payroll Payments']));
    const [monthly, sydney] = within(table).getAllByRole('row').slice(1);
    expect(within(monthly!).getByRole('rowheader').textContent).toBe('Monthly salariedMonthlyNext periods of Monthly salaried');
    expect(within(monthly!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Head office KeyPay',
      '1 Mar 2026 – 31 Mar 2026 Pay date 15 Apr 2026',
      '13 Apr 2026, 5:00 pm Auckland time',
      'Export now Monthly salariedEdit Monthly salariedDelete Monthly salaried',
    ]);
    // The same instant, read on the cycle's own clock: 3 pm in Sydney.
    expect(within(sydney!).getAllByRole('cell')[2]?.textContent).toBe('13 Apr 2026, 3:00 pm Sydney time');
    expect(within(sydney!).getByText('Fortnightly')).toBeTruthy();

    const toggle = within(table).getByRole('button', { name: 'Next periods of Sydney wages' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const periods = screen.getByRole('table', { name: 'Next periods of Sydney wages' });
    expect(within(periods).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'PeriodPay dateCut-off',
      '1 Mar 2026 – 31 Mar 202615 Apr 202613 Apr 2026, 3:00 pm Sydney time',
      '1 Apr 2026 – 30 Apr 202615 May 202613 May 2026, 3:00 pm Sydney time',
    ]);
    expect(screen.getByText('Tech').closest('dd')).toBeTruthy();
    expect(screen.getByText('payroll@harbour.example')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    const { start } = payrollConsole('pay-cycles', { cycles: [] });
    start();
    expect(await screen.findByRole('heading', { name: 'No pay cycles yet' })).toBeTruthy();
    expect(screen.getByText('Add one to start sending payroll files to finance.')).toBeTruthy();
  });

  it('checks the form with the contract’s rules, puts the API’s field errors on their fields, and creates the cycle', async () => {
    const { fetch, start } = payrollConsole('pay-cycles');
    fetch.sequence('POST', `${PAYROLL_API}/pay-cycles`, [
      () =>
        problem(400, {
          title: 'Your request has invalid fields.',
          code: 'ValidationFailed',
          errors: [
            { field: 'body.name', message: 'A pay cycle called Semi-monthly staff already exists.' },
            { field: 'body.financeContacts.1', message: 'Use an address at your workplace.' },
          ],
        }),
      (request) => json(201, aPayCycle({ id: '01JPAYCYC00000000000000003', ...(request.body as object) })),
    ]);
    const { user } = start();

    await screen.findByRole('table', { name: 'Pay cycles' });
    await user.click(screen.getByRole('button', { name: 'New pay cycle' }));
    const form = await screen.findByRole('form', { name: 'New pay cycle' });
    // The workplace is in New Zealand; its only file structure is chosen; nobody is left out until units are ticked.
    expect((within(form).getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Pacific/Auckland');
    expect((within(form).getByLabelText('File structure') as HTMLSelectElement).value).toBe(STRUCTURE_ID);
    expect(within(form).getByText(/Leave them all unticked to include every member/)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save pay cycle' }));
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(errorOf(name)).toBe('Required Field!'));
    expect(document.activeElement).toBe(name);

    await user.type(name, 'Semi-monthly staff');
    await user.selectOptions(within(form).getByLabelText('How often employees are paid'), 'Semi-monthly (15th and last day)');
    await user.type(within(form).getByLabelText('Period end'), '2026-03-20');
    await user.type(within(form).getByLabelText('Pay date'), '2026-04-15');
    await user.click(within(form).getByRole('checkbox', { name: 'Tech' }));
    await user.type(within(form).getByLabelText('Finance contact 1'), 'pay@harbour.example');
    await user.click(within(form).getByRole('button', { name: 'Add finance contact' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('Finance contact 2'));
    await user.type(within(form).getByLabelText('Finance contact 2'), 'accounts@gmail.example');
    await user.click(within(form).getByRole('button', { name: 'Save pay cycle' }));

    const periodEnd = within(form).getByLabelText('Period end');
    await waitFor(() => expect(errorOf(periodEnd)).toBe(SEMI_MONTHLY_MESSAGE));
    expect(document.activeElement).toBe(periodEnd);
    expect(fetch.callsTo('POST', `${PAYROLL_API}/pay-cycles`)).toHaveLength(0);

    await user.clear(periodEnd);
    await user.type(periodEnd, '2026-03-31');
    await user.click(within(form).getByRole('button', { name: 'Save pay cycle' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Name'))).toBe('A pay cycle called Semi-monthly staff already exists.'));
    expect(errorOf(within(form).getByLabelText('Finance contact 2'))).toBe('Use an address at your workplace.');
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));

    await user.type(within(form).getByLabelText('Name'), ' (NZ)');
    await user.clear(within(form).getByLabelText('Finance contact 2'));
    await user.type(within(form).getByLabelText('Finance contact 2'), 'Accounts@Harbour.example');
    await user.click(within(form).getByRole('button', { name: 'Save pay cycle' }));
    expect(await screen.findByText('Semi-monthly staff (NZ) was saved.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New pay cycle' })).toBeNull();
    expect(fetch.callsTo('POST', `${PAYROLL_API}/pay-cycles`)[1]?.body).toEqual({
      name: 'Semi-monthly staff (NZ)',
      frequency: 'SemiMonthly',
      periodEnd: '2026-03-31',
      payDate: '2026-04-15',
      cutoffDaysBeforePayDate: 2,
      cutoffTime: '17:00',
      timeZone: 'Pacific/Auckland',
      businessUnitIds: [TECH],
      fileStructureId: STRUCTURE_ID,
      financeContacts: ['pay@harbour.example', 'accounts@harbour.example'],
    });
  });

  it('edits a cycle with a PUT of the whole cycle', async () => {
    const { fetch, start } = payrollConsole('pay-cycles', { cycles: [aPayCycle({ businessUnitIds: [TECH], timeZone: 'Pacific/Chatham' })] });
    fetch.on('PUT', `${PAYROLL_API}/pay-cycles/${CYCLE_ID}`, (request) => json(200, aPayCycle(request.body as Partial<PayCycle>)));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Monthly salaried' }));
    const form = await screen.findByRole('form', { name: 'Edit Monthly salaried' });
    expect((within(form).getByLabelText('How often employees are paid') as HTMLSelectElement).value).toBe('Monthly');
    expect((within(form).getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Pacific/Chatham');
    expect((within(form).getByRole('checkbox', { name: 'Tech' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Retail' }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(form).getByRole('checkbox', { name: 'Retail' }));
    const days = within(form).getByLabelText('Days before pay day');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(form).getByRole('button', { name: 'Save pay cycle' }));
    expect(await screen.findByText('Monthly salaried was saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${PAYROLL_API}/pay-cycles/${CYCLE_ID}`)[0]?.body).toEqual({
      name: 'Monthly salaried',
      frequency: 'Monthly',
      periodEnd: '2026-02-28',
      payDate: '2026-03-15',
      cutoffDaysBeforePayDate: 3,
      cutoffTime: '17:00',
      timeZone: 'Pacific/Chatham',
      businessUnitIds: ['01JBVS00000000000000000001', TECH],
      fileStructureId: STRUCTURE_ID,
      financeContacts: ['payroll@harbour.example'],
    });
  });

  it('needs a file structure first, and links to where one is made', async () => {
    const { start } = payrollConsole('pay-cycles', { cycles: [], structures: [] });
    const { user } = start();
    await screen.findByRole('heading', { name: 'No pay cycles yet' });
    await user.click(screen.getByRole('button', { name: 'New pay cycle' }));
    const link = within(await screen.findByRole('form', { name: 'New pay cycle' })).getByRole('link', { name: 'Set one up in Payroll File Structures' });
    expect(link.getAttribute('href')).toBe(`/admin/workplace/${WORKPLACE_ID}/pay-cycles/integrations`);
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 2, name: 'Payroll File Structures' })).toBeTruthy();
  });

  it('exports the current period now, names the period and links to the batch on Payroll Payments', async () => {
    const { fetch, start } = payrollConsole('pay-cycles', { batches: [aBatch({ id: '01JBATCH000000000000000000', periodStart: '2026-02-01', periodEnd: '2026-02-28' })] });
    fetch.on('POST', `${PAYROLL_API}/pay-cycles/${CYCLE_ID}/export`, json(200, { batchId: BATCH_ID }));
    fetch.on('GET', `${PAYROLL_API}/payroll-batches/${BATCH_ID}`, json(200, aBatch({ producedBy: 'export' })));
    const { user } = start();

    await user.click(await screen.findByRole('button', { name: 'Export now Monthly salaried' }));
    const message = await screen.findByText(/the payroll file for 1 Mar 2026 – 31 Mar 2026 is ready/);
    expect(message.textContent).toBe('Monthly salaried: the payroll file for 1 Mar 2026 – 31 Mar 2026 is ready. See it in Payroll Payments');
    const link = within(message).getByRole('link', { name: 'See it in Payroll Payments' });
    expect(link.getAttribute('href')).toBe(`/admin/workplace/${WORKPLACE_ID}/payments?batch=${BATCH_ID}`);

    fetch.on('GET', new RegExp(`^${PAYROLL_API}/payroll-batches(\\?.*)?$`), json(200, { items: [aBatch({ producedBy: 'export' }), aBatch({ id: '01JBATCH000000000000000000', periodStart: '2026-02-01', periodEnd: '2026-02-28' })] }));
    await user.click(link);
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    const marked = within(table).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1 Mar 2026 – 31 Mar 2026 Pay date 15 Apr 2026']);
    expect(within(marked[0]!).getByText('By Export now')).toBeTruthy();
  });

  it('shows why the API refuses to delete a cycle that has made files', async () => {
    const { fetch, start } = payrollConsole('pay-cycles');
    fetch.on('DELETE', `${PAYROLL_API}/pay-cycles/${CYCLE_ID}`, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: 'This pay cycle has made payroll files, so it can’t be deleted.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly salaried' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete pay cycle?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete pay cycle' }));
    expect(await within(dialog).findByText('This pay cycle has made payroll files, so it can’t be deleted.')).toBeTruthy();
    expect(fetch.callsTo('DELETE', `${PAYROLL_API}/pay-cycles/${CYCLE_ID}`)).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Pay cycles', hidden: true })).toBeTruthy();
  });

  it('shows the cycles without changing them to a member who may only view them', async () => {
    const { start } = payrollConsole('pay-cycles', { permissions: VIEW_ONLY });
    start();
    const table = await screen.findByRole('table', { name: 'Pay cycles' });
    expect(within(table).getByRole('button', { name: 'Next periods of Monthly salaried' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New pay cycle' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Export now|Edit|Delete/ })).toBeNull();
  });

  it('offers Export now, and nothing else, to a payments manager who views pay cycles', async () => {
    const { start } = payrollConsole('pay-cycles', { permissions: ['Workplace_ViewPayCycles', 'Workplace_ManagePayments'] });
    start();
    const table = await screen.findByRole('table', { name: 'Pay cycles' });
    expect(within(table).getByRole('button', { name: 'Export now Monthly salaried' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });
});

const columnFields = (form: HTMLElement) =>
  within(within(form).getByRole('group', { name: 'Columns' }))
    .getAllByRole('listitem')
    .map((item) => (within(item).getByLabelText('Field') as HTMLSelectElement).selectedOptions[0]?.textContent);

describe('payroll file structures', () => {
  it('lists the structures', async () => {
    const { start } = payrollConsole('pay-cycles/integrations');
    start();
    const table = await screen.findByRole('table', { name: 'Payroll file structures' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(
      'Head office KeyPayEmployment Hero / KeyPay — employee deductions import3All lines420 Feb 2026Edit Head office KeyPay',
    );
  });

  it('says so when there are none', async () => {
    const { start } = payrollConsole('pay-cycles/integrations', { structures: [] });
    start();
    expect(await screen.findByRole('heading', { name: 'No file structures yet' })).toBeTruthy();
  });

  it('starts from a preset, reorders columns from the keyboard, previews in that order and saves version 1, then version 2', async () => {
    const { fetch, start } = payrollConsole('pay-cycles/integrations', { structures: [] });
    fetch.on('POST', `${PAYROLL_API}/file-structures/preview`, (request) => {
      const body = request.body as typeof keypayStructure;
      const header = body.columns.map((column) => column.header).join(',');
      return json(200, { fileName: 'giving-preview.csv', content: `${header}\r\nE1001,GIVING,12.50,31/03/2026\r\n`, lineCount: 2 });
    });
    fetch.on('POST', `${PAYROLL_API}/file-structures`, (request) => json(201, aFileStructure({ ...(request.body as object), version: 1 })));
    fetch.on('PUT', `${PAYROLL_API}/file-structures/${STRUCTURE_ID}`, (request) => json(200, aFileStructure({ ...(request.body as object), version: 2 })));
    const { user } = start();

    await screen.findByRole('heading', { name: 'No file structures yet' });
    await user.click(screen.getByRole('button', { name: 'New file structure' }));
    const form = screen.getByRole('form', { name: 'New file structure' });
    expect(within(form).getByText(/No columns yet/)).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Payroll system'), 'Employment Hero / KeyPay — employee deductions import');
    await waitFor(() => expect(columnFields(form)).toEqual(['Employee number', 'Deduction code', 'Amount', 'Pay period end']));
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('KeyPay deductions');
    expect((within(form).getByLabelText('Date format') as HTMLSelectElement).value).toBe('DD/MM/YYYY');
    expect((within(form).getByLabelText('Deduction code') as HTMLInputElement).value).toBe('GIVING');

    // Amount before the deduction code, by keyboard: focus stays on the moved column's button.
    const up = within(form).getByRole('button', { name: 'Move Amount up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(columnFields(form)).toEqual(['Employee number', 'Amount', 'Deduction code', 'Pay period end']);
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Move Amount up' }));
    await user.keyboard('{Enter}');
    expect(columnFields(form)).toEqual(['Amount', 'Employee number', 'Deduction code', 'Pay period end']);
    // At the top its Up is disabled: focus moves to its Down.
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Move Amount down' }));
    await user.keyboard('{Enter}');
    expect(columnFields(form)).toEqual(['Employee number', 'Amount', 'Deduction code', 'Pay period end']);

    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('Preview of giving-preview.csv');
    expect(preview.tagName).toBe('PRE');
    expect(preview.textContent).toBe('Employee Id,Amount,Deduction Name,Pay Period Ending\r\nE1001,GIVING,12.50,31/03/2026\r\n');
    expect(screen.getByText('giving-preview.csv')).toBeTruthy();
    expect((fetch.callsTo('POST', `${PAYROLL_API}/file-structures/preview`)[0]?.body as typeof keypayStructure).columns.map((column) => column.field)).toEqual([
      'employeeNumber',
      'amount',
      'deductionCode',
      'payPeriodEnd',
    ]);

    await user.click(within(form).getByRole('button', { name: 'Save file structure' }));
    expect(await within(form).findByText('Version 1 saved.')).toBeTruthy();
    expect(fetch.callsTo('POST', `${PAYROLL_API}/file-structures`)[0]?.body).toEqual({
      ...keypayStructure,
      columns: [keypayStructure.columns[0], keypayStructure.columns[2], keypayStructure.columns[1], keypayStructure.columns[3]],
    });

    // Saving again is a new version of the same structure.
    await user.click(within(form).getByRole('radio', { name: 'Changes only' }));
    await user.click(within(form).getByRole('button', { name: 'Save new version' }));
    expect(await within(form).findByText('Version 2 saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${PAYROLL_API}/file-structures/${STRUCTURE_ID}`)[0]?.body).toMatchObject({ mode: 'CHANGES_ONLY' });
  });

  it('Preview checks the form first: the first wrong field takes focus and nothing is sent', async () => {
    const { fetch, start } = payrollConsole('pay-cycles/integrations', { structures: [] });
    const { user } = start();
    await screen.findByRole('heading', { name: 'No file structures yet' });
    await user.click(screen.getByRole('button', { name: 'New file structure' }));
    const form = screen.getByRole('form', { name: 'New file structure' });

    await user.click(within(form).getByRole('button', { name: 'Preview' }));

    // Preview is a plain button, not the form's submit: the payroll system, the first field in error, takes focus.
    const system = within(form).getByLabelText('Payroll system');
    await waitFor(() => expect(errorOf(system)).toBeTruthy());
    expect(errorOf(within(form).getByLabelText('Name'))).toBeTruthy();
    expect(document.activeElement).toBe(system);
    expect(fetch.callsTo('POST', `${PAYROLL_API}/file-structures/preview`)).toHaveLength(0);
  });

  it('asks for a fixed text column’s value, removes columns, and saves a new version of a stored structure', async () => {
    const { fetch, start } = payrollConsole('pay-cycles/integrations');
    fetch.on('PUT', `${PAYROLL_API}/file-structures/${STRUCTURE_ID}`, (request) => json(200, aFileStructure({ ...(request.body as object), version: 4 })));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Edit Head office KeyPay' }));
    const form = screen.getByRole('form', { name: 'Edit Head office KeyPay' });
    expect(within(form).getByText(/Version 3\./)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Remove Pay period end' }));
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Remove Amount' }));
    await user.click(within(form).getByRole('button', { name: 'Add column' }));
    const added = within(within(form).getByRole('group', { name: 'Columns' })).getAllByRole('listitem')[3]!;
    expect(document.activeElement).toBe(within(added).getByLabelText('Field'));
    expect(within(added).queryByLabelText('Value')).toBeNull();
    await user.selectOptions(within(added).getByLabelText('Field'), 'Fixed text');
    await user.type(within(added).getByLabelText('Header'), 'Type');
    await user.type(within(added).getByLabelText('Value'), 'deduction');
    await user.selectOptions(within(form).getByLabelText('Delimiter'), 'Tab');

    await user.click(within(form).getByRole('button', { name: 'Save new version' }));
    expect(await within(form).findByText('Version 4 saved.')).toBeTruthy();
    expect(fetch.callsTo('PUT', `${PAYROLL_API}/file-structures/${STRUCTURE_ID}`)[0]?.body).toMatchObject({
      delimiter: '\t',
      columns: [
        { field: 'employeeNumber', header: 'Employee Id' },
        { field: 'deductionCode', header: 'Deduction Name' },
        { field: 'amount', header: 'Amount' },
        { field: 'fixedText', header: 'Type', value: 'deduction' },
      ],
    });
  });

  it('sets a charity’s payroll code on its row: the API’s field error on the field, then saved, and cleared', async () => {
    const { fetch, start } = payrollConsole('pay-cycles/integrations');
    const sent: unknown[] = [];
    fetch.on('PUT', `${PAYROLL_API}/charity-payroll-codes/${KIWI_COAST}`, (request) => {
      const body = request.body as { payrollCode: string };
      sent.push(body);
      if (body.payrollCode.includes(' ')) return problem(400, { title: 'Validation failed', code: 'ValidationFailed', errors: [{ field: 'body.payrollCode', message: 'Use letters, digits, dashes and underscores only.' }] });
      return json(200, { items: [{ charityId: HARBOUR_CITY, payrollCode: 'HCFB-01', updatedAt: '' }, ...(body.payrollCode ? [{ charityId: KIWI_COAST, payrollCode: body.payrollCode.trim(), updatedAt: '' }] : [])] });
    });
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Charity payroll codes' });
    expect((within(table).getByLabelText('Payroll code for Harbour City Food Bank') as HTMLInputElement).value).toBe('HCFB-01');
    const kiwi = within(table).getByLabelText('Payroll code for Kiwi Coast Rescue') as HTMLInputElement;
    const save = within(table).getByRole('button', { name: 'Save the payroll code for Kiwi Coast Rescue' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(kiwi, 'KCR 7');
    await user.click(save);
    await waitFor(() => expect(errorOf(kiwi)).toBe('Use letters, digits, dashes and underscores only.'));
    await user.clear(kiwi);
    await user.type(kiwi, 'KCR-7');
    await user.click(save);
    expect(await screen.findByText('Kiwi Coast Rescue’s payroll code is now KCR-7.')).toBeTruthy();
    await user.clear(kiwi);
    await user.click(save);
    expect(await screen.findByText('Kiwi Coast Rescue has no payroll code now.')).toBeTruthy();
    expect(sent).toEqual([{ payrollCode: 'KCR 7' }, { payrollCode: 'KCR-7' }, { payrollCode: '' }]);
  });

  it('shows the codes without fields to a member who may only view them', async () => {
    const { start } = payrollConsole('pay-cycles/integrations', { permissions: [...VIEW_ONLY, 'Workplace_ViewCharities'] });
    start();
    const table = await screen.findByRole('table', { name: 'Charity payroll codes' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Harbour City Food BankHCFB-01', 'Kiwi Coast RescueNone']);
    expect(within(table).queryByRole('textbox')).toBeNull();
  });

  it('lets a member who may only view read a structure and preview it, without changing it', async () => {
    const { fetch, start } = payrollConsole('pay-cycles/integrations', { permissions: VIEW_ONLY });
    fetch.on('POST', `${PAYROLL_API}/file-structures/preview`, json(200, { fileName: 'giving-preview.csv', content: 'Employee Id\r\n', lineCount: 1 }));
    const { user } = start();
    expect(await screen.findByRole('table', { name: 'Payroll file structures' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New file structure' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View Head office KeyPay' }));
    const form = screen.getByRole('form', { name: 'Head office KeyPay' });
    expect(within(form).getByLabelText('Name').closest('fieldset[disabled]')).not.toBeNull();
    expect((within(form).getByLabelText('Date format') as HTMLSelectElement).value).toBe('DD/MM/YYYY');
    expect(within(form).queryByRole('button', { name: /Move|Remove|Add column|Save/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByLabelText('Preview of giving-preview.csv')).toBeTruthy();
  });
});

describe('payroll payments', () => {
  const older = aBatch({ id: '01JBATCH000000000000000000', periodStart: '2026-02-01', periodEnd: '2026-02-28', payDate: '2026-03-15', status: 'Confirmed', lineCount: 40, totalAmount: { cents: 98_000, currency: 'NZD' }, createdAt: '2026-03-13T04:00:00.000Z' });
  const sydney = aBatch({ id: '01JBATCH000000000000000002', payCycleId: '01JPAYCYC00000000000000002', payCycleName: 'Sydney wages', periodEnd: '2026-03-14', periodStart: '2026-03-01', producedBy: 'export', createdAt: '2026-03-15T01:00:00.000Z' });

  it('lists the files newest first, with their period, pay date, status, lines, total and how they were made', async () => {
    const { start } = payrollConsole('payments', { batches: [older, sydney, aBatch()] });
    start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Pay cyclePeriodStatusLinesTotalCreatedActions',
      'Monthly salariedReconcile Monthly salaried, 1 Mar 2026 – 31 Mar 20261 Mar 2026 – 31 Mar 2026 Pay date 15 Apr 2026Ready42$1,234.5013 Apr 2026, 5:00 pm At the cut-offDownload giving-monthly-salaried-2026-03-31.csv',
      'Sydney wagesReconcile Sydney wages, 1 Mar 2026 – 14 Mar 20261 Mar 2026 – 14 Mar 2026 Pay date 15 Apr 2026Ready42$1,234.5015 Mar 2026, 2:00 pm By Export nowDownload giving-monthly-salaried-2026-03-31.csv',
      'Monthly salariedDetails Monthly salaried, 1 Feb 2026 – 28 Feb 20261 Feb 2026 – 28 Feb 2026 Pay date 15 Mar 2026Confirmed40$980.0013 Mar 2026, 5:00 pm At the cut-offDownload giving-monthly-salaried-2026-03-31.csv',
    ]);
  });

  it('downloads a batch’s file under the name the API gives it', async () => {
    const { fetch, start } = payrollConsole('payments');
    fetch.on(
      'GET',
      `${PAYROLL_API}/payroll-batches/${BATCH_ID}/file`,
      () => new Response('Employee Id,Amount\r\nE1001,12.50\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="harbour-giving-2026-03-31.csv"' } }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:payroll');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    await user.click(within(table).getByRole('button', { name: 'Download giving-monthly-salaried-2026-03-31.csv' }));
    await waitFor(() => expect(clicked).toEqual(['harbour-giving-2026-03-31.csv']));
    expect(fetch.callsTo('GET', `${PAYROLL_API}/payroll-batches/${BATCH_ID}/file`)).toHaveLength(1);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('Employee Id,Amount\r\nE1001,12.50\r\n');
  });

  it('says why a download failed', async () => {
    const { fetch, start } = payrollConsole('payments');
    fetch.on('GET', `${PAYROLL_API}/payroll-batches/${BATCH_ID}/file`, problem(404, { title: 'Not found.', code: 'NotFound', detail: 'That file is no longer available.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Download giving-monthly-salaried-2026-03-31.csv' }));
    expect(await screen.findByText('We couldn’t download the file: That file is no longer available.')).toBeTruthy();
  });

  it('marks the batch the address names, opens its panel and scrolls to it', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { fetch, start } = payrollConsole(`payments?batch=${older.id}`, { batches: [aBatch(), older] });
    fetch.on('GET', `${PAYROLL_API}/payroll-batches/${older.id}/reconciliation`, json(200, aReconciliation({ batchId: older.id })));
    start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    const marked = within(table).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toContain('1 Feb 2026 – 28 Feb 2026');
    const panel = screen.getByRole('region', { name: 'Monthly salaried: 1 Feb 2026 – 28 Feb 2026' });
    await waitFor(() => expect(scrolled).toEqual([panel.parentElement]));
  });

  it('filters by pay cycle through the API', async () => {
    const { fetch, start } = payrollConsole('payments', { batches: [aBatch(), sydney] });
    fetch.on('GET', `${PAYROLL_API}/payroll-batches?payCycleId=01JPAYCYC00000000000000002`, json(200, { items: [sydney] }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Payroll files' });
    const filter = screen.getByLabelText('Pay cycle');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All pay cycles', 'Monthly salaried', 'Sydney wages']);
    await user.selectOptions(filter, 'Sydney wages');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Payroll files' })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Sydney wagesReconcile Sydney wages, 1 Mar 2026 – 14 Mar 2026']));
  });

  it('says so when no files have been made, to a member who reads payments only', async () => {
    const { start } = payrollConsole('payments', { batches: [], permissions: ['Workplace_ViewDashboard', 'Workplace_ViewPayments'] });
    start();
    expect(await screen.findByRole('heading', { name: 'No payroll files yet' })).toBeTruthy();
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
  });
});

describe('payroll payments: reconciling a batch', () => {
  const ACTUALS = `${PAYROLL_API}/payroll-batches/${BATCH_ID}/actuals`;
  const RECONCILIATION = `${PAYROLL_API}/payroll-batches/${BATCH_ID}/reconciliation`;
  const CONFIRM = `${PAYROLL_API}/payroll-batches/${BATCH_ID}/confirm`;
  const reconciled = aBatch({ status: 'Reconciled', reconciledAt: '2026-04-16T01:30:00.000Z', donatedAmount: { cents: 6_500, currency: 'NZD' } });
  const PAYMENTS_MANAGER: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ManagePayments'];
  const panelOf = () => screen.getByRole('region', { name: 'Monthly salaried: 1 Mar 2026 – 31 Mar 2026' });
  const fileInput = () => screen.getByLabelText<HTMLInputElement>('Upload what payroll deducted', { selector: 'input' });
  // (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
  const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
  /** The day `days` from today where the workplace is (New Zealand), as YYYY-MM-DD. */
  const nzDay = (days: number) => {
    const today = Date.parse(`${localDay(new Date(), COUNTRY_TIME_ZONES.nz)}T00:00:00Z`);
    return new Date(today + days * 86_400_000).toISOString().slice(0, 10);
  };

  it('opens a batch from its row and closes it back to the row', async () => {
    const { fetch, start } = payrollConsole('payments', { permissions: PAYMENTS_MANAGER });
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    await user.click(within(table).getByRole('link', { name: 'Reconcile Monthly salaried, 1 Mar 2026 – 31 Mar 2026' }));
    const panel = panelOf();
    expect(document.activeElement?.textContent).toBe('Monthly salaried: 1 Mar 2026 – 31 Mar 2026');
    expect(within(table).getAllByRole('row')[1]?.getAttribute('aria-current')).toBe('true');
    expect(within(panel).getByText('Ready')).toBeTruthy();
    expect(within(panel).getByText(/^Pay date/).textContent).toBe('Pay date 15 Apr 2026 · 42 lines, $1,234.50 · giving-monthly-salaried-2026-03-31.csv');
    // A Ready batch has no reconciliation to ask for.
    expect(fetch.callsTo('GET', RECONCILIATION)).toHaveLength(0);
    const zone = within(panel).getByRole('group', { name: 'Upload what payroll deducted' });
    expect(within(zone).getByRole('button', { name: 'Choose file' })).toBeTruthy();
    expect(fileInput().accept).toBe('.csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values');

    await user.click(within(panel).getByRole('button', { name: 'Close Monthly salaried' }));
    expect(screen.queryByRole('region', { name: 'Monthly salaried: 1 Mar 2026 – 31 Mar 2026' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Reconcile Monthly salaried, 1 Mar 2026 – 31 Mar 2026');
  });

  it('uploads the file payroll deducted as text, and shows the totals and the counts by outcome', async () => {
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER });
    fetch.on('POST', ACTUALS, json(200, aReconciliation()));
    start();
    await screen.findByRole('table', { name: 'Payroll files' });
    const lists = () => fetch.callsTo('GET', new RegExp(`^${PAYROLL_API}/payroll-batches(\\?.*)?$`)).length;
    const listed = lists();

    const content = 'Employee Id,Deduction Name,Amount,Pay Period Ending\r\nE1001,GIVING,15.00,31/03/2026\r\n';
    choose(new File([content], 'keypay-deductions-march.csv', { type: 'text/csv' }));
    const panel = panelOf();
    expect(await within(panel).findByText('keypay-deductions-march.csv is reconciled below.')).toBeTruthy();
    expect(fetch.callsTo('POST', ACTUALS).map((call) => call.body)).toEqual([{ fileName: 'keypay-deductions-march.csv', content }]);

    const reconciliation = within(panel).getByRole('region', { name: 'Reconciliation' });
    expect(within(reconciliation).getByText(/^From keypay-deductions-march\.csv, uploaded/).textContent).toBe('From keypay-deductions-march.csv, uploaded 16 Apr 2026, 1:30 pm.');
    expect([...reconciliation.querySelectorAll('dl[aria-label="Totals"] > div')].map((total) => total.textContent)).toEqual(['Expected$95.00', 'Deducted$72.00', 'To donate$65.00']);
    expect(within(within(reconciliation).getByRole('list', { name: 'Deductions by outcome' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 Matched',
      '1 Under-deducted',
      '1 Over-deducted',
      '1 Deducted with no pledge',
      '1 Pledged, not deducted',
      '1 Row not read',
    ]);
    // The list learns the batch is Reconciled.
    await waitFor(() => expect(lists()).toBeGreaterThan(listed));
  });

  it('groups the exceptions by how urgent they are, each line with what to do, and keeps the matched collapsed', async () => {
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER, batches: [reconciled] });
    fetch.on('GET', RECONCILIATION, json(200, aReconciliation()));
    const { user } = start();
    await screen.findByRole('table', { name: 'Payroll files' });
    const reconciliation = await within(panelOf()).findByRole('region', { name: 'Reconciliation' });

    // The unread rows first (fix and upload again), then the exceptions by urgency; the matched last.
    const groups = [...reconciliation.querySelectorAll('section')];
    expect(groups.map((group) => group.querySelector('h5')?.textContent)).toEqual([
      'Rows we couldn’t read (1) Action needed',
      'Under-deducted (1) Action needed',
      'Over-deducted (1) Action needed',
      'Deducted with no pledge (1) Action needed',
      'Pledged, not deducted (1) Review recommended',
      'Matched (2) No follow-up',
    ]);
    const linesOf = (index: number) => [...groups[index]!.querySelectorAll('li')].map((item) => item.textContent);
    expect(linesOf(0)).toEqual(["Row 7: The amount 'x' is not an amount."]);
    expect(linesOf(1)).toEqual([
      "Aroha NgataEmployee E1001To Kiwi Coast RescueExpected$20.00Deducted$15.00Donated$15.00What to do: Payroll deducted $15.00 of $20.00. $15.00 is given, shared across this employee's pledges in proportion; check their pay and let them know.",
    ]);
    expect(linesOf(2)).toEqual([
      'Ben TuiEmployee E1002To Forest & BirdExpected$10.00Deducted$12.00Donated$10.00What to do: Payroll deducted $2.00 more than pledged. $10.00 is given; refund $2.00 to the employee in their next pay.',
    ]);
    expect(linesOf(3)).toEqual([
      'Employee E1099Expected$0.00Deducted$5.00Donated$0.00What to do: No pledge in this batch matches row 9. Refund $5.00 to the employee in their next pay, and check their deductions in payroll.',
    ]);
    expect(linesOf(4)).toEqual([
      "Cara HemiEmployee E1003To City MissionExpected$25.00Deducted$0.00Donated$0.00What to do: Payroll took nothing for this pledge, so nothing is given this period. Check the employee's deductions in payroll.",
    ]);
    expect(within(groups[1]!).getByRole('heading', { level: 5, name: 'Under-deducted (1) Action needed' })).toBeTruthy();

    expect(within(reconciliation).queryByRole('table', { name: 'Matched deductions' })).toBeNull();
    const show = within(groups[5]!).getByRole('button', { name: 'Show 2 matched' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(show.textContent).toBe('Hide 2 matched');
    expect(within(within(groups[5]!).getByRole('table', { name: 'Matched deductions' })).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'EmployeeCharityDonated',
      'Aroha NgataEmployee E1001Forest & Bird$10.00',
      'Dev PatelEmployee E1004Kiwi Coast Rescue$30.00',
    ]);
  });

  it('shows the API’s field error under the drop zone', async () => {
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER });
    fetch.on(
      'POST',
      ACTUALS,
      problem(400, {
        title: 'Your request has invalid fields.',
        code: 'ValidationFailed',
        errors: [{ field: 'body.content', message: 'The file has no employee or amount column of this payroll file structure. Upload the file in the same layout as the batch.' }],
      }),
    );
    start();
    await screen.findByRole('table', { name: 'Payroll files' });
    choose(new File(['Name,Total\r\nAroha,15\r\n'], 'wrong-layout.csv', { type: 'text/csv' }));
    const error = await within(panelOf()).findByRole('alert');
    expect(error.textContent).toBe('The file has no employee or amount column of this payroll file structure. Upload the file in the same layout as the batch.');
    expect(within(panelOf()).getByRole('button', { name: 'Choose file' }).getAttribute('aria-describedby')).toContain(error.id);
    expect(within(panelOf()).queryByRole('region', { name: 'Reconciliation' })).toBeNull();
  });

  it('refuses a file over 5 MB, and one it does not accept, without a request', async () => {
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER });
    start();
    await screen.findByRole('table', { name: 'Payroll files' });
    const big = new File(['E1001,15.00\n'], 'all-units.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5_000_001 });
    const read = vi.spyOn(big, 'text');
    choose(big);
    expect((await within(panelOf()).findByRole('alert')).textContent).toBe('The file is larger than 5 MB. Split it by business unit and upload each part.');
    expect(read).not.toHaveBeenCalled();

    const zone = within(panelOf()).getByRole('group', { name: 'Upload what payroll deducted' });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'deductions.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })], types: ['Files'] } });
    expect(within(panelOf()).getByRole('alert').textContent).toBe('deductions.xlsx can’t be used here. Choose a CSV, TSV or text file (.csv, .tsv or .txt).');
    expect(fetch.callsTo('POST', ACTUALS)).toHaveLength(0);
  });

  it('confirms a reconciled batch after the dialog: the donations are given and the batch is Confirmed', async () => {
    const confirmedBatch = { ...reconciled, status: 'Confirmed' as const, confirmedAt: '2026-04-16T02:00:00.000Z' };
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER, batches: [reconciled] });
    fetch.on('GET', RECONCILIATION, json(200, aReconciliation()));
    fetch.on('POST', CONFIRM, json(200, confirmedBatch));
    const { user } = start();
    await screen.findByRole('table', { name: 'Payroll files' });
    const panel = panelOf();
    expect(await within(panel).findByRole('region', { name: 'Reconciliation' })).toBeTruthy();
    // Reconciled, so a new upload replaces this one.
    expect(within(panel).getByText(/A new upload replaces the reconciliation below\./)).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Confirm and give $65.00' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Give $65.00 to the charities?' });
    expect(dialog.textContent).toContain('Each matched deduction becomes a donation from the employee to the charity. This cannot be undone.');
    expect(dialog.textContent).toContain('Monthly salaried, 1 Mar 2026 – 31 Mar 2026: $65.00 from 3 employees.');
    // The list answers the batch Confirmed from now on.
    fetch.on('GET', new RegExp(`^${PAYROLL_API}/payroll-batches(\\?.*)?$`), json(200, { items: [confirmedBatch] }));
    await user.click(within(dialog).getByRole('button', { name: 'Give $65.00' }));

    const given = await within(panel).findByRole('status');
    expect(given.textContent).toBe('Donations given: $65.00 from 3 employees.');
    expect(fetch.callsTo('POST', CONFIRM)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(within(panel).getByText('Confirmed')).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'Upload what payroll deducted' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Confirm and give/ })).toBeNull();
    expect([...panel.querySelectorAll('dl[aria-label="Totals"] dt')].map((term) => term.textContent)).toEqual(['Expected', 'Deducted', 'Donated']);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Payroll files' })).getAllByRole('row')[1]?.textContent).toContain('Confirmed'));
  });

  it('shows why confirming was refused in the dialog', async () => {
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER, batches: [reconciled] });
    fetch.on('GET', RECONCILIATION, json(200, aReconciliation()));
    fetch.on('POST', CONFIRM, problem(409, { title: 'Conflict.', code: 'Conflict', detail: 'Upload what payroll deducted for this batch before confirming it.' }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Confirm and give $65.00' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Give $65.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Upload what payroll deducted for this batch before confirming it.');
    expect(within(panelOf()).getByText('Reconciled')).toBeTruthy();
  });

  it('shows a member who may only view the reconciliation, without upload or confirm', async () => {
    const { fetch, start } = payrollConsole('payments', { permissions: VIEW_ONLY, batches: [reconciled] });
    fetch.on('GET', RECONCILIATION, json(200, aReconciliation()));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    await user.click(within(table).getByRole('link', { name: 'Details Monthly salaried, 1 Mar 2026 – 31 Mar 2026' }));
    const panel = panelOf();
    expect(await within(panel).findByRole('region', { name: 'Under-deducted (1) Action needed' })).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'Upload what payroll deducted' })).toBeNull();
    expect(screen.queryByLabelText('Upload what payroll deducted')).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Confirm and give/ })).toBeNull();
    expect(within(panel).getByText('Someone who manages payments confirms this batch’s donations.')).toBeTruthy();
  });

  it('says when a confirmed batch gave what it gave, and asks nothing of it', async () => {
    const confirmedBatch = { ...reconciled, status: 'Confirmed' as const, confirmedAt: '2026-04-16T02:00:00.000Z', charitiesPayBy: nzDay(-3) };
    const { fetch, start } = payrollConsole(`payments?batch=${BATCH_ID}`, { permissions: PAYMENTS_MANAGER, batches: [confirmedBatch] });
    fetch.on('GET', RECONCILIATION, json(200, aReconciliation()));
    start();
    const panel = await screen.findByRole('region', { name: 'Monthly salaried: 1 Mar 2026 – 31 Mar 2026' });
    const given = await within(panel).findByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith('Confirmed'));
    expect(given.textContent).toBe('Confirmed 16 Apr 2026, 2:00 pm. Donations given: $65.00 from 3 employees.');
    expect(within(panel).queryByRole('group', { name: 'Upload what payroll deducted' })).toBeNull();
    // Once given, the pay-by date is behind it.
    expect(within(panel).queryByText(/Inland Revenue/)).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Payroll files' })).queryByText(/Charities/)).toBeNull();
  });

  it('warns of New Zealand’s pay-by date: a note, a warning with 14 days or fewer left, an alert once passed', async () => {
    const days = (n: number) => calendarDayText(nzDay(n), 'nz');
    const later = aBatch({ id: '01JBATCH000000000000000011', periodEnd: '2026-03-31', charitiesPayBy: nzDay(15) });
    const soon = aBatch({ id: '01JBATCH000000000000000012', periodEnd: '2026-03-30', charitiesPayBy: nzDay(14) });
    const passed = aBatch({ id: '01JBATCH000000000000000013', periodEnd: '2026-03-29', status: 'Reconciled', charitiesPayBy: nzDay(-1) });
    const { fetch, start } = payrollConsole('payments', { permissions: PAYMENTS_MANAGER, batches: [later, soon, passed] });
    fetch.on('GET', new RegExp(`^${PAYROLL_API}/payroll-batches/[^/]+/reconciliation$`), problem(404, { title: 'Not found.', code: 'NotFound' }));
    const { user } = start();
    const table = await screen.findByRole('table', { name: 'Payroll files' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      `ReadyCharities by ${days(15)}`,
      `ReadyCharities by ${days(14)}, 14 days left`,
      `ReconciledCharities were due ${days(-1)}`,
    ]);

    const open = async (index: number) => {
      await user.click(within(table).getAllByRole('link', { name: /^Reconcile/ })[index]!);
      return screen.getAllByRole('region').find((region) => region.querySelector('h3'))!;
    };
    let panel = await open(0);
    const note = within(panel).getByText(/Inland Revenue/);
    expect(note.textContent).toBe(`Charities must receive these donations by ${days(15)} (Inland Revenue’s payroll giving rule), or the amount becomes PAYE debt.`);
    expect(note.getAttribute('role')).toBeNull();

    panel = await open(1);
    const warning = within(panel).getByRole('status');
    expect(warning.textContent).toBe(`14 days left. Charities must receive these donations by ${days(14)} (Inland Revenue’s payroll giving rule), or the amount becomes PAYE debt.`);

    panel = await open(2);
    const alert = within(panel).getByRole('alert');
    expect(alert.textContent).toBe(`The charities’ payment was due on ${days(-1)}. Under Inland Revenue’s payroll giving rule, an amount they didn’t receive by then becomes PAYE debt.`);
    // A Reconciled batch whose reconciliation is gone says so rather than failing.
    expect(await within(panel).findByText('There is no reconciliation for this batch.')).toBeTruthy();
  });
});
