import type { FileStructure, FileStructureInput, PayCycle, PayrollBatch, Reconciliation, ReconciliationLine } from '@giving/shared/contracts/workplace-payroll';

/** Payroll test data (issue 15): a workplace's pay cycle, file structure, batch, its reconciliation and the presets, as the API answers them. */

export const PAYROLL_WORKPLACE_ID = '01JWRKP0000000000000000001';
export const PAYROLL_API = `/api/workplace/${PAYROLL_WORKPLACE_ID}`;
export const CYCLE_ID = '01JPAYCYC00000000000000001';
export const STRUCTURE_ID = '01JFILESTR0000000000000001';
export const BATCH_ID = '01JBATCH000000000000000001';

export const keypayStructure: FileStructureInput = {
  name: 'KeyPay deductions',
  preset: 'KEYPAY',
  columns: [
    { field: 'employeeNumber', header: 'Employee Id' },
    { field: 'deductionCode', header: 'Deduction Name' },
    { field: 'amount', header: 'Amount' },
    { field: 'payPeriodEnd', header: 'Pay Period Ending' },
  ],
  includeHeader: true,
  delimiter: ',',
  quoting: 'AS_NEEDED',
  dateFormat: 'DD/MM/YYYY',
  amountFormat: 'DOLLARS',
  lineEnding: 'CRLF',
  mode: 'ALL_LINES',
  deductionCode: 'GIVING',
};

export const microkeeperStructure: FileStructureInput = {
  name: 'Microkeeper deductions',
  preset: 'MICROKEEPER',
  columns: [
    { field: 'employeeNumber', header: 'Employee' },
    { field: 'fixedText', header: 'Type', value: 'deduction' },
    { field: 'amount', header: 'Amount' },
  ],
  includeHeader: true,
  delimiter: ',',
  quoting: 'ALL',
  dateFormat: 'YYYY-MM-DD',
  amountFormat: 'CENTS',
  lineEnding: 'LF',
  mode: 'CHANGES_ONLY',
  deductionCode: 'DONATE',
};

export const presets = {
  items: [
    { preset: 'KEYPAY', label: 'Employment Hero / KeyPay — employee deductions import', structure: keypayStructure },
    { preset: 'MICROKEEPER', label: 'Microkeeper — deduction CSV', structure: microkeeperStructure },
  ],
};

export function aFileStructure(overrides: Partial<FileStructure> = {}): FileStructure {
  return {
    id: STRUCTURE_ID,
    workplaceId: PAYROLL_WORKPLACE_ID,
    version: 3,
    ...keypayStructure,
    name: 'Head office KeyPay',
    createdAt: '2026-01-10T00:00:00.000Z',
    updatedAt: '2026-02-20T01:00:00.000Z',
    ...overrides,
  };
}

/** A monthly cycle paid on the 13th of the next month, 17:00 in Auckland two days before. */
export function aPayCycle(overrides: Partial<PayCycle> = {}): PayCycle {
  return {
    id: CYCLE_ID,
    workplaceId: PAYROLL_WORKPLACE_ID,
    name: 'Monthly salaried',
    frequency: 'Monthly',
    periodEnd: '2026-02-28',
    payDate: '2026-03-15',
    cutoffDaysBeforePayDate: 2,
    cutoffTime: '17:00',
    timeZone: 'Pacific/Auckland',
    businessUnitIds: [],
    fileStructureId: STRUCTURE_ID,
    fileStructureName: 'Head office KeyPay',
    financeContacts: ['payroll@harbour.example'],
    currentPeriod: { periodStart: '2026-03-01', periodEnd: '2026-03-31', payDate: '2026-04-15', cutoffAt: '2026-04-13T05:00:00.000Z' },
    nextPeriods: [
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', payDate: '2026-04-15', cutoffAt: '2026-04-13T05:00:00.000Z' },
      { periodStart: '2026-04-01', periodEnd: '2026-04-30', payDate: '2026-05-15', cutoffAt: '2026-05-13T05:00:00.000Z' },
    ],
    createdAt: '2026-01-10T00:00:00.000Z',
    updatedAt: '2026-01-10T00:00:00.000Z',
    ...overrides,
  };
}

export function aBatch(overrides: Partial<PayrollBatch> = {}): PayrollBatch {
  return {
    id: BATCH_ID,
    payCycleId: CYCLE_ID,
    payCycleName: 'Monthly salaried',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    payDate: '2026-04-15',
    status: 'Ready',
    lineCount: 42,
    totalAmount: { cents: 123_450, currency: 'NZD' },
    fileName: 'giving-monthly-salaried-2026-03-31.csv',
    fileStructureId: STRUCTURE_ID,
    fileStructureVersion: 3,
    mode: 'ALL_LINES',
    sha256: 'a'.repeat(64),
    producedBy: 'schedule',
    createdAt: '2026-04-13T05:00:10.000Z',
    ...overrides,
  };
}

const nzd = (cents: number) => ({ cents, currency: 'NZD' as const });
const line = (outcome: ReconciliationLine['outcome'], employeeNumber: string, employeeName: string, charityName: string, [expected, deducted, donated]: [number, number, number], action: string): ReconciliationLine => ({
  outcome,
  employeeNumber,
  employeeName,
  charityName,
  expected: nzd(expected),
  deducted: nzd(deducted),
  donated: nzd(donated),
  action,
});

/**
 * What reconciling the batch answers: one line of each exception, two matched (Aroha gives to two charities), one
 * row that could not be read. $65.00 is given, from 3 employees.
 */
export function aReconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    batchId: BATCH_ID,
    fileName: 'keypay-deductions-march.csv',
    uploadedAt: '2026-04-16T01:30:00.000Z',
    counts: { Matched: 2, UnderDeducted: 1, OverDeducted: 1, NoPledge: 1, NotDeducted: 1 },
    expected: nzd(9_500),
    deducted: nzd(7_200),
    donated: nzd(6_500),
    unreadRows: [{ row: 7, message: "The amount 'x' is not an amount." }],
    lines: [
      line('UnderDeducted', 'E1001', 'Aroha Ngata', 'Kiwi Coast Rescue', [2_000, 1_500, 1_500], "Payroll deducted $15.00 of $20.00. $15.00 is given, shared across this employee's pledges in proportion; check their pay and let them know."),
      line('OverDeducted', 'E1002', 'Ben Tui', 'Forest & Bird', [1_000, 1_200, 1_000], 'Payroll deducted $2.00 more than pledged. $10.00 is given; refund $2.00 to the employee in their next pay.'),
      line('NoPledge', 'E1099', '', '', [0, 500, 0], 'No pledge in this batch matches row 9. Refund $5.00 to the employee in their next pay, and check their deductions in payroll.'),
      line('NotDeducted', 'E1003', 'Cara Hemi', 'City Mission', [2_500, 0, 0], "Payroll took nothing for this pledge, so nothing is given this period. Check the employee's deductions in payroll."),
      line('Matched', 'E1001', 'Aroha Ngata', 'Forest & Bird', [1_000, 1_000, 1_000], 'No follow-up needed.'),
      line('Matched', 'E1004', 'Dev Patel', 'Kiwi Coast Rescue', [3_000, 3_000, 3_000], 'No follow-up needed.'),
    ],
    ...overrides,
  };
}
