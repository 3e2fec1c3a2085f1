import type { Options as StringifyOptions } from 'csv-stringify';
import type {
  AmountFormat,
  DateFormat,
  FileColumn,
  FilePreset,
  FileStructure,
  FileStructureInput,
} from '@giving/shared/contracts/workplace-payroll';
import { FILE_PRESET_LABELS, FILE_PRESETS } from '@giving/shared/contracts/workplace-payroll';
import { notFound } from '@giving/shared/errors';
import type { WorkplaceDeps } from './ports';

/**
 * Payroll file structures (issue 15 item 3): a template per payroll system — which columns, in what order, under what
 * headers, and how values, fields and lines are written. Every save is a new version; a batch records the version
 * it used, so an old file can be written again exactly.
 */

/** One line of a payroll file before it is formatted: the deduction, the employee, the charity, the period. */
export interface DeductionLine {
  batchId: string;
  /** NEW, CHANGED, CANCELLED or UNCHANGED against the cycle's previous batch. */
  changeType: 'NEW' | 'CHANGED' | 'CANCELLED' | 'UNCHANGED';
  memberId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  periodStart: string;
  periodEnd: string;
  payDate: string;
  amountCents: number;
  currency: 'NZD' | 'AUD';
  country: 'nz' | 'au';
  charityName: string;
  charityPayrollCode: string;
  charityTaxId: string;
  paymentReference: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(date: string, format: DateFormat): string {
  const [y, m, d] = date.split('-') as [string, string, string];
  switch (format) {
    case 'YYYY-MM-DD':
      return date;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YY':
      return `${m}/${d}/${y.slice(2)}`;
    case 'DD-MM-YYYY':
      return `${d}-${m}-${y}`;
  }
}

export function formatAmount(cents: number, format: AmountFormat): string {
  if (format === 'CENTS') return String(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
  return format === 'DOLLARS' ? text : text.replace(/\.?0+$/, '');
}

/**
 * The NZ payroll-giving tax credit: a third of the donation, to the cent (Inland Revenue's "Tax credits for payroll
 * donations"); none for Australia, where the employee claims the deduction in their return.
 */
export const nzTaxCreditCents = (line: Pick<DeductionLine, 'amountCents' | 'country'>) => (line.country === 'nz' ? Math.round(line.amountCents / 3) : 0);

/** The value of one column for one line, as text. */
export function columnValue(column: { field: FileColumn; value?: string }, line: DeductionLine, structure: Pick<FileStructureInput, 'dateFormat' | 'amountFormat' | 'deductionCode'>): string {
  switch (column.field) {
    case 'employeeNumber':
      return line.employeeNumber;
    case 'externalId':
      return line.memberId;
    case 'firstName':
      return line.firstName;
    case 'lastName':
      return line.lastName;
    case 'fullName':
      return `${line.firstName} ${line.lastName}`.trim();
    case 'email':
      return line.email;
    case 'payPeriodStart':
      return formatDate(line.periodStart, structure.dateFormat);
    case 'payPeriodEnd':
      return formatDate(line.periodEnd, structure.dateFormat);
    case 'payDate':
      return formatDate(line.payDate, structure.dateFormat);
    case 'deductionCode':
      return structure.deductionCode;
    case 'amount':
      return formatAmount(line.amountCents, structure.amountFormat);
    case 'currency':
      return line.currency;
    case 'changeType':
      return line.changeType;
    case 'charityName':
      return line.charityName;
    case 'charityPayrollCode':
      return line.charityPayrollCode;
    case 'charityTaxId':
      return line.charityTaxId;
    case 'paymentReference':
      return line.paymentReference;
    case 'nzTaxCredit':
      return line.country === 'nz' ? formatAmount(nzTaxCreditCents(line), structure.amountFormat) : '';
    case 'auStpDeductionType':
      // Single Touch Payroll: workplace giving is deduction type W (after tax).
      return line.country === 'au' ? 'W' : '';
    case 'batchId':
      return line.batchId;
    case 'fixedText':
      return column.value ?? '';
  }
}

/** csv-stringify's options for a structure: the delimiter, quoting and line ending it names. */
export const stringifyOptions = (structure: Pick<FileStructureInput, 'delimiter' | 'quoting' | 'lineEnding'>): StringifyOptions => ({
  delimiter: structure.delimiter,
  quoted: structure.quoting === 'ALL',
  quoted_empty: structure.quoting === 'ALL',
  record_delimiter: structure.lineEnding === 'CRLF' ? 'windows' : 'unix',
  eof: true,
});

export const headerRow = (structure: Pick<FileStructureInput, 'columns'>) => structure.columns.map((column) => column.header);
export const lineRow = (structure: FileStructureInput, line: DeductionLine) => structure.columns.map((column) => columnValue(column, line, structure));

/** The file's name: workplace-facing and sortable ('payroll-giving_Fortnightly-staff_2026-11-22.csv'). */
export function batchFileName(cycleName: string, periodEnd: string, structure: Pick<FileStructureInput, 'delimiter'>): string {
  const slug = cycleName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'pay-cycle';
  return `payroll-giving_${slug}_${periodEnd}.${structure.delimiter === '\t' ? 'tsv' : 'csv'}`;
}

/**
 * What each payroll system's import expects (../shared/notes/payroll-giving.md "Import layouts"). The admin may change
 * any of it; the presets are where they start.
 */
export const PRESETS: Readonly<Record<FilePreset, FileStructureInput>> = {
  // Employment Hero / KeyPay employee deductions import: one fixed deduction per line, from the period's start to its
  // end, paid to the charity with a payment reference. A blank Id creates the deduction.
  KEYPAY: {
    name: 'Employment Hero / KeyPay deductions',
    preset: 'KEYPAY',
    columns: [
      { field: 'employeeNumber', header: 'Employee Id' },
      { field: 'firstName', header: 'Employee First Name' },
      { field: 'lastName', header: 'Employee Surname' },
      { field: 'externalId', header: 'Employee External Id' },
      { field: 'fixedText', header: 'Id', value: '' },
      { field: 'deductionCode', header: 'Deduction Name' },
      { field: 'fixedText', header: 'Deduction Type', value: 'Fixed' },
      { field: 'amount', header: 'Amount' },
      { field: 'charityName', header: 'Paid To Account Name' },
      { field: 'paymentReference', header: 'Payment Reference' },
      { field: 'payPeriodStart', header: 'From Date' },
      { field: 'payPeriodEnd', header: 'Expiry Date' },
      { field: 'changeType', header: 'Notes' },
    ],
    includeHeader: true,
    delimiter: ',',
    quoting: 'AS_NEEDED',
    dateFormat: 'DD/MM/YYYY',
    amountFormat: 'DOLLARS',
    lineEnding: 'CRLF',
    mode: 'ALL_LINES',
    deductionCode: 'Payroll Giving',
  },
  // MYOB PayGlobal generic transaction import: no header; an empty field is null; the date is yyyymmdd.
  PAYGLOBAL: {
    name: 'MYOB PayGlobal transactions',
    preset: 'PAYGLOBAL',
    columns: [
      { field: 'employeeNumber', header: 'EmployeeCode' },
      { field: 'deductionCode', header: 'AllowanceCode' },
      { field: 'fixedText', header: 'Quantity', value: '1' },
      { field: 'fixedText', header: 'RateCode', value: '' },
      { field: 'fixedText', header: 'CostCentreCode', value: '' },
      { field: 'payDate', header: 'Date' },
      { field: 'amount', header: 'RateAmount' },
      { field: 'fixedText', header: 'Factor', value: '' },
      { field: 'amount', header: 'TotalAmount' },
      { field: 'fixedText', header: 'Recalculate', value: 'N' },
    ],
    includeHeader: false,
    delimiter: ',',
    quoting: 'AS_NEEDED',
    dateFormat: 'YYYYMMDD',
    amountFormat: 'DOLLARS',
    lineEnding: 'CRLF',
    mode: 'ALL_LINES',
    deductionCode: 'GIVE',
  },
  // Microkeeper deduction-rule CSV, in its order: NRID, negtype, name, eusername, value, overtime classification,
  // fixed, BDID (no other column: the import reads by position).
  MICROKEEPER: {
    name: 'Microkeeper deduction rules',
    preset: 'MICROKEEPER',
    columns: [
      { field: 'fixedText', header: 'NRID', value: '' },
      { field: 'fixedText', header: 'negtype', value: 'deduction' },
      { field: 'charityName', header: 'name' },
      { field: 'employeeNumber', header: 'eusername' },
      { field: 'amount', header: 'value' },
      { field: 'deductionCode', header: 'overtime classification' },
      { field: 'fixedText', header: 'fixed', value: '0' },
      { field: 'fixedText', header: 'BDID', value: '' },
    ],
    includeHeader: false,
    delimiter: ',',
    quoting: 'AS_NEEDED',
    dateFormat: 'YYYY-MM-DD',
    amountFormat: 'DOLLARS_TRIMMED',
    lineEnding: 'CRLF',
    mode: 'ALL_LINES',
    deductionCode: 'GIVE',
  },
  GENERIC: {
    name: 'Generic payroll giving CSV',
    preset: 'GENERIC',
    columns: [
      { field: 'batchId', header: 'Batch Id' },
      { field: 'employeeNumber', header: 'Employee Number' },
      { field: 'externalId', header: 'External Id' },
      { field: 'firstName', header: 'First Name' },
      { field: 'lastName', header: 'Last Name' },
      { field: 'email', header: 'Email' },
      { field: 'payPeriodStart', header: 'Pay Period Start' },
      { field: 'payPeriodEnd', header: 'Pay Period End' },
      { field: 'payDate', header: 'Pay Date' },
      { field: 'deductionCode', header: 'Deduction Code' },
      { field: 'amount', header: 'Amount' },
      { field: 'currency', header: 'Currency' },
      { field: 'changeType', header: 'Change Type' },
      { field: 'charityName', header: 'Charity' },
      { field: 'charityTaxId', header: 'Charity Registration Number' },
      { field: 'paymentReference', header: 'Payment Reference' },
      { field: 'nzTaxCredit', header: 'NZ Tax Credit' },
      { field: 'auStpDeductionType', header: 'STP Deduction Type' },
    ],
    includeHeader: true,
    delimiter: ',',
    quoting: 'AS_NEEDED',
    dateFormat: 'YYYY-MM-DD',
    amountFormat: 'DOLLARS',
    lineEnding: 'CRLF',
    mode: 'ALL_LINES',
    deductionCode: 'GIVING',
  },
};

export const presets = () => ({ items: FILE_PRESETS.map((preset) => ({ preset, label: FILE_PRESET_LABELS[preset], structure: PRESETS[preset] })) });

/** Three example employees for the preview (the same every time, so a preview reads the same as the last one). */
export function sampleLines(country: 'nz' | 'au', period: { periodStart: string; periodEnd: string; payDate: string }): DeductionLine[] {
  const currency = country === 'nz' ? 'NZD' : 'AUD';
  const base = { batchId: 'SAMPLE', country, currency, ...period, charityPayrollCode: '', paymentReference: `KOHA ${period.periodEnd.replaceAll('-', '')}` } as const;
  return [
    { ...base, changeType: 'NEW', memberId: 'sample-member-1', employeeNumber: 'E1001', firstName: 'Aroha', lastName: 'Ngata', email: 'aroha.ngata@example.com', amountCents: 2000, charityName: 'Kiwi Kids Trust', charityTaxId: 'CC12345' },
    { ...base, changeType: 'UNCHANGED', memberId: 'sample-member-2', employeeNumber: 'E1002', firstName: 'Sam', lastName: "O'Brien, Jr", email: 'sam.obrien@example.com', amountCents: 1250, charityName: 'Harbour "Blue" Care', charityTaxId: 'CC67890' },
    { ...base, changeType: 'CANCELLED', memberId: 'sample-member-3', employeeNumber: 'E1003', firstName: 'Mere', lastName: 'Tane', email: 'mere.tane@example.com', amountCents: 500, charityName: 'Kiwi Kids Trust', charityTaxId: 'CC12345' },
  ];
}

/** The structure as it was saved at `version` (the latest when omitted); 404 for another workplace's. */
export async function getStructure(deps: Pick<WorkplaceDeps, 'structures'>, workplaceId: string, structureId: string, version?: number): Promise<FileStructure> {
  const structure = await deps.structures.get(workplaceId, structureId, version);
  if (!structure) throw notFound('The payroll file structure');
  return structure;
}

export async function createStructure(deps: Pick<WorkplaceDeps, 'structures' | 'clock' | 'newId'>, workplaceId: string, input: FileStructureInput): Promise<FileStructure> {
  const now = deps.clock.now().toISOString();
  const structure: FileStructure = { ...input, id: deps.newId(), workplaceId, version: 1, createdAt: now, updatedAt: now };
  await deps.structures.saveVersion(structure);
  return structure;
}

/** A new version (the previous one is kept for the batches that used it); 409 when another save came first. */
export async function updateStructure(deps: Pick<WorkplaceDeps, 'structures' | 'clock'>, workplaceId: string, structureId: string, input: FileStructureInput): Promise<FileStructure> {
  const current = await getStructure(deps, workplaceId, structureId);
  const structure: FileStructure = { ...input, id: structureId, workplaceId, version: current.version + 1, createdAt: current.createdAt, updatedAt: deps.clock.now().toISOString() };
  await deps.structures.saveVersion(structure);
  return structure;
}
