import * as z from 'zod/mini';
import { moneySchema } from './common';
import { MESSAGES } from './messages';
import { idSchema, pathParameters } from './path-parameters';

/**
 * Workplace giving by payroll (issue 15): pay cycles, payroll file structures and the payroll batches (files for
 * finance) the workplace service makes from its members' pledges. Money is integer cents; dates are whole days
 * (YYYY-MM-DD) in the pay cycle's time zone; instants are ISO strings (UTC).
 */

export const PAY_FREQUENCIES = ['Weekly', 'Fortnightly', 'FourWeekly', 'SemiMonthly', 'Monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];
export const PAY_FREQUENCY_LABELS: Readonly<Record<PayFrequency, string>> = {
  Weekly: 'Weekly',
  Fortnightly: 'Fortnightly',
  FourWeekly: 'Four-weekly',
  SemiMonthly: 'Semi-monthly (15th and last day)',
  Monthly: 'Monthly',
};

/** Time zones a pay cycle may run in (the platform's two countries). */
export const PAY_CYCLE_TIME_ZONES = [
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
] as const;

const isRealDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const daySchema = z.string({ error: MESSAGES.requiredField }).check(z.refine(isRealDate, MESSAGES.invalidDate));
const text = (max: number) =>
  z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max))),
  );
const emailSchema = z.pipe(
  z.pipe(z.string({ error: MESSAGES.invalidEmail }), z.transform((s) => s.trim().toLowerCase())),
  z.email({ error: MESSAGES.invalidEmail }),
);

export const SEMI_MONTHLY_MESSAGE = 'A semi-monthly period ends on the 15th or the last day of a month.';
export const PAY_DATE_MESSAGE = 'The pay date must be on or after the period end, and within 31 days of it.';

