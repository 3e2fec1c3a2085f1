import { parse } from 'csv-parse/sync';
import type { ActualsUpload, FileColumn, FileStructure, PayrollBatch, Reconciliation, ReconciliationLine, ReconciliationOutcome } from '@giving/shared/contracts/workplace-payroll';
import { RECONCILIATION_OUTCOMES } from '@giving/shared/contracts/workplace-payroll';
import { conflict, invalid, notFound } from '@giving/shared/errors';
import { PayrollDonationsConfirmed } from '@giving/shared/events/workplace';
import { idFor } from '@giving/shared/ids';
import { money, type Currency } from '@giving/shared/money';
import { getBatch, getStoredBatch } from './batches';
import { formatAmount, getStructure } from './file-structures';
import type { BatchLine, PledgePart, StoredBatch, WorkplaceDeps } from './ports';

/**
 * Reconciliation (issue 15 item 6): finance uploads what payroll actually deducted, in the batch's structure's layout,
 * and each deduction of the batch comes out as one of the classes workplace-giving platforms use:
 * - Matched: payroll took what was pledged; all of it is given.
 * - UnderDeducted: payroll took less; what it took is given, shared across the employee's pledges in proportion.
 * - OverDeducted: payroll took more; what was pledged is given, and the rest goes back to the employee.
 * - NoPledge: payroll took something nobody pledged; it goes back to the employee.
 * - NotDeducted: pledged but nothing taken; nothing is given this period.
 * Rows are matched to deductions by the employee (the file's external id, employee number or e-mail, whichever the
 * structure has) and, when the structure names the charity, by the charity too; otherwise an employee's rows are
 * held against all their deductions together.
 */

export interface ActualRow {
  row: number;
  memberKey: string;
  employeeNumber: string;
  charityKey?: string;
  /** The charity as the row wrote it (shown on a row no pledge matches). */
  charityText?: string;
  cents: number;
}

const normal = (text: string) => text.trim().toLowerCase();

/** Where each field is in an uploaded row: by the header when the structure writes one, else by position. */
function columnIndexes(structure: FileStructure, header: string[] | undefined) {
  const find = (fields: FileColumn[], last = false) => {
    const matches = structure.columns.flatMap((column, index) => {
      if (!fields.includes(column.field)) return [];
      if (!header) return [{ index, field: column.field }];
      const at = header.findIndex((name) => normal(name) === normal(column.header));
      return at >= 0 ? [{ index: at, field: column.field }] : [];
    });
    return last ? matches.at(-1) : matches[0];
  };
  return {
    /** Every column that names the employee, most exact first: a row is matched on the first it fills in. */
    members: [find(['externalId']), find(['employeeNumber']), find(['email'])].filter((column) => column !== undefined),
    // PayGlobal carries the amount twice (rate and total): the total is the later one.
    amount: find(['amount'], true),
    /** Every column that names the charity, most exact first: a row is matched on the first it fills in. */
    charities: [find(['charityTaxId']), find(['charityPayrollCode']), find(['charityName'])].filter((column) => column !== undefined),
  };
}

