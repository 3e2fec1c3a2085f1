import type { Clock } from '@giving/shared/clock';
import type { CharityCopy, TenantRoleCopy } from '@giving/shared/copies';
import type { EligibilityFile, FileStructure, FileStructureInput, PayCycleInput, PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import type { BatchEventPublisher } from '@giving/shared/events';
import type { Mailer } from '@giving/shared/mail';
import type { Currency } from '@giving/shared/money';
import type { EmploymentType } from '@giving/shared/contracts/accounts';
import type { DeductionLine } from './file-structures';
import type { GivingStore, VolunteeringStore } from './giving-reports';
import type { BadgeStore } from './badge-reports';
import type { CharityCodeStore } from './charity-codes';
import type { ExternalDonationStore } from './external-donations';

/** A pay cycle as stored: what the admin entered, and whose workplace it is. */
export interface PayCycleRecord extends PayCycleInput {
  id: string;
  workplaceId: string;
  createdAt: string;
  updatedAt: string;
}

/** The cut-off the produce job looks for next: the first period of the cycle without a batch. */
export interface NextDue {
  cutoffAt: string;
  periodEnd: string;
}

export interface PayCycleStore {
  list(workplaceId: string): Promise<PayCycleRecord[]>;
  get(workplaceId: string, payCycleId: string): Promise<PayCycleRecord | undefined>;
  /** Creates (when `expectedUpdatedAt` is absent) or replaces the cycle as read; 'conflict' when it changed meanwhile. */
  save(cycle: PayCycleRecord, nextDue: NextDue, expectedUpdatedAt?: string): Promise<'saved' | 'conflict'>;
  /** Deletes a cycle with no batch; 'hasBatches' otherwise (the batches keep their cycle). */
  remove(workplaceId: string, payCycleId: string): Promise<'removed' | 'hasBatches' | 'missing'>;
  /** Cycles whose next cut-off is at or before `at` (every workplace). */
  due(at: Date): Promise<{ workplaceId: string; payCycleId: string }[]>;
  /** Moves the cycle's next due cut-off (after a batch, or when a period was missed). */
  setNextDue(workplaceId: string, payCycleId: string, nextDue: NextDue): Promise<void>;
}

export interface FileStructureStore {
  /** The latest version, or the given one. */
  get(workplaceId: string, structureId: string, version?: number): Promise<FileStructure | undefined>;
  list(workplaceId: string): Promise<FileStructure[]>;
  /** Writes a new version and makes it the latest; throws Conflict when that version already exists. */
  saveVersion(structure: FileStructure): Promise<void>;
}

/** A member's payroll pledge, as the workplace keeps it (PayrollPledgeCreated / PayrollPledgeCancelled). */
export interface PledgeRecord {
  pledgeId: string;
  workplaceId: string;
  memberId: string;
  pageType: 'GIFT' | 'CHARITY' | 'FUNDRAISE';
  country: 'nz' | 'au';
  charity: { id: string; name: string; charityUrl: string };
  gift?: { id: string; title: string; productUrl: string };
  page?: { id: string; title: string; pageUrl: string; eventUrl: string };
  quantity: number;
  /** Each deduction. */
  total: { cents: number; currency: Currency };
  donationFrequency: 'OnceOff' | 'EveryPayCycle';
  isAnonymous: boolean;
  createdAt: string;
  cancelledAt?: string;
}

export interface PledgeStore {
  /** Keeps the pledge (a repeat delivery changes nothing; a cancellation that came first is kept). */
  save(pledge: PledgeRecord): Promise<void>;
  /** Records the cancellation, even before the pledge itself arrives. */
  cancel(workplaceId: string, pledgeId: string, memberId: string, cancelledAt: string): Promise<void>;
  /** Every pledge of the workplace, oldest first, a page at a time. */
  forWorkplace(workplaceId: string): AsyncIterable<PledgeRecord>;
}

/** A member of the workplace as payroll knows them (WorkplaceMembershipChanged; later, eligibility files). */
export interface EmployeeRecord {
  memberId: string;
  workplaceId: string;
  workplaceName: string;
  roles: string[];
  firstName: string;
  lastName: string;
  email: string;
  employmentType?: EmploymentType;
  businessUnitId?: string;
  employeeNumber?: string;
  version: string;
}

export interface EmployeeStore {
  save(employee: EmployeeRecord): Promise<'saved' | 'stale'>;
  get(workplaceId: string, memberId: string): Promise<EmployeeRecord | undefined>;
  forWorkplace(workplaceId: string): Promise<Map<string, EmployeeRecord>>;
}

/** One pledge's part of a deduction: what confirming the batch turns into a donation. */
export interface PledgePart {
  pledgeId: string;
  cents: number;
  pageType: PledgeRecord['pageType'];
  charity: PledgeRecord['charity'];
  gift?: PledgeRecord['gift'];
  page?: PledgeRecord['page'];
  quantity: number;
  isAnonymous: boolean;
  /** An every-pay-cycle pledge (matching's recurrence type); absent for a once-off one. */
  recurring?: true;
}

/** A deduction of one batch as reconciliation and the next batch read it (the file's own layout is payroll's). */
export interface BatchLine {
  /** memberId|charityId|gift or page id: one deduction per member per thing they give to. */
  key: string;
  memberId: string;
  charityId: string;
  amountCents: number;
  pledges: PledgePart[];
  /** Who and what, as the file named them (reconciliation matches payroll's rows on these). */
  employeeNumber?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  charityName?: string;
  charityTaxId?: string;
}

export interface StoredBatch extends PayrollBatch {
  workplaceId: string;
  /** As the employees' copy named it when the batch was made (donations carry it). */
  workplaceName?: string;
  /** The instant the batch counts pledges up to: the cut-off, or when 'Export now' ran before it. */
  asOf: string;
  cutoffAt: string;
  fileKey: string;
  linesKey: string;
  currency: Currency;
  mailedAt?: string;
  /** Once actuals are uploaded: the reconciliation and each pledge's donation, as JSON in the bucket. */
  reconciliationKey?: string;
  allocationsKey?: string;
}

export interface BatchStore {
  get(workplaceId: string, batchId: string): Promise<StoredBatch | undefined>;
  list(workplaceId: string): Promise<StoredBatch[]>;
  /** The cycle's batch with the latest period end before `periodEnd`. */
  previous(workplaceId: string, payCycleId: string, periodEnd: string): Promise<StoredBatch | undefined>;
  /**
   * Records the batch and moves the cycle's next due cut-off, in one transaction that holds only if no batch exists
   * for the cycle and period: 'exists' then, and nothing is written.
   */
  create(batch: StoredBatch, nextDue: NextDue): Promise<'created' | 'exists'>;
  markMailed(workplaceId: string, batchId: string, at: string): Promise<void>;
  /** Ready/Reconciled -> Reconciled with the upload's outcome; 'confirmed' (nothing written) once the batch is confirmed. */
  markReconciled(workplaceId: string, batchId: string, result: { reconciledAt: string; donatedAmount: { cents: number; currency: Currency }; reconciliationKey: string; allocationsKey: string }): Promise<'saved' | 'confirmed'>;
  /** Reconciled -> Confirmed; 'already' when it was confirmed before, 'not-reconciled' when there is nothing to confirm. */
  markConfirmed(workplaceId: string, batchId: string, confirmedAt: string): Promise<'confirmed' | 'already' | 'not-reconciled'>;
  /** A link for the finance e-mail: its token, valid until `expiresAt`. */
  createLink(token: string, batch: Pick<StoredBatch, 'workplaceId' | 'id'>, expiresAt: Date): Promise<void>;
  resolveLink(token: string, now: Date): Promise<{ workplaceId: string; batchId: string } | undefined>;
}

/** The private bucket of payroll files. */
export interface PayrollFileStore {
  /**
   * Writes the lines in the structure's layout under `prefix` (streamed, never one string in memory) and answers
   * where: `<prefix>/<sha256>/<fileName>`, so a file once written never changes under its key.
   */
  putPayrollFile(prefix: string, fileName: string, structure: FileStructureInput, lines: Iterable<DeductionLine>): Promise<{ key: string; sha256: string; bytes: number }>;
  /** The batch's own record of its deductions (newline-delimited JSON). */
  putLines(key: string, lines: Iterable<BatchLine>): Promise<void>;
  readLines(key: string): Promise<BatchLine[]>;
  getText(key: string): Promise<string | undefined>;
  putJson(key: string, value: unknown): Promise<void>;
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  getBytes(key: string): Promise<Uint8Array | undefined>;
  getJson<T>(key: string): Promise<T | undefined>;
  /** Deletes the object (none there is not an error). */
  deleteObject(key: string): Promise<void>;
  size(key: string): Promise<number | undefined>;
  /** A short-lived download address for a file too large to answer through the API (with its file name). */
  downloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

/** A workplace as accounts publishes it (WorkplaceProfilePublished). */
export interface WorkplaceProfile {
  id: string;
  name: string;
  country: 'nz' | 'au';
  businessUnits: { id: string; name: string }[];
  version: string;
}

export interface WorkplaceProfileStore {
  get(workplaceId: string): Promise<WorkplaceProfile | undefined>;
  save(profile: WorkplaceProfile): Promise<'saved' | 'stale'>;
}

export type StoredEligibilityFile = EligibilityFile & { reportKey: string };

export interface EligibilityStore {
  save(file: StoredEligibilityFile): Promise<void>;
  get(workplaceId: string, fileId: string): Promise<StoredEligibilityFile | undefined>;
  list(workplaceId: string): Promise<StoredEligibilityFile[]>;
  /** Every workplace's, newest first (the back office). */
  listAll(): Promise<StoredEligibilityFile[]>;
}

/** What a job says as it goes (the wrappers' logger fits it). */
export interface JobLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface MailDeps {
  mailer: Mailer;
  siteUrl: string;
  /** Where the API is reached from outside (the site's /api). */
  apiUrl: string;
}

export interface WorkplaceDeps {
  payCycles: PayCycleStore;
  structures: FileStructureStore;
  pledges: PledgeStore;
  employees: EmployeeStore;
  charities: Pick<CharityCopy, 'getById' | 'save'>;
  roles: TenantRoleCopy;
  batches: BatchStore;
  workplaces: WorkplaceProfileStore;
  eligibility: EligibilityStore;
  giving: GivingStore;
  volunteering: VolunteeringStore;
  badges: BadgeStore;
  charityCodes: CharityCodeStore;
  externalDonations: ExternalDonationStore;
  files: PayrollFileStore;
  /** Confirming a batch announces its donations (PayrollDonationsConfirmed). */
  events: BatchEventPublisher;
  clock: Clock;
  newId: () => string;
  /** 32 random bytes, base64url: a finance e-mail's link. */
  randomToken: () => string;
}
