import { parse } from 'csv-parse/sync';
import type { ActualsUpload, EligibilityError, EligibilityFile, EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { ELIGIBILITY_COLUMNS } from '@giving/shared/contracts/workplace-payroll';
import { invalid, notFound } from '@giving/shared/errors';
import { EmployeeRecordsImported } from '@giving/shared/events/workplace';
import type { EventData } from '@giving/shared/events';
import type { WorkplaceDeps } from './ports';

/**
 * Eligibility files (issue 15 item 7): HR uploads the workplace's employees — employee number, e-mail, employment type
 * (Permanent, Contractor, Casual), business unit, start and end dates. Every row is checked; one error anywhere and the
 * file is Rejected with a report of each row's errors, and nothing changes. A file without errors is Accepted and
 * announced (EmployeeRecordsImported), and accounts sets the employment records of the members it names (spec 1 §1:
 * permanent employees may have donations matched).
 */

type Employee = EventData<typeof EmployeeRecordsImported>['employees'][number];
const EMPLOYMENT_TYPES = ['Permanent', 'Contractor', 'Casual'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** At most this many rows a file (5 MB of text is about 50,000 rows). */
const MAX_ROWS = 50_000;
const ROWS_PER_EVENT = 100;

/** '2026-03-09' or '09/03/2026' (day first, as NZ and AU write it) -> '2026-03-09'; undefined when neither. */
function isoDay(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : local ? [local[3], local[2]!.padStart(2, '0'), local[1]!.padStart(2, '0')] : [];
  if (!y || !m || !d) return undefined;
  const day = `${y}-${m}-${d}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : undefined;
}

/** Reads and checks every row; the employees only when no row has an error. */
export function readEligibilityFile(content: string, businessUnits: readonly { id: string; name: string }[]): { rowCount: number; employees: Employee[]; errors: EligibilityError[] } {
  let records: string[][];
  try {
    records = parse(content.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw invalid([{ field: 'body.content', message: `The file could not be read as comma-separated values: ${(error as Error).message}` }]);
  }
  const header = (records[0] ?? []).map((name) => name.toLowerCase());
  const at = Object.fromEntries(ELIGIBILITY_COLUMNS.map((column) => [column, header.indexOf(column.toLowerCase())])) as Record<(typeof ELIGIBILITY_COLUMNS)[number], number>;
  const missing = (['Employee Number', 'Email', 'Employment Type'] as const).filter((column) => at[column] < 0);
  if (missing.length > 0) {
    throw invalid([{ field: 'body.content', message: `The first row must name the columns ${ELIGIBILITY_COLUMNS.join(', ')}; it has no ${missing.join(', ')}.` }]);
  }
  const rows = records.slice(1);
  if (rows.length === 0) throw invalid([{ field: 'body.content', message: 'The file has no employees in it.' }]);
  if (rows.length > MAX_ROWS) throw invalid([{ field: 'body.content', message: `The file has more than ${MAX_ROWS.toLocaleString('en-NZ')} employees. Split it by business unit and upload each part.` }]);

  const unitByName = new Map(businessUnits.map((unit) => [unit.name.trim().toLowerCase(), unit.id]));
  const seenEmails = new Map<string, number>();
  const seenNumbers = new Map<string, number>();
  const employees: Employee[] = [];
  const errors: EligibilityError[] = [];
  rows.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: (typeof ELIGIBILITY_COLUMNS)[number]) => (at[column] >= 0 ? (record[at[column]] ?? '').trim() : '');
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const before = errors.length;

    const employeeNumber = cell('Employee Number');
    if (!employeeNumber) fail('Employee Number', 'Required Field!');
    else if (employeeNumber.length > 30) fail('Employee Number', 'Maximum 30 characters!');
    else if (seenNumbers.has(employeeNumber.toLowerCase())) fail('Employee Number', `Also on row ${seenNumbers.get(employeeNumber.toLowerCase())}.`);
    else seenNumbers.set(employeeNumber.toLowerCase(), row);

    const email = cell('Email').toLowerCase();
    if (!email) fail('Email', 'Required Field!');
    else if (!EMAIL.test(email) || email.length > 254) fail('Email', 'Invalid Email!');
    else if (seenEmails.has(email)) fail('Email', `Also on row ${seenEmails.get(email)}.`);
    else seenEmails.set(email, row);

    const typeText = cell('Employment Type');
    const employmentType = EMPLOYMENT_TYPES.find((type) => type.toLowerCase() === typeText.toLowerCase());
    if (!employmentType) fail('Employment Type', `Use Permanent, Contractor or Casual${typeText ? ` (not '${typeText}')` : ''}.`);

    const unitText = cell('Business Unit');
    const businessUnitId = unitText ? unitByName.get(unitText.toLowerCase()) : undefined;
    if (unitText && !businessUnitId) fail('Business Unit', `'${unitText}' is not one of the workplace's business units (${businessUnits.map((unit) => unit.name).join(', ') || 'it has none'}).`);

    const dates: Partial<Record<'startDate' | 'endDate', string>> = {};
    for (const [column, key] of [['Start Date', 'startDate'], ['End Date', 'endDate']] as const) {
      const text = cell(column);
      if (!text) continue;
      const day = isoDay(text);
      if (day) dates[key] = day;
      else fail(column, `Use a date such as 2026-03-09 or 09/03/2026 (not '${text}').`);
    }
    if (dates.startDate && dates.endDate && dates.endDate < dates.startDate) fail('End Date', 'The end date is before the start date.');

    if (errors.length === before && employmentType) {
      employees.push({ email, employeeNumber, employmentType, ...(businessUnitId ? { businessUnitId } : {}), ...dates });
    }
  });
  return { rowCount: rows.length, employees: errors.length === 0 ? employees : [], errors };
}

