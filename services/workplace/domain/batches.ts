import { payrollCodesOf } from './charity-codes';
import type { PayPeriod, PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { notFound } from '@giving/shared/errors';
import { idFor } from '@giving/shared/ids';
import type { Currency } from '@giving/shared/money';
import { batchFileName, type DeductionLine } from './file-structures';
import { getStructure } from './file-structures';
import { getPayCycleRecord, nextDueFor } from './pay-cycles';
import { nzCharitiesPayBy } from './pay-by';
import { currentPeriod, periodAt } from './pay-periods';
import type { BatchLine, JobLog, MailDeps, PledgePart, PayCycleRecord, PledgeRecord, StoredBatch, WorkplaceDeps } from './ports';

/**
 * Payroll batches (issue 15 item 4): for a pay cycle and one of its periods, one deduction line per employee and
 * thing they give to, written as a file in the cycle's structure for finance to load into payroll.
 *
 * Main course (produceBatch):
 * 1. A batch already made for the cycle and period is answered as it is (its file is never written again).
 * 2. The pledges counted are those made by the batch's `asOf` — the cut-off, or the moment 'Export now' ran before
 *    it — and not cancelled by then: every-pay-cycle pledges each period, once-off pledges in the first batch after
 *    they were made (made after the cycle's previous batch counted up to).
 * 3. Pledges of one member to the same charity and gift (or page) are one deduction; the cycle's business units
 *    limit whose pledges it takes.
 * 4. Against the previous batch each deduction is NEW, CHANGED or UNCHANGED, and one that is gone is CANCELLED.
 *    "All lines" files list this period's deductions; "changes only" files list NEW, CHANGED and CANCELLED.
 * 5. The file and the batch's own record of its deductions go to S3; then one transaction records the batch — it
 *    holds only if no batch exists for the cycle and period — and moves the cycle on to its next cut-off.
 * 6. Finance contacts get an e-mail with a link that lasts 72 hours; a batch whose e-mail did not go is sent again.
 *
 * The batch id is derived from the cycle and period (idFor), so a run that failed half-way and runs again writes
 * the same bytes under the same key.
 */

export const LINK_HOURS = 72;
type Deps = WorkplaceDeps;

const deductionKey = (pledge: PledgeRecord) => `${pledge.memberId}|${pledge.charity.id}|${pledge.gift?.id ?? pledge.page?.id ?? 'general'}`;

type DeductionOptions = { asOf: string; previousAsOf?: string; includes: (memberId: string) => boolean };
type Deductions = Map<string, BatchLine & { first: PledgeRecord }>;

/** Adds one pledge to the batch's deductions if the batch takes it. */
function addPledge(deductions: Deductions, pledge: PledgeRecord, options: DeductionOptions): void {
  if (pledge.createdAt > options.asOf) return;
  if (pledge.cancelledAt !== undefined && pledge.cancelledAt <= options.asOf) return;
  if (pledge.donationFrequency === 'OnceOff' && options.previousAsOf !== undefined && pledge.createdAt <= options.previousAsOf) return;
  if (!options.includes(pledge.memberId)) return;
  const key = deductionKey(pledge);
  const part: PledgePart = {
    pledgeId: pledge.pledgeId,
    cents: pledge.total.cents,
    pageType: pledge.pageType,
    charity: pledge.charity,
    ...(pledge.gift ? { gift: pledge.gift } : {}),
    ...(pledge.page ? { page: pledge.page } : {}),
    quantity: pledge.quantity,
    isAnonymous: pledge.isAnonymous,
    ...(pledge.donationFrequency === 'EveryPayCycle' ? { recurring: true as const } : {}),
  };
  const line = deductions.get(key);
  if (line) {
    line.amountCents += pledge.total.cents;
    line.pledges.push(part);
  } else {
    deductions.set(key, { key, memberId: pledge.memberId, charityId: pledge.charity.id, amountCents: pledge.total.cents, pledges: [part], first: pledge });
  }
}

/** Which pledges a batch takes, and how much each deduction is. */
export function deductionsFor(pledges: Iterable<PledgeRecord>, options: DeductionOptions): Deductions {
  const deductions: Deductions = new Map();
  for (const pledge of pledges) addPledge(deductions, pledge, options);
  return deductions;
}

/** The same, reading the pledges a page at a time (never all of the workplace's items at once). */
async function deductionsReading(pledges: AsyncIterable<PledgeRecord>, options: DeductionOptions): Promise<Deductions> {
  const deductions: Deductions = new Map();
  for await (const pledge of pledges) addPledge(deductions, pledge, options);
  return deductions;
}

/** The deduction lines the file lists, in a fixed order: this period's, then those that stopped. */
export function fileLines(
  current: Map<string, BatchLine & { first: PledgeRecord }>,
  previous: readonly BatchLine[],
  mode: 'ALL_LINES' | 'CHANGES_ONLY',
): { line: BatchLine & { first?: PledgeRecord }; changeType: DeductionLine['changeType'] }[] {
  const before = new Map(previous.map((line) => [line.key, line]));
  const lines: { line: BatchLine & { first?: PledgeRecord }; changeType: DeductionLine['changeType'] }[] = [];
  for (const line of current.values()) {
    const earlier = before.get(line.key);
    const changeType = !earlier ? 'NEW' : earlier.amountCents === line.amountCents ? 'UNCHANGED' : 'CHANGED';
    if (mode === 'ALL_LINES' || changeType !== 'UNCHANGED') lines.push({ line, changeType });
  }
  if (mode === 'CHANGES_ONLY') {
    for (const line of previous) if (!current.has(line.key)) lines.push({ line, changeType: 'CANCELLED' });
  }
  return lines;
}

export interface ProduceOptions {
  producedBy: 'schedule' | 'export';
  /** The job's time (the schedule's scheduled time; now for Export now). */
  now: Date;
  log?: JobLog;
  mail?: MailDeps;
}

/** The batch of `cycle` for `period`, made once. */
export async function produceBatch(deps: Deps, cycle: PayCycleRecord, period: PayPeriod & { index: number }, options: ProduceOptions): Promise<StoredBatch> {
  const batchId = idFor(`payroll-batch#${cycle.id}#${period.periodEnd}`, Date.parse(period.cutoffAt));
  const existing = await deps.batches.get(cycle.workplaceId, batchId);
  if (existing) {
    if (!existing.mailedAt && options.mail) await mailFinance(deps, options.mail, cycle, existing);
    return existing;
  }

  const structure = await getStructure(deps, cycle.workplaceId, cycle.fileStructureId);
  const previous = await deps.batches.previous(cycle.workplaceId, cycle.id, period.periodEnd);
  const previousLines = previous ? await deps.files.readLines(previous.linesKey) : [];
  const asOf = options.now.toISOString() < period.cutoffAt ? options.now.toISOString() : period.cutoffAt;
  const employees = await deps.employees.forWorkplace(cycle.workplaceId);
  const units = new Set(cycle.businessUnitIds);
  const includes = (memberId: string) => {
    const employee = employees.get(memberId);
    if (employee && employee.roles.length === 0) return false;
    return units.size === 0 || (employee?.businessUnitId !== undefined && units.has(employee.businessUnitId));
  };
  const current = await deductionsReading(deps.pledges.forWorkplace(cycle.workplaceId), { asOf, previousAsOf: previous?.asOf, includes });
  const listed = fileLines(current, previousLines, structure.mode);

  const charityIds = new Set<string>();
  for (const line of current.values()) charityIds.add(line.charityId);
  for (const { line } of listed) charityIds.add(line.charityId);
  const charities = new Map(await Promise.all([...charityIds].map(async (id) => [id, await deps.charities.getById(id)] as const)));
  const payrollCodes = await payrollCodesOf(deps, cycle.workplaceId);
  const currency: Currency = current.values().next().value?.first.total.currency ?? previous?.currency ?? 'NZD';
  const country = currency === 'AUD' ? 'au' : 'nz';
  const paymentReference = `KOHA PG ${period.periodEnd.replaceAll('-', '')}`;
  // Made one at a time as the file is written (never all 100,000 at once).
  const toDeductionLine = ({ line, changeType }: (typeof listed)[number]): DeductionLine => {
    // A stopped deduction of someone payroll no longer has a record of here (an erased member) is named as the
    // previous file named it: payroll must still be told to stop taking from them.
    const employee = employees.get(line.memberId);
    const charity = charities.get(line.charityId);
    return {
      batchId,
      changeType,
      memberId: line.memberId,
      employeeNumber: employee?.employeeNumber ?? line.employeeNumber ?? '',
      firstName: employee?.firstName ?? line.firstName ?? '',
      lastName: employee?.lastName ?? line.lastName ?? '',
      email: employee?.email ?? line.email ?? '',
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      payDate: period.payDate,
      amountCents: line.amountCents,
      currency,
      country,
      charityName: charity?.name ?? line.first?.charity.name ?? '',
      charityPayrollCode: payrollCodes.get(line.charityId) ?? '',
      charityTaxId: charity?.registrationNumber ?? '',
      paymentReference,
    };
  };
  function* deductionLines() {
    for (const listedLine of listed) yield toDeductionLine(listedLine);
  }

  const fileName = batchFileName(cycle.name, period.periodEnd, structure);
  const prefix = `workplaces/${cycle.workplaceId}/batches/${batchId}`;
  const file = await deps.files.putPayrollFile(prefix, fileName, structure, deductionLines());
  const linesKey = `${prefix}/deductions.jsonl`;
  await deps.files.putLines(
    linesKey,
    [...current.values()].map(({ first, ...line }): BatchLine => {
      const employee = employees.get(line.memberId);
      const charity = charities.get(line.charityId);
      return {
        ...line,
        employeeNumber: employee?.employeeNumber ?? '',
        email: employee?.email ?? '',
        firstName: employee?.firstName ?? '',
        lastName: employee?.lastName ?? '',
        charityName: charity?.name ?? first.charity.name,
        charityTaxId: charity?.registrationNumber ?? '',
      };
    }),
  );

  const batch: StoredBatch = {
    id: batchId,
    workplaceId: cycle.workplaceId,
    workplaceName: [...employees.values()].find((employee) => employee.workplaceName)?.workplaceName ?? '',
    payCycleId: cycle.id,
    payCycleName: cycle.name,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    payDate: period.payDate,
    cutoffAt: period.cutoffAt,
    asOf,
    status: 'Ready',
    lineCount: listed.length,
    totalAmount: { cents: [...current.values()].reduce((sum, line) => sum + line.amountCents, 0), currency },
    currency,
    fileName,
    fileKey: file.key,
    linesKey,
    sha256: file.sha256,
    fileStructureId: structure.id,
    fileStructureVersion: structure.version,
    mode: structure.mode,
    producedBy: options.producedBy,
    createdAt: deps.clock.now().toISOString(),
  };
  const next = periodAt(cycle, period.index + 1);
  if ((await deps.batches.create(batch, { cutoffAt: next.cutoffAt, periodEnd: next.periodEnd })) === 'exists') {
    options.log?.info('another run made this batch first', { batchId });
    return (await deps.batches.get(cycle.workplaceId, batchId))!;
  }
  options.log?.info('payroll batch made', { batchId, workplaceId: cycle.workplaceId, lines: batch.lineCount });
  if (options.mail) await mailFinance(deps, options.mail, cycle, batch);
  return batch;
}

const money = (cents: number, currency: Currency) =>
  new Intl.NumberFormat(currency === 'AUD' ? 'en-AU' : 'en-NZ', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The finance contacts' e-mail: what the file is, when payroll needs it, and a link that lasts LINK_HOURS. */
async function mailFinance(deps: Deps, mail: MailDeps, cycle: PayCycleRecord, batch: StoredBatch): Promise<void> {
  const token = deps.randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + LINK_HOURS * 3_600_000);
  await deps.batches.createLink(token, batch, expiresAt);
  const link = `${mail.apiUrl}/workplace/payroll-files/${token}`;
  const consoleLink = `${mail.siteUrl}/admin/workplace/${cycle.workplaceId}/payments?batch=${batch.id}`;
  const subject = `Payroll giving file for ${cycle.name}: period ending ${batch.periodEnd}`;
  const facts = [
    `Pay cycle: ${cycle.name}`,
    `Pay period: ${batch.periodStart} to ${batch.periodEnd}`,
    `Pay date: ${batch.payDate}`,
    `Deductions: ${batch.lineCount} line${batch.lineCount === 1 ? '' : 's'}, ${money(batch.totalAmount.cents, batch.currency)} in total`,
    `File: ${batch.fileName}`,
  ];
  const text = [
    'Kia ora,',
    '',
    `The payroll giving deductions for ${cycle.name} are ready to load into payroll.`,
    '',
    ...facts,
    '',
    `Download the file (this link works for ${LINK_HOURS} hours): ${link}`,
    `After ${LINK_HOURS} hours, sign in and download it from Payroll Payments: ${consoleLink}`,
    '',
    'When payroll has run, upload what was actually deducted on the Payroll Payments screen so the donations reach the charities.',
  ].join('\n');
  const html = [
    '<p>Kia ora,</p>',
    `<p>The payroll giving deductions for ${escapeHtml(cycle.name)} are ready to load into payroll.</p>`,
    `<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(link)}">Download the file</a> (this link works for ${LINK_HOURS} hours).</p>`,
    `<p>After that, sign in and download it from <a href="${escapeHtml(consoleLink)}">Payroll Payments</a>.</p>`,
    '<p>When payroll has run, upload what was actually deducted on the Payroll Payments screen so the donations reach the charities.</p>',
  ].join('');
  for (const to of cycle.financeContacts) await mail.mailer.send({ to, subject, text, html });
  await deps.batches.markMailed(cycle.workplaceId, batch.id, deps.clock.now().toISOString());
}

/** 'Export now': the current period's batch, made now if it is not made yet. */
export async function exportNow(deps: Deps, workplaceId: string, payCycleId: string, options: Omit<ProduceOptions, 'producedBy' | 'now'>): Promise<{ batchId: string }> {
  const cycle = await getPayCycleRecord(deps, workplaceId, payCycleId);
  const now = deps.clock.now();
  const batch = await produceBatch(deps, cycle, currentPeriod(cycle, now), { ...options, producedBy: 'export', now });
  return { batchId: batch.id };
}

/**
 * The schedule's job: every cycle whose next cut-off has come gets its batch. A cycle whose pointer is behind (the
 * period was missed, or the cycle changed) is moved on without a batch for the missed period.
 */
export async function produceDueBatches(deps: Deps, at: Date, options: Omit<ProduceOptions, 'producedBy' | 'now'>): Promise<{ produced: string[] }> {
  const produced: string[] = [];
  for (const { workplaceId, payCycleId } of await deps.payCycles.due(at)) {
    const cycle = await deps.payCycles.get(workplaceId, payCycleId);
    if (!cycle) continue;
    const period = currentPeriod(cycle, at);
    if (period.cutoffAt > at.toISOString()) {
      await deps.payCycles.setNextDue(workplaceId, payCycleId, await nextDueFor(deps, cycle, at));
      continue;
    }
    try {
      const batch = await produceBatch(deps, cycle, period, { ...options, producedBy: 'schedule', now: at });
      produced.push(batch.id);
    } catch (error) {
      // One cycle's failure (a deleted structure) must not stop the others; the next run tries it again.
      options.log?.error('payroll batch failed', { workplaceId, payCycleId, error });
    }
  }
  return { produced };
}

const publicBatch = ({
  workplaceId: _w,
  workplaceName: _n,
  asOf: _a,
  cutoffAt: _c,
  fileKey: _f,
  linesKey: _l,
  currency,
  mailedAt: _m,
  reconciliationKey: _r,
  allocationsKey: _al,
  ...batch
}: StoredBatch): PayrollBatch => ({
  ...batch,
  // New Zealand's rule: the charities must have the money by then (until the batch is confirmed, a warning).
  ...(currency === 'NZD' ? { charitiesPayBy: nzCharitiesPayBy(batch.periodEnd) } : {}),
});

export async function listBatches(deps: Pick<Deps, 'batches'>, workplaceId: string, payCycleId?: string): Promise<{ items: PayrollBatch[] }> {
  const batches = (await deps.batches.list(workplaceId)).filter((batch) => !payCycleId || batch.payCycleId === payCycleId);
  batches.sort((a, b) => b.periodEnd.localeCompare(a.periodEnd) || a.payCycleName.localeCompare(b.payCycleName));
  return { items: batches.map(publicBatch) };
}

export async function getStoredBatch(deps: Pick<Deps, 'batches'>, workplaceId: string, batchId: string): Promise<StoredBatch> {
  const batch = await deps.batches.get(workplaceId, batchId);
  if (!batch) throw notFound('The payroll batch');
  return batch;
}

export const getBatch = async (deps: Pick<Deps, 'batches'>, workplaceId: string, batchId: string) => publicBatch(await getStoredBatch(deps, workplaceId, batchId));

/** The largest file the API answers itself (a Lambda answer is at most 6 MB); larger ones are a redirect to S3. */
export const INLINE_FILE_BYTES = 5_000_000;

export type BatchFile = { kind: 'text'; fileName: string; text: string; contentType: string } | { kind: 'redirect'; url: string };

export async function batchFile(deps: Pick<Deps, 'batches' | 'files'>, workplaceId: string, batchId: string): Promise<BatchFile> {
  const batch = await getStoredBatch(deps, workplaceId, batchId);
  const size = await deps.files.size(batch.fileKey);
  if (size === undefined) throw notFound('The payroll file');
  if (size > INLINE_FILE_BYTES) return { kind: 'redirect', url: await deps.files.downloadUrl(batch.fileKey, batch.fileName, 300) };
  const text = await deps.files.getText(batch.fileKey);
  if (text === undefined) throw notFound('The payroll file');
  const contentType = batch.fileName.endsWith('.tsv') ? 'text/tab-separated-values; charset=utf-8' : 'text/csv; charset=utf-8';
  return { kind: 'text', fileName: batch.fileName, text, contentType };
}

/** The finance e-mail's link: the file while the link lasts; 404 after (the same answer as a link never made). */
export async function batchFileByLink(deps: Pick<Deps, 'batches' | 'files' | 'clock'>, token: string): Promise<BatchFile> {
  const link = await deps.batches.resolveLink(token, deps.clock.now());
  if (!link) throw notFound('This download link has expired or');
  return batchFile(deps, link.workplaceId, link.batchId);
}