function parseCents(text: string, format: FileStructure['amountFormat']): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (format === 'CENTS') return /^-?\d+$/.test(cleaned) ? Number(cleaned) : undefined;
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/** The rows of an upload, read with the structure's delimiter; unreadable rows are listed, never guessed at. */
export function readActuals(structure: FileStructure, content: string): { rows: ActualRow[]; unreadRows: { row: number; message: string }[] } {
  let records: string[][];
  try {
    records = parse(content.replace(/^\uFEFF/, ''), { delimiter: structure.delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw invalid([{ field: 'body.content', message: `The file could not be read as ${structure.delimiter === '\t' ? 'tab' : `'${structure.delimiter}'`}-separated values: ${(error as Error).message}` }]);
  }
  const header = structure.includeHeader ? records[0] : undefined;
  const columns = columnIndexes(structure, header);
  if (columns.members.length === 0 || !columns.amount) {
    throw invalid([{ field: 'body.content', message: 'The file has no employee or amount column of this payroll file structure. Upload the file in the same layout as the batch.' }]);
  }
  const rows: ActualRow[] = [];
  const unreadRows: { row: number; message: string }[] = [];
  records.forEach((record, index) => {
    if (header && index === 0) return;
    const row = index + 1;
    const named = columns.members.map((column) => ({ field: column.field, value: record[column.index]?.trim() ?? '' })).find((column) => column.value !== '');
    const cents = parseCents(record[columns.amount!.index] ?? '', structure.amountFormat);
    if (!named) return unreadRows.push({ row, message: 'No employee on this row.' });
    if (cents === undefined || cents < 0) return unreadRows.push({ row, message: `The amount '${record[columns.amount!.index] ?? ''}' is not an amount.` });
    const charity = columns.charities.map((column) => ({ field: column.field, value: record[column.index]?.trim() ?? '' })).find((column) => column.value !== '');
    const employeeNumberColumn = columns.members.find((column) => column.field === 'employeeNumber');
    rows.push({
      row,
      memberKey: `${named.field}:${normal(named.value)}`,
      employeeNumber: employeeNumberColumn ? (record[employeeNumberColumn.index]?.trim() ?? '') : '',
      ...(charity ? { charityKey: `${charity.field}:${normal(charity.value)}`, charityText: charity.value } : {}),
      cents,
    });
  });
  return { rows, unreadRows };
}

/** The batch's keys for a line, in the forms an upload may name the employee and the charity. */
function lineKeys(line: BatchLine) {
  return {
    members: [`externalId:${normal(line.memberId)}`, ...(line.employeeNumber ? [`employeeNumber:${normal(line.employeeNumber)}`] : []), ...(line.email ? [`email:${normal(line.email)}`] : [])],
    charities: [...(line.charityTaxId ? [`charityTaxId:${normal(line.charityTaxId)}`] : []), ...(line.charityName ? [`charityName:${normal(line.charityName)}`] : [])],
  };
}

/** Shares `total` across `weights` in proportion, to the cent, the remainders to the largest fractions (so it adds up). */
export function prorate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** One pledge's donation once the batch is confirmed. */
export interface Allocation {
  memberId: string;
  part: PledgePart;
  cents: number;
}

export interface ReconciliationResult {
  reconciliation: Reconciliation;
  allocations: Allocation[];
}

const name = (line: BatchLine) => `${line.firstName ?? ''} ${line.lastName ?? ''}`.trim() || line.memberId;

/** Matches an upload's rows to the batch's deductions and says what each came to. */
export function reconcile(batch: Pick<StoredBatch, 'id' | 'currency'>, lines: readonly BatchLine[], rows: readonly ActualRow[], byCharity: boolean, upload: { fileName: string; uploadedAt: string; unreadRows: Reconciliation['unreadRows'] }): ReconciliationResult {
  const currency: Currency = batch.currency;
  const text = (cents: number) => `$${formatAmount(cents, 'DOLLARS')}`;
  const memberOf = new Map<string, string>();
  for (const line of lines) for (const key of lineKeys(line).members) memberOf.set(key, line.memberId);
  const charityOf = new Map<string, string>();
  for (const line of lines) for (const key of lineKeys(line).charities) charityOf.set(`${line.memberId}|${key}`, line.charityId);

  // Deductions grouped as the file can tell them apart: by employee and charity, or by employee.
  const groupKey = (memberId: string, charityId?: string) => (byCharity ? `${memberId}|${charityId ?? '?'}` : memberId);
  const groups = new Map<string, { lines: BatchLine[]; deducted: number; rows: ActualRow[] }>();
  for (const line of lines) {
    const key = groupKey(line.memberId, line.charityId);
    const group = groups.get(key) ?? { lines: [], deducted: 0, rows: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const strays = new Map<string, ActualRow[]>();
  const groupsOfMember = new Map<string, string[]>();
  for (const key of groups.keys()) {
    const memberId = key.split('|')[0]!;
    groupsOfMember.set(memberId, [...(groupsOfMember.get(memberId) ?? []), key]);
  }
  for (const row of rows) {
    const memberId = memberOf.get(row.memberKey);
    const charityId = memberId && row.charityKey ? charityOf.get(`${memberId}|${row.charityKey}`) : undefined;
    // A row that names no charity counts against the employee's one deduction, if they have only one.
    const only = memberId && byCharity && !row.charityKey && groupsOfMember.get(memberId)?.length === 1 ? groupsOfMember.get(memberId)![0] : undefined;
    const group = only ? groups.get(only) : memberId ? groups.get(groupKey(memberId, charityId)) : undefined;
    if (group) {
      group.deducted += row.cents;
      group.rows.push(row);
    } else {
      const key = `${row.memberKey}|${row.charityKey ?? ''}`;
      strays.set(key, [...(strays.get(key) ?? []), row]);
    }
  }

  const result: ReconciliationLine[] = [];
  const allocations: Allocation[] = [];
  for (const group of groups.values()) {
    const expected = group.lines.reduce((sum, line) => sum + line.amountCents, 0);
    const deducted = group.deducted;
    const outcome: ReconciliationOutcome = deducted === expected ? 'Matched' : deducted === 0 ? 'NotDeducted' : deducted < expected ? 'UnderDeducted' : 'OverDeducted';
    const donated = Math.min(deducted, expected);
    const parts = group.lines.flatMap((line) => line.pledges.map((part) => ({ memberId: line.memberId, part })));
    prorate(donated, parts.map(({ part }) => part.cents)).forEach((cents, index) => {
      if (cents > 0) allocations.push({ ...parts[index]!, cents });
    });
    const first = group.lines[0]!;
    const action = {
      Matched: 'No follow-up needed.',
      UnderDeducted: `Payroll deducted ${text(deducted)} of ${text(expected)}. ${text(deducted)} is given, shared across this employee's pledges in proportion; check their pay and let them know.`,
      OverDeducted: `Payroll deducted ${text(deducted - expected)} more than pledged. ${text(expected)} is given; refund ${text(deducted - expected)} to the employee in their next pay.`,
      NotDeducted: "Payroll took nothing for this pledge, so nothing is given this period. Check the employee's deductions in payroll.",
      NoPledge: '',
    }[outcome];
    result.push({
      outcome,
      employeeNumber: first.employeeNumber ?? '',
      employeeName: name(first),
      charityName: [...new Set(group.lines.map((line) => line.charityName ?? ''))].join(', '),
      expected: money(expected, currency),
      deducted: money(deducted, currency),
      donated: money(donated, currency),
      action,
    });
  }
  for (const stray of strays.values()) {
    const deducted = stray.reduce((sum, row) => sum + row.cents, 0);
    result.push({
      outcome: 'NoPledge',
      employeeNumber: stray[0]!.employeeNumber || stray[0]!.memberKey.slice(stray[0]!.memberKey.indexOf(':') + 1),
      employeeName: '',
      charityName: stray[0]!.charityText ?? '',
      expected: money(0, currency),
      deducted: money(deducted, currency),
      donated: money(0, currency),
      action: `No pledge in this batch matches row${stray.length === 1 ? '' : 's'} ${stray.map((row) => row.row).join(', ')}. Refund ${text(deducted)} to the employee in their next pay, and check their deductions in payroll.`,
    });
  }
  // Exceptions first (what needs doing), then the matched; within each, by employee.
  const rank = (outcome: ReconciliationOutcome) => (outcome === 'Matched' ? RECONCILIATION_OUTCOMES.length : RECONCILIATION_OUTCOMES.indexOf(outcome));
  result.sort((a, b) => rank(a.outcome) - rank(b.outcome) || a.employeeName.localeCompare(b.employeeName) || a.charityName.localeCompare(b.charityName));
  const counts = Object.fromEntries(RECONCILIATION_OUTCOMES.map((outcome) => [outcome, result.filter((line) => line.outcome === outcome).length])) as Reconciliation['counts'];
  const sum = (pick: (line: ReconciliationLine) => number) => result.reduce((total, line) => total + pick(line), 0);
  return {
    reconciliation: {
      batchId: batch.id,
      fileName: upload.fileName,
      uploadedAt: upload.uploadedAt,
      counts,
      expected: money(sum((line) => line.expected.cents), currency),
      deducted: money(sum((line) => line.deducted.cents), currency),
      donated: money(sum((line) => line.donated.cents), currency),
      unreadRows: upload.unreadRows,
      lines: result,
    },
    allocations,
  };
}

/** The donation id a pledge's part of a batch gets: the same every time, so recording it twice records it once. */
export const payrollDonationId = (batchId: string, pledgeId: string, at: string) => idFor(`payroll-donation#${batchId}#${pledgeId}`, Date.parse(at));

export function requireNotConfirmed(batch: StoredBatch) {
  if (batch.status === 'Confirmed') throw conflict('This batch is confirmed: its donations have been made, so its actuals cannot change.');
}

/**
 * Finance uploads what payroll deducted for a batch (issue 15 item 6). Main course: read the rows in the batch's
 * structure (the version it was written with), match them to the batch's deductions, keep the outcome and each
 * pledge's donation beside the batch's file, and mark the batch Reconciled. Another upload replaces the last one until
 * the batch is confirmed; a file that cannot be read changes nothing.
 */
export async function uploadActuals(
  deps: Pick<WorkplaceDeps, 'batches' | 'structures' | 'files' | 'clock'>,
  workplaceId: string,
  batchId: string,
  upload: ActualsUpload,
): Promise<Reconciliation> {
  const batch = await getStoredBatch(deps, workplaceId, batchId);
  requireNotConfirmed(batch);
  const structure = await getStructure(deps, workplaceId, batch.fileStructureId, batch.fileStructureVersion);
  const { rows, unreadRows } = readActuals(structure, upload.content);
  if (rows.length === 0) throw invalid([{ field: 'body.content', message: 'The file has no deductions in it.' }]);
  const lines = await deps.files.readLines(batch.linesKey);
  const byCharity = structure.columns.some((column) => ['charityTaxId', 'charityPayrollCode', 'charityName'].includes(column.field));
  const uploadedAt = deps.clock.now().toISOString();
  const { reconciliation, allocations } = reconcile(batch, lines, rows, byCharity, { fileName: upload.fileName, uploadedAt, unreadRows });
  const prefix = batch.fileKey.slice(0, batch.fileKey.indexOf(`/${batch.sha256}/`));
  // 20261126T105854801Z: sorts by time, and is a word, never a run of digits a card-number scan would stop at.
  const stamp = uploadedAt.replace(/[-:.]/g, '');
  const reconciliationKey = `${prefix}/actuals/${stamp}/reconciliation.json`;
  const allocationsKey = `${prefix}/actuals/${stamp}/allocations.json`;
  await deps.files.putJson(reconciliationKey, reconciliation);
  await deps.files.putJson(allocationsKey, allocations);
  const outcome = await deps.batches.markReconciled(workplaceId, batchId, { reconciledAt: uploadedAt, donatedAmount: reconciliation.donated, reconciliationKey, allocationsKey });
  if (outcome === 'confirmed') requireNotConfirmed({ ...batch, status: 'Confirmed' });
  return reconciliation;
}

export async function getReconciliation(deps: Pick<WorkplaceDeps, 'batches' | 'files'>, workplaceId: string, batchId: string): Promise<Reconciliation> {
  const batch = await getStoredBatch(deps, workplaceId, batchId);
  const reconciliation = batch.reconciliationKey ? await deps.files.getJson<Reconciliation>(batch.reconciliationKey) : undefined;
  if (!reconciliation) throw notFound("This batch's actuals were not uploaded yet, so its reconciliation");
  return reconciliation;
}

/** At most this many donations per PayrollDonationsConfirmed event (EventBridge entries are at most 256 KB). */
const DONATIONS_PER_EVENT = 25;

/**
 * Confirms a reconciled batch: every pledge's share of what payroll deducted becomes a completed payroll donation,
 * exactly once. The donations are announced first (each with an id derived from the batch and pledge, so a repeat
 * records nothing new), then the batch is marked Confirmed; a retry after a failure between the two announces the
 * same donations again, harmlessly. A confirmed batch confirms again as a no-op.
 */
export async function confirmBatch(deps: Pick<WorkplaceDeps, 'batches' | 'files' | 'events' | 'clock'>, workplaceId: string, batchId: string): Promise<PayrollBatch> {
  const batch = await getStoredBatch(deps, workplaceId, batchId);
  if (batch.status === 'Confirmed') return getBatch(deps, workplaceId, batchId);
  if (batch.status !== 'Reconciled' || !batch.allocationsKey) throw conflict('Upload what payroll deducted for this batch before confirming it.');
  const allocations = (await deps.files.getJson<Allocation[]>(batch.allocationsKey)) ?? [];
  const lines = await deps.files.readLines(batch.linesKey);
  const people = new Map(lines.map((line) => [line.memberId, line]));
  const confirmedAt = deps.clock.now().toISOString();
  const country = batch.currency === 'AUD' ? 'au' : 'nz';
  const donations = allocations.map(({ memberId, part, cents }) => {
    const person = people.get(memberId);
    return {
      donationId: payrollDonationId(batch.id, part.pledgeId, batch.cutoffAt),
      pledgeId: part.pledgeId,
      memberId,
      donorEmail: person?.email ?? '',
      donorName: `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim(),
      pageType: part.pageType,
      country,
      charity: part.charity,
      ...(part.gift ? { gift: part.gift } : {}),
      ...(part.page ? { page: part.page } : {}),
      quantity: part.quantity,
      isAnonymous: part.isAnonymous,
      ...(part.recurring ? { isRecurring: true } : {}),
      amount: money(cents, batch.currency),
    } as const;
  });
  const items = [];
  for (let start = 0, part = 1; start < donations.length; start += DONATIONS_PER_EVENT, part += 1) {
    items.push({
      id: `${batch.id}-${part}`,
      data: {
        batchId: batch.id,
        workplace: { id: workplaceId, name: batch.workplaceName ?? '' },
        periodEnd: batch.periodEnd,
        payDate: batch.payDate,
        confirmedAt,
        donations: donations.slice(start, start + DONATIONS_PER_EVENT),
      },
    });
  }
  await deps.events.publishAll(PayrollDonationsConfirmed, items, { correlationId: batch.id });
  await deps.batches.markConfirmed(workplaceId, batchId, confirmedAt);
  return getBatch(deps, workplaceId, batchId);
}
