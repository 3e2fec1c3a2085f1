import type { Clock } from '@giving/shared/clock';
import { MEMBERSHIP_MESSAGES, type MemberExport, type MemberExportStatus } from '@giving/shared/contracts/memberships';
import { csvLines, toCsv } from '@giving/shared/csv';
import { conflict, DomainError, notFound } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { MEMBERS_CSV_HEADER, memberCsvRow, membersFileName, type MembershipStore } from './charity-memberships';
import type { CharityDirectory } from './ports';

/**
 * The charity's members as one CSV file, of any size (issue 17 item 3). Asking for it stores an export (Preparing);
 * the table's stream hands the new item to a job (handlers/prepare-members-export.ts) that writes the header, then a
 * page of members at a time, to a file on its own disk, stores the file in the private personal-data bucket and marks
 * the export Ready with its rows and bytes. The console polls the export, then downloads the file: from the API up to
 * 4 MB, beyond that from a 5-minute signed address.
 *
 * An export not Ready within the hour has failed (a job that kept failing, or timed out every time, leaves it
 * Preparing): it shows as Failed, its job gives up, and the charity may ask again.
 */

export interface StoredMemberExport {
  charityId: string;
  exportId: string;
  status: MemberExportStatus;
  requestedAt: string;
  readyAt?: string;
  failedAt?: string;
  /** Members written so far (Preparing), or in the file (Ready). */
  rows?: number;
  bytes?: number;
  fileName: string;
  /** The file's key in the personal-data bucket, once Ready. */
  fileKey?: string;
}

export interface MemberExportStore {
  /** A new export (its insert starts the job). */
  create(stored: StoredMemberExport): Promise<void>;
  /** The export, if it is this charity's. */
  get(charityId: string, exportId: string): Promise<StoredMemberExport | undefined>;
  /** The charity's newest export. */
  latest(charityId: string): Promise<StoredMemberExport | undefined>;
  /** Members written so far, while it is still Preparing (otherwise nothing changes). */
  progress(charityId: string, exportId: string, rows: number): Promise<void>;
  /** Ready with its file, only from Preparing: 'not-preparing' when it was already Ready (a redelivery) or Failed. */
  markReady(charityId: string, exportId: string, file: { fileKey: string; rows: number; bytes: number; readyAt: string }): Promise<'ready' | 'not-preparing'>;
  /** Failed, only from Preparing. */
  markFailed(charityId: string, exportId: string, failedAt: string): Promise<void>;
}