/** Reads the file, keeps it and its report, and — only when every row is valid — announces the employees. */
export async function uploadEligibilityFile(
  deps: Pick<WorkplaceDeps, 'workplaces' | 'employees' | 'eligibility' | 'files' | 'events' | 'clock' | 'newId'>,
  workplaceId: string,
  upload: ActualsUpload,
  uploadedBy: string,
): Promise<EligibilityReport> {
  const workplace = await deps.workplaces.get(workplaceId);
  const { rowCount, employees, errors } = readEligibilityFile(upload.content, workplace?.businessUnits ?? []);
  const members = await deps.employees.forWorkplace(workplaceId);
  const memberEmails = new Set([...members.values()].filter((member) => member.roles.length > 0).map((member) => member.email.toLowerCase()));
  const id = deps.newId();
  const uploadedAt = deps.clock.now().toISOString();
  const file: EligibilityFile = {
    id,
    workplaceId,
    workplaceName: workplace?.name ?? [...members.values()][0]?.workplaceName ?? '',
    fileName: upload.fileName,
    uploadedAt,
    uploadedBy,
    status: errors.length === 0 ? 'Accepted' : 'Rejected',
    rowCount,
    errorCount: errors.length,
    memberCount: employees.filter((employee) => memberEmails.has(employee.email)).length,
  };
  const prefix = `workplaces/${workplaceId}/eligibility/${id}`;
  await deps.files.putJson(`${prefix}/report.json`, errors);
  await deps.files.putJson(`${prefix}/upload.json`, upload);
  if (file.status === 'Accepted') {
    const items = [];
    for (let start = 0, part = 1; start < employees.length; start += ROWS_PER_EVENT, part += 1) {
      items.push({ id: `${id}-${part}`, data: { workplaceId, fileId: id, importedAt: uploadedAt, uploadedBy, fileName: upload.fileName, workplaceName: file.workplaceName, employees: employees.slice(start, start + ROWS_PER_EVENT) } });
    }
    await deps.events.publishAll(EmployeeRecordsImported, items, { correlationId: id });
  }
  await deps.eligibility.save({ ...file, reportKey: `${prefix}/report.json` });
  return { ...file, errors };
}

const publicFile = ({ reportKey: _r, ...file }: EligibilityFile & { reportKey: string }): EligibilityFile => file;

export async function listEligibilityFiles(deps: Pick<WorkplaceDeps, 'eligibility'>, workplaceId?: string): Promise<{ items: EligibilityFile[] }> {
  const files = workplaceId ? await deps.eligibility.list(workplaceId) : await deps.eligibility.listAll();
  return { items: files.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt)).map(publicFile) };
}

export async function getEligibilityReport(deps: Pick<WorkplaceDeps, 'eligibility' | 'files'>, workplaceId: string, fileId: string): Promise<EligibilityReport> {
  const file = await deps.eligibility.get(workplaceId, fileId);
  if (!file) throw notFound('The eligibility file');
  return { ...publicFile(file), errors: (await deps.files.getJson<EligibilityError[]>(file.reportKey)) ?? [] };
}