/** What a workplace admin enters for a pay cycle (create and replace). */
export const payCycleInputSchema = z
  .object({
    name: text(80),
    frequency: z.enum(PAY_FREQUENCIES, { error: 'Choose how often employees are paid.' }),
    /** Any one period's last day: the cycle's other periods are counted from it. */
    periodEnd: daySchema,
    /** That period's pay day. */
    payDate: daySchema,
    /** How many days before pay day payroll needs the file (0–14), and at what local time. */
    cutoffDaysBeforePayDate: z.int({ error: MESSAGES.invalidInput }).check(z.gte(0, 'Use 0 to 14 days.'), z.lte(14, 'Use 0 to 14 days.')),
    cutoffTime: z.string({ error: MESSAGES.requiredField }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 17:00.')),
    timeZone: z.enum(PAY_CYCLE_TIME_ZONES, { error: 'Choose a time zone.' }),
    /** The business units whose members it pays; empty = every member. */
    businessUnitIds: z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(50, 'Up to 50 business units.')),
    /** The payroll file structure its files use. */
    fileStructureId: z.string({ error: 'Choose a payroll file structure.' }).check(z.minLength(1, 'Choose a payroll file structure.'), z.maxLength(40)),
    /** Who gets the file by e-mail when it is ready. */
    financeContacts: z.array(emailSchema).check(z.minLength(1, 'Add at least one finance contact.'), z.maxLength(10, 'Up to 10 finance contacts.')),
  })
  .check(
    z.refine((cycle) => cycle.payDate >= cycle.periodEnd && Date.parse(cycle.payDate) - Date.parse(cycle.periodEnd) <= 31 * 86_400_000, {
      message: PAY_DATE_MESSAGE,
      path: ['payDate'],
    }),
    z.refine(
      (cycle) => {
        if (cycle.frequency !== 'SemiMonthly' || !isRealDate(cycle.periodEnd)) return true;
        const day = Number(cycle.periodEnd.slice(8, 10));
        const next = new Date(`${cycle.periodEnd}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        return day === 15 || next.getUTCDate() === 1;
      },
      { message: SEMI_MONTHLY_MESSAGE, path: ['periodEnd'] },
    ),
  );
export type PayCycleInput = z.infer<typeof payCycleInputSchema>;

/** One pay period of a cycle and the dates that follow from it. */
export const payPeriodSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  /** When the file is due (ISO instant): the cut-off day at the cut-off time, in the cycle's time zone. */
  cutoffAt: z.string(),
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;

export const payCycleSchema = z.object({
  id: z.string(),
  workplaceId: z.string(),
  name: z.string(),
  frequency: z.enum(PAY_FREQUENCIES),
  periodEnd: z.string(),
  payDate: z.string(),
  cutoffDaysBeforePayDate: z.int(),
  cutoffTime: z.string(),
  timeZone: z.enum(PAY_CYCLE_TIME_ZONES),
  businessUnitIds: z.array(z.string()),
  fileStructureId: z.string(),
  fileStructureName: z.string(),
  financeContacts: z.array(z.string()),
  /** The period whose file is next (or now) due: the first whose pay date is today or later. */
  currentPeriod: payPeriodSchema,
  /** The current period and the five after it. */
  nextPeriods: z.array(payPeriodSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayCycle = z.infer<typeof payCycleSchema>;
export const payCycleListSchema = z.object({ items: z.array(payCycleSchema) });

/* Payroll file structures. */

/** The columns a payroll file may carry, in the words payroll systems use. */
export const FILE_COLUMNS = [
  'employeeNumber',
  'externalId',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'payPeriodStart',
  'payPeriodEnd',
  'payDate',
  'deductionCode',
  'amount',
  'currency',
  'changeType',
  'charityName',
  'charityPayrollCode',
  'charityTaxId',
  'paymentReference',
  'nzTaxCredit',
  'auStpDeductionType',
  'batchId',
  'fixedText',
] as const;
export type FileColumn = (typeof FILE_COLUMNS)[number];
export const FILE_COLUMN_LABELS: Readonly<Record<FileColumn, string>> = {
  employeeNumber: 'Employee number',
  externalId: 'External id (Koha member id)',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'E-mail',
  payPeriodStart: 'Pay period start',
  payPeriodEnd: 'Pay period end',
  payDate: 'Pay date',
  deductionCode: 'Deduction code',
  amount: 'Amount',
  currency: 'Currency',
  changeType: 'Change type (NEW, CHANGED, CANCELLED, UNCHANGED)',
  charityName: 'Charity name',
  charityPayrollCode: 'Charity payroll code',
  charityTaxId: 'Charity tax id (registration number)',
  paymentReference: 'Payment reference',
  nzTaxCredit: 'NZ payroll-giving tax credit (33⅓%)',
  auStpDeductionType: 'AU STP deduction type (W)',
  batchId: 'Batch id',
  fixedText: 'Fixed text',
};

export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYYMMDD', 'DD/MM/YYYY', 'MM/DD/YY', 'DD-MM-YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** Amounts as dollars with two decimals (12.50), whole cents (1250), or dollars without trailing zeros (12.5). */
export const AMOUNT_FORMATS = ['DOLLARS', 'CENTS', 'DOLLARS_TRIMMED'] as const;
export type AmountFormat = (typeof AMOUNT_FORMATS)[number];
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export const QUOTING = ['AS_NEEDED', 'ALL'] as const;
export const LINE_ENDINGS = ['CRLF', 'LF'] as const;
export const FILE_MODES = ['ALL_LINES', 'CHANGES_ONLY'] as const;
export type FileMode = (typeof FILE_MODES)[number];
export const FILE_PRESETS = ['KEYPAY', 'PAYGLOBAL', 'MICROKEEPER', 'GENERIC'] as const;
export type FilePreset = (typeof FILE_PRESETS)[number];
export const FILE_PRESET_LABELS: Readonly<Record<FilePreset, string>> = {
  KEYPAY: 'Employment Hero / KeyPay — employee deductions import',
  PAYGLOBAL: 'MYOB PayGlobal — transaction import',
  MICROKEEPER: 'Microkeeper — deduction CSV',
  GENERIC: 'Generic CSV',
};

export const fileColumnSchema = z.object({
  field: z.enum(FILE_COLUMNS, { error: 'Choose a column from the list.' }),
  /** The header payroll expects for it. */
  header: z.pipe(z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())), z.string().check(z.maxLength(60, MESSAGES.tooLong(60)))),
  /** For `fixedText`: the value every line carries (e.g. Microkeeper's "deduction"). */
  value: z.optional(z.string().check(z.maxLength(60, MESSAGES.tooLong(60)))),
});
export type FileColumnSpec = z.infer<typeof fileColumnSchema>;

export const fileStructureInputSchema = z.object({
  name: text(80),
  /** Which payroll system it was made for (a preset) — the columns are the admin's to change. */
  preset: z.enum(FILE_PRESETS, { error: 'Choose a payroll system.' }),
  columns: z.array(fileColumnSchema).check(z.minLength(1, 'Add at least one column.'), z.maxLength(40, 'Up to 40 columns.')),
  includeHeader: z.boolean({ error: MESSAGES.invalidInput }),
  delimiter: z.enum(DELIMITERS, { error: 'Choose a delimiter.' }),
  quoting: z.enum(QUOTING, { error: MESSAGES.invalidInput }),
  dateFormat: z.enum(DATE_FORMATS, { error: 'Choose a date format.' }),
  amountFormat: z.enum(AMOUNT_FORMATS, { error: 'Choose an amount format.' }),
  lineEnding: z.enum(LINE_ENDINGS, { error: MESSAGES.invalidInput }),
  mode: z.enum(FILE_MODES, { error: MESSAGES.invalidInput }),
  /** The payroll deduction code giving lines carry (KeyPay's Deduction Name, PayGlobal's AllowanceCode). */
  deductionCode: z.pipe(z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())), z.string().check(z.maxLength(30, MESSAGES.tooLong(30)))),
});
export type FileStructureInput = z.infer<typeof fileStructureInputSchema>;

export const fileStructureSchema = z.object({
  id: z.string(),
  workplaceId: z.string(),
  /** Starts at 1; each save adds one. A batch records the version it used. */
  version: z.int(),
  ...fileStructureInputSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileStructure = z.infer<typeof fileStructureSchema>;
export const fileStructureListSchema = z.object({ items: z.array(fileStructureSchema) });

/** GET .../file-structures/presets: what each payroll system's preset fills in. */
export const fileStructurePresetsSchema = z.object({ items: z.array(z.object({ preset: z.enum(FILE_PRESETS), label: z.string(), structure: fileStructureInputSchema })) });

/** POST .../file-structures/preview: a structure (saved or not) rendered over sample lines. */
export const fileStructurePreviewSchema = z.object({ fileName: z.string(), content: z.string(), lineCount: z.int() });

/* Payroll batches (files for finance). */

export const BATCH_STATUSES = ['Ready', 'Reconciled', 'Confirmed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** The call's answer is pinned by issue 15: `{items:[{id, payCycleId, periodEnd, status, lineCount, totalAmount}]}`. */
export const payrollBatchSchema = z.object({
  id: z.string(),
  payCycleId: z.string(),
  payCycleName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  status: z.enum(BATCH_STATUSES),
  lineCount: z.int(),
  totalAmount: moneySchema,
  fileName: z.string(),
  fileStructureId: z.string(),
  fileStructureVersion: z.int(),
  mode: z.enum(FILE_MODES),
  /** sha256 of the file, hex: a re-run gives the same. */
  sha256: z.string(),
  /** 'schedule' or 'export' (Export now). */
  producedBy: z.enum(['schedule', 'export']),
  createdAt: z.string(),
  /** Once payroll's actuals are uploaded: what they came to. */
  reconciledAt: z.optional(z.string()),
  donatedAmount: z.optional(moneySchema),
  confirmedAt: z.optional(z.string()),
  /** New Zealand batches: when the charities must have the money (see payByWarningSchema). */
  charitiesPayBy: z.optional(z.string()),
});
export type PayrollBatch = z.infer<typeof payrollBatchSchema>;
export const payrollBatchListSchema = z.object({ items: z.array(payrollBatchSchema) });
export const exportAnswerSchema = z.object({ batchId: z.string() });

export const payCycleParams = pathParameters('workplaceId', 'payCycleId');
export const fileStructureParams = pathParameters('workplaceId', 'fileStructureId');
export const batchParams = pathParameters('workplaceId', 'batchId');
export const workplaceParams = pathParameters('workplaceId');

/* ------------------------------------------------------------------------------------------------------------
 * Charity payroll codes: the code the workplace's payroll system knows each charity by (a deduction or payee code),
 * written in the file's "Charity payroll code" column.
 * ---------------------------------------------------------------------------------------------------------- */

export const PAYROLL_CODE_MAX_LENGTH = 20;
export const PAYROLL_CODE_MESSAGE = 'Use letters, digits, dashes and underscores only.';

/** PUT /workplace/{workplaceId}/charity-payroll-codes/{charityId}: the code, or '' to clear it. */
export const charityPayrollCodeInputSchema = z.object({
  payrollCode: z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((value) => value.trim())),
    z.string().check(z.maxLength(PAYROLL_CODE_MAX_LENGTH, MESSAGES.tooLong(PAYROLL_CODE_MAX_LENGTH)), z.regex(/^[A-Za-z0-9_-]*$/, PAYROLL_CODE_MESSAGE)),
  ),
});
export type CharityPayrollCodeInput = z.infer<typeof charityPayrollCodeInputSchema>;

export const charityPayrollCodeSchema = z.object({ charityId: z.string(), payrollCode: z.string(), updatedAt: z.string() });
export type CharityPayrollCode = z.infer<typeof charityPayrollCodeSchema>;
/** GET /workplace/{workplaceId}/charity-payroll-codes */
export const charityPayrollCodeListSchema = z.object({ items: z.array(charityPayrollCodeSchema) });
export const charityPayrollCodeParams = pathParameters('workplaceId', 'charityId');
/** The preview writes sample lines as the workplace's country would (currency, NZ tax credit or AU STP type). */
export const previewQuerySchema = z.object({ country: z.optional(z.enum(['nz', 'au'], { error: 'Use nz or au.' })) });
export const batchListQuerySchema = z.object({ payCycleId: z.optional(idSchema) });

/* Reconciliation ("Payroll Payments"): what payroll actually deducted, against the batch. */

/** The most text an actuals upload may carry (characters; the console refuses a larger file before reading it). */
export const MAX_ACTUALS_LENGTH = 5_000_000;
export const ACTUALS_TOO_BIG_MESSAGE = 'The file is larger than 5 MB. Split it by business unit and upload each part.';

/** An upload of what payroll deducted, in the batch structure's layout (the file's text; at most 5 MB). */
export const actualsUploadSchema = z.object({
  fileName: z.pipe(z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())), z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(200, MESSAGES.tooLong(200)))),
  content: z.string({ error: MESSAGES.requiredField }).check(z.minLength(1, 'The file is empty.'), z.maxLength(MAX_ACTUALS_LENGTH, ACTUALS_TOO_BIG_MESSAGE)),
});
export type ActualsUpload = z.infer<typeof actualsUploadSchema>;

/**
 * How each deduction came out (the classes workplace-giving platforms use): matched; under- or over-deducted; deducted
 * with no pledge on file; pledged but not deducted.
 */
export const RECONCILIATION_OUTCOMES = ['Matched', 'UnderDeducted', 'OverDeducted', 'NoPledge', 'NotDeducted'] as const;
export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];
export const RECONCILIATION_LABELS: Readonly<Record<ReconciliationOutcome, string>> = {
  Matched: 'Matched',
  UnderDeducted: 'Under-deducted',
  OverDeducted: 'Over-deducted',
  NoPledge: 'Deducted with no pledge',
  NotDeducted: 'Pledged, not deducted',
};

export const reconciliationLineSchema = z.object({
  outcome: z.enum(RECONCILIATION_OUTCOMES),
  employeeNumber: z.string(),
  employeeName: z.string(),
  /** The charity, when the file names one (or the batch's deduction does). */
  charityName: z.string(),
  expected: moneySchema,
  deducted: moneySchema,
  /** What reaches the charities when the batch is confirmed. */
  donated: moneySchema,
  /** What finance should do about it. */
  action: z.string(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const reconciliationSchema = z.object({
  batchId: z.string(),
  fileName: z.string(),
  uploadedAt: z.string(),
  counts: z.record(z.enum(RECONCILIATION_OUTCOMES), z.int()),
  expected: moneySchema,
  deducted: moneySchema,
  donated: moneySchema,
  /** Rows of the upload that could not be read, with why (row numbers count from 1, the header included). */
  unreadRows: z.array(z.object({ row: z.int(), message: z.string() })),
  lines: z.array(reconciliationLineSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/* Eligibility files: HR's list of employees, which updates the members' employment records. */

/** The columns an eligibility file has, by header (any order, any case); Business Unit and the dates may be blank. */
export const ELIGIBILITY_COLUMNS = ['Employee Number', 'Email', 'Employment Type', 'Business Unit', 'Start Date', 'End Date'] as const;
export const eligibilityUploadSchema = actualsUploadSchema;

export const eligibilityErrorSchema = z.object({ row: z.int(), field: z.string(), message: z.string() });
export type EligibilityError = z.infer<typeof eligibilityErrorSchema>;

export const eligibilityFileSchema = z.object({
  id: z.string(),
  workplaceId: z.string(),
  workplaceName: z.string(),
  fileName: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  /** Accepted: every row was valid and the members' records are being updated. Rejected: nothing changed. */
  status: z.enum(['Accepted', 'Rejected']),
  rowCount: z.int(),
  errorCount: z.int(),
  /** Rows naming someone who is a member of the workplace now; rows for anyone else change nothing. */
  memberCount: z.int(),
});
export type EligibilityFile = z.infer<typeof eligibilityFileSchema>;
export const eligibilityFileListSchema = z.object({ items: z.array(eligibilityFileSchema) });
export const eligibilityReportSchema = z.object({ ...eligibilityFileSchema.shape, errors: z.array(eligibilityErrorSchema) });
export type EligibilityReport = z.infer<typeof eligibilityReportSchema>;
export const eligibilityFileParams = pathParameters('workplaceId', 'fileId');

/* External donations: a member's gift made elsewhere, recorded for matching once the workplace approves it. */

export const RECEIPT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** 2 MB of receipt, as base64 (4/3 of it). */
export const RECEIPT_MAX_BYTES = 2 * 1024 * 1024;
export const EXTERNAL_DONATION_STATUSES = ['Pending', 'Approved', 'Declined'] as const;

export const externalDonationInputSchema = z.object({
  workplaceId: z.string({ error: MESSAGES.requiredField }).check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, MESSAGES.invalidInput)),
  charityName: text(120),
  amount: z.int({ error: MESSAGES.invalidAmount }).check(z.gte(100, 'Record a donation of at least $1.00.'), z.lte(10_000_000, MESSAGES.invalidAmount)),
  donatedOn: daySchema,
  receipt: z.object({
    fileName: text(200),
    contentType: z.enum(RECEIPT_CONTENT_TYPES, { error: 'Upload the receipt as a PDF, JPEG or PNG.' }),
    data: z.string({ error: MESSAGES.requiredField }).check(
      z.minLength(1, 'Upload the receipt.'),
      z.maxLength(Math.ceil((RECEIPT_MAX_BYTES * 4) / 3) + 4, 'The receipt is larger than 2 MB.'),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The receipt could not be read.'),
    ),
  }),
  note: z.optional(z.string().check(z.maxLength(500, MESSAGES.tooLong(500)))),
});
export type ExternalDonationInput = z.infer<typeof externalDonationInputSchema>;

export const externalDonationSchema = z.object({
  id: z.string(),
  workplaceId: z.string(),
  workplaceName: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  memberEmail: z.string(),
  charityName: z.string(),
  amount: moneySchema,
  donatedOn: z.string(),
  note: z.optional(z.string()),
  receiptFileName: z.string(),
  status: z.enum(EXTERNAL_DONATION_STATUSES),
  decidedAt: z.optional(z.string()),
  decidedBy: z.optional(z.string()),
  declineReason: z.optional(z.string()),
  createdAt: z.string(),
});
export type ExternalDonation = z.infer<typeof externalDonationSchema>;
export const externalDonationListSchema = z.object({ items: z.array(externalDonationSchema) });
export const externalDonationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('Approve') }),
  z.object({ decision: z.literal('Decline'), reason: text(300) }),
]);
export const externalDonationParams = pathParameters('workplaceId', 'externalDonationId');