/** The private personal-data bucket, for members files. */
export interface MemberExportFiles {
  /**
   * Writes the text to the function's disk as it comes (never all of it in memory), then stores the file under
   * `key` (the same key again replaces it): its size in bytes.
   */
  put(key: string, text: AsyncIterable<string>): Promise<{ bytes: number }>;
  getText(key: string): Promise<string | undefined>;
  /** A short-lived address that downloads the file as `fileName`. */
  downloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

/** Members read per page (a Query of at most 1 MB each): the job's memory holds one page at a time. */
export const EXPORT_PAGE = 500;
/** An export not Ready this long after it was asked for has failed. */
export const EXPORT_DEADLINE_MS = 60 * 60 * 1000;
/** The largest file the API answers itself (a Lambda answer is at most 6 MB); larger ones are a redirect to S3. */
export const INLINE_EXPORT_BYTES = 4_000_000;
/** How long a download address works. */
export const DOWNLOAD_URL_SECONDS = 300;

/** Where the job stores the file: one key per export, so a repeated run replaces its own file. */
export const memberExportKey = (charityId: string, exportId: string, fileName: string) => `charity-exports/${charityId}/${exportId}/${fileName}`;

const overdue = (stored: StoredMemberExport, now: Date) => stored.status === 'Preparing' && Date.parse(stored.requestedAt) + EXPORT_DEADLINE_MS <= now.getTime();

export function memberExportView(stored: StoredMemberExport, now: Date): MemberExport {
  return {
    id: stored.exportId,
    status: overdue(stored, now) ? 'Failed' : stored.status,
    requestedAt: stored.requestedAt,
    ...(stored.readyAt ? { readyAt: stored.readyAt } : {}),
    ...(stored.rows !== undefined ? { rows: stored.rows } : {}),
    ...(stored.bytes !== undefined ? { bytes: stored.bytes } : {}),
    fileName: stored.fileName,
  };
}

type RequestDeps = { exports: MemberExportStore; charities: Pick<CharityDirectory, 'getById'>; clock: Clock };

/**
 * "Download CSV": a new export, Preparing. While the charity's newest one is still being prepared, that one is the
 * answer (a second click, or a second person, does not start another file).
 */
export async function requestMembersExport(deps: RequestDeps, charityId: string): Promise<MemberExport> {
  const charity = await deps.charities.getById(charityId);
  if (!charity) throw notFound('The charity');
  const now = deps.clock.now();
  const latest = await deps.exports.latest(charityId);
  if (latest && memberExportView(latest, now).status === 'Preparing') return memberExportView(latest, now);
  const stored: StoredMemberExport = {
    charityId,
    exportId: newId(now.getTime()),
    status: 'Preparing',
    requestedAt: now.toISOString(),
    rows: 0,
    fileName: membersFileName(charity, now),
  };
  await deps.exports.create(stored);
  return memberExportView(stored, now);
}

async function storedExport(exports: MemberExportStore, charityId: string, exportId: string): Promise<StoredMemberExport> {
  const stored = await exports.get(charityId, exportId);
  if (!stored) throw new DomainError('NotFound', MEMBERSHIP_MESSAGES.exportNotFound);
  return stored;
}

export async function getMembersExport(deps: { exports: MemberExportStore; clock: Clock }, charityId: string, exportId: string): Promise<MemberExport> {
  return memberExportView(await storedExport(deps.exports, charityId, exportId), deps.clock.now());
}

export type PrepareOutcome = 'ready' | 'skipped' | 'failed';

/**
 * The job (the table stream's new export): writes the file and marks the export Ready. A redelivered record finds it
 * Ready already and writes nothing; a run that ends before marking it (a time-out) is redone whole by the next
 * delivery, over the same key.
 */
export async function prepareMembersExport(
  deps: { exports: MemberExportStore; store: Pick<MembershipStore, 'listByCharity'>; charities: Pick<CharityDirectory, 'getById'>; files: MemberExportFiles; clock: Clock },
  charityId: string,
  exportId: string,
): Promise<PrepareOutcome> {
  const stored = await deps.exports.get(charityId, exportId);
  if (!stored || stored.status !== 'Preparing') return 'skipped';
  const now = deps.clock.now();
  const charity = await deps.charities.getById(charityId);
  if (!charity || overdue(stored, now)) {
    await deps.exports.markFailed(charityId, exportId, now.toISOString());
    return 'failed';
  }

  const { country } = charity;
  let rows = 0;
  async function* text() {
    yield toCsv(MEMBERS_CSV_HEADER, []);
    let cursor: string | undefined;
    do {
      const page = await deps.store.listByCharity(charityId, {}, EXPORT_PAGE, cursor);
      yield csvLines(page.items.map((membership) => memberCsvRow(membership, country, now)));
      rows += page.items.length;
      cursor = page.nextCursor;
      if (cursor) await deps.exports.progress(charityId, exportId, rows);
    } while (cursor);
  }
  const fileKey = memberExportKey(charityId, exportId, stored.fileName);
  const { bytes } = await deps.files.put(fileKey, text());
  const marked = await deps.exports.markReady(charityId, exportId, { fileKey, rows, bytes, readyAt: deps.clock.now().toISOString() });
  return marked === 'ready' ? 'ready' : 'skipped';
}

export type MembersFile = { kind: 'text'; fileName: string; text: string } | { kind: 'redirect'; url: string };

/** The Ready export's file: its text up to INLINE_EXPORT_BYTES, otherwise a short-lived address of it. */
export async function downloadMembersExport(deps: { exports: MemberExportStore; files: MemberExportFiles; clock: Clock }, charityId: string, exportId: string): Promise<MembersFile> {
  const stored = await storedExport(deps.exports, charityId, exportId);
  const view = memberExportView(stored, deps.clock.now());
  if (view.status === 'Failed') throw conflict(MEMBERSHIP_MESSAGES.exportFailed);
  if (view.status !== 'Ready' || !stored.fileKey) throw conflict(MEMBERSHIP_MESSAGES.exportNotReady);
  if ((stored.bytes ?? 0) > INLINE_EXPORT_BYTES) return { kind: 'redirect', url: await deps.files.downloadUrl(stored.fileKey, stored.fileName, DOWNLOAD_URL_SECONDS) };
  const text = await deps.files.getText(stored.fileKey);
  if (text === undefined) throw new DomainError('NotFound', MEMBERSHIP_MESSAGES.exportNotFound);
  return { kind: 'text', fileName: stored.fileName, text };
}
