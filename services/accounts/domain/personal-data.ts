import type { AccountDeletion, AuditEntry, DataExport } from '@giving/shared/contracts/personal-data';
import { DATA_EXPORT_DAYS, PRIVACY_MESSAGES } from '@giving/shared/contracts/personal-data';
import type { Clock } from '@giving/shared/clock';
import { conflict, DomainError, invalid, notFound } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { MemberErasureRequested, PERSONAL_DATA_SERVICES, PersonalDataExportRequested, type PersonalDataService } from '@giving/shared/events/privacy';
import { localDateText } from '@giving/shared/local-time';
import type { Mailer } from '@giving/shared/mail';
import { archiveKey, archiveName, buildArchive, partKey, type ErasedDataset, type PersonalDataPart, type PersonalDataset } from '@giving/shared/personal-data';
import type { TenantRef } from '@giving/shared/permissions';
import { emailTemplate, type EmailTemplateStore } from './back-office-content';
import { renderTemplate } from './email-templates';
import type { Log, MemberDirectory, RemoveOutcome, SignedInMember } from './people';

/**
 * A member's own data (issue 17 item 7). "Download my data": accounts asks every personal-data service for its part
 * (PersonalDataExportRequested), counts the parts as they come (PersonalDataGathered), and when the last one is in
 * puts them in one .zip, stores it and e-mails the member. "Delete my account": accounts stores the request, e-mails
 * the member, deletes their sign-in, and asks every service to erase (MemberErasureRequested); each answers with
 * what it did (PersonalDataErased), recorded on the request and in the audit trail.
 */

export interface AuditActor {
  id?: string;
  name: string;
}

export interface StoredExport {
  id: string;
  memberId: string;
  email: string;
  status: 'Preparing' | 'Ready';
  requestedAt: string;
  readyAt?: string;
  expiresAt?: string;
  archiveKey?: string;
  bytes?: number;
  partsDone: PersonalDataService[];
}

export interface StoredErasure {
  id: string;
  memberId: string;
  /** Kept until every part is erased (the e-mail a service may need to find guest records); removed then. */
  email?: string;
  status: 'Erasing' | 'Erased';
  requestedAt: string;
  erasedAt?: string;
  partsDone: PersonalDataService[];
  results: Partial<Record<PersonalDataService, ErasedDataset[]>>;
}

export interface PersonalDataStore {
  createExport(request: { memberId: string; exportId: string; email: string; requestedAt: string }, actor: AuditActor): Promise<'created' | 'in-progress'>;
  getExport(memberId: string, exportId: string): Promise<StoredExport | undefined>;
  listExports(memberId: string): Promise<StoredExport[]>;
  /** Adds the service to the export's parts; undefined when the export is gone. */
  recordExportPart(memberId: string, exportId: string, service: PersonalDataService): Promise<StoredExport | undefined>;
  /** Preparing -> Ready, once: false when another delivery made it ready first. */
  markExportReady(stored: StoredExport, ready: { readyAt: string; expiresAt: string; archiveKey: string; bytes: number }): Promise<boolean>;
  createErasure(request: { memberId: string; erasureId: string; email: string; requestedAt: string }, actor: AuditActor): Promise<{ created: boolean; erasure: StoredErasure }>;
  getErasure(memberId: string): Promise<StoredErasure | undefined>;
  recordErasedPart(memberId: string, service: PersonalDataService, datasets: readonly ErasedDataset[]): Promise<StoredErasure | undefined>;
  /** Erasing -> Erased, once. */
  markErased(erasure: StoredErasure, at: string, detail: string): Promise<boolean>;
  auditTrail(memberId: string, options: { cursor?: string; limit: number }): Promise<{ entries: AuditEntry[]; nextCursor?: string }>;
  /** Accounts' own part of an export. */
  collectOwn(memberId: string, email: string): Promise<PersonalDataset[]>;
  /** Accounts' own erasure (safe to run twice). */
  eraseOwn(memberId: string, email: string, erasedAt: string, removeMembership: (tenant: TenantRef, memberId: string) => Promise<RemoveOutcome>): Promise<ErasedDataset[]>;
  /** Whether the member asked for their account to be deleted (then nothing of theirs is served or stored again). */
  isErased(memberId: string): Promise<boolean>;
  /** The charity or workplace the member is the only administrator of, if any (its name). */
  soleAdministratorOf(memberId: string): Promise<string | undefined>;
}

/** The personal-data bucket as accounts uses it. */
export interface PersonalDataFiles {
  getPart(key: string): Promise<PersonalDataPart | undefined>;
  putArchive(key: string, bytes: Uint8Array): Promise<void>;
  getArchive(key: string): Promise<Uint8Array | undefined>;
  downloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

export interface UserDirectory {
  /** Deletes the sign-in (the user pool's user); a user already gone is fine. */
  deleteUser(username: string): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest archive the API answers itself (a Lambda answer is at most 6 MB, base64 adds a third); larger: a redirect. */
export const INLINE_ARCHIVE_BYTES = 4_000_000;

const actorOf = (caller: SignedInMember): AuditActor => ({
  id: caller.memberId,
  name: [caller.firstName, caller.lastName].filter(Boolean).join(' ') || caller.email || caller.memberId,
});

export function publicExport(stored: StoredExport, now: Date): DataExport {
  const expired = stored.status === 'Ready' && stored.expiresAt !== undefined && Date.parse(stored.expiresAt) <= now.getTime();
  return {
    id: stored.id,
    status: expired ? 'Expired' : stored.status,
    requestedAt: stored.requestedAt,
    ...(stored.readyAt ? { readyAt: stored.readyAt } : {}),
    ...(stored.expiresAt ? { expiresAt: stored.expiresAt } : {}),
    partsDone: stored.partsDone.length,
    partsTotal: PERSONAL_DATA_SERVICES.length,
    ...(stored.bytes !== undefined && !expired ? { bytes: stored.bytes } : {}),
  };
}

export function publicDeletion(stored: StoredErasure): AccountDeletion {
  return {
    id: stored.id,
    status: stored.status,
    requestedAt: stored.requestedAt,
    ...(stored.erasedAt ? { erasedAt: stored.erasedAt } : {}),
    partsDone: stored.partsDone.length,
    partsTotal: PERSONAL_DATA_SERVICES.length,
  };
}

const refuseErased = async (store: Pick<PersonalDataStore, 'isErased'>, memberId: string) => {
  if (await store.isErased(memberId)) throw new DomainError('Unauthorized', PRIVACY_MESSAGES.accountDeleted);
};

/** POST /accounts/me/data-exports: one at a time; the services are asked at once. */
export async function requestExport(
  deps: { store: PersonalDataStore; members: Pick<MemberDirectory, 'signIn'>; events: EventPublisher; clock: Clock; newId: () => string },
  caller: SignedInMember,
  profileFromToken: (caller: SignedInMember, now: Date) => Parameters<MemberDirectory['signIn']>[0],
): Promise<DataExport> {
  await refuseErased(deps.store, caller.memberId);
  const now = deps.clock.now();
  // A member who never opened My Account has no stored profile yet.
  await deps.members.signIn(profileFromToken(caller, now), caller.tokenIssuedAt);
  const exportId = deps.newId();
  const requestedAt = now.toISOString();
  if ((await deps.store.createExport({ memberId: caller.memberId, exportId, email: caller.email, requestedAt }, actorOf(caller))) === 'in-progress') {
    throw conflict(PRIVACY_MESSAGES.exportInProgress);
  }
  await deps.events.publish(PersonalDataExportRequested, { exportId, memberId: caller.memberId, email: caller.email, requestedAt }, { id: exportId });
  return publicExport({ id: exportId, memberId: caller.memberId, email: caller.email, status: 'Preparing', requestedAt, partsDone: [] }, now);
}

export async function listExports(deps: { store: PersonalDataStore; clock: Clock }, memberId: string): Promise<{ exports: DataExport[] }> {
  await refuseErased(deps.store, memberId);
  const now = deps.clock.now();
  return { exports: (await deps.store.listExports(memberId)).map((stored) => publicExport(stored, now)) };
}

export type ArchiveDownload = { kind: 'file'; fileName: string; bytes: Uint8Array } | { kind: 'redirect'; url: string };

/** GET /accounts/me/data-exports/{exportId}/download: the member's own, ready and not expired. */
export async function downloadExport(deps: { store: PersonalDataStore; files: PersonalDataFiles; clock: Clock }, memberId: string, exportId: string): Promise<ArchiveDownload> {
  await refuseErased(deps.store, memberId);
  const stored = await deps.store.getExport(memberId, exportId);
  if (!stored) throw notFound('The data export');
  const view = publicExport(stored, deps.clock.now());
  if (view.status === 'Preparing' || !stored.archiveKey) throw conflict(PRIVACY_MESSAGES.exportNotReady);
  if (view.status === 'Expired') throw new DomainError('NotFound', PRIVACY_MESSAGES.exportExpired);
  const fileName = archiveName(stored.requestedAt);
  if ((stored.bytes ?? 0) > INLINE_ARCHIVE_BYTES) return { kind: 'redirect', url: await deps.files.downloadUrl(stored.archiveKey, fileName, 300) };
  const bytes = await deps.files.getArchive(stored.archiveKey);
  if (!bytes) throw new DomainError('NotFound', PRIVACY_MESSAGES.exportExpired);
  return { kind: 'file', fileName, bytes };
}

/**
 * PersonalDataGathered: counts the part; the delivery that brings the last one builds the archive (the same bytes,
 * under the same key, however often it is built) and the one that marks it ready e-mails the member.
 */
export async function recordExportPart(
  deps: { store: PersonalDataStore; files: PersonalDataFiles; mailer: Mailer; templates: EmailTemplateStore; members: Pick<MemberDirectory, 'get'>; clock: Clock; siteUrl: string; log: Log },
  part: { exportId: string; memberId: string; service: PersonalDataService },
): Promise<'waiting' | 'ready' | 'already-ready' | 'gone'> {
  const stored = await deps.store.recordExportPart(part.memberId, part.exportId, part.service);
  if (!stored) return 'gone';
  if (stored.status === 'Ready') return 'already-ready';
  if (PERSONAL_DATA_SERVICES.some((service) => !stored.partsDone.includes(service))) return 'waiting';

  const parts: PersonalDataPart[] = [];
  for (const service of PERSONAL_DATA_SERVICES) {
    const found = await deps.files.getPart(partKey(stored.memberId, stored.id, service));
    if (!found) throw new Error(`export ${stored.id}: the ${service} part is counted but not stored`);
    parts.push(found);
  }
  const now = deps.clock.now();
  // Stamped with the request's time, not the build's: a redelivery rebuilds the same bytes under the same key.
  const bytes = buildArchive({ memberId: stored.memberId, email: stored.email, requestedAt: stored.requestedAt, createdAt: stored.requestedAt, parts });
  const key = archiveKey(stored.memberId, stored.id, stored.requestedAt);
  await deps.files.putArchive(key, bytes);
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS).toISOString();
  if (!(await deps.store.markExportReady(stored, { readyAt: now.toISOString(), expiresAt, archiveKey: key, bytes: bytes.byteLength }))) return 'already-ready';

  if (stored.email) {
    const member = await deps.members.get(stored.memberId).catch(() => undefined);
    const template = await emailTemplate(deps, 'data-export-ready');
    await deps.mailer.send(
      renderTemplate(template, stored.email, {
        firstName: member?.firstName || 'there',
        requestedOn: localDateText(stored.requestedAt, 'nz', 'long'),
        availableUntil: localDateText(expiresAt, 'nz', 'long'),
        downloadUrl: `${deps.siteUrl.replace(/\/+$/, '')}/admin/user/data`,
      }),
    );
  }
  return 'ready';
}

/**
 * POST /accounts/me/deletion: confirmed by typing the sign-in e-mail. Refused while the member is the only
 * administrator of a charity or workplace (it would be left with nobody to run it). Stored first, so a retry finds
 * it and only repeats the steps after; the member is e-mailed (the last mail to that address), their sign-in is
 * deleted at once, and every service is asked to erase.
 */
export async function requestDeletion(
  deps: {
    store: PersonalDataStore;
    members: Pick<MemberDirectory, 'signIn'>;
    events: EventPublisher;
    users: UserDirectory;
    mailer: Mailer;
    templates: EmailTemplateStore;
    clock: Clock;
    newId: () => string;
    log: Log;
  },
  caller: SignedInMember & { username: string },
  body: { email: string },
  profileFromToken: (caller: SignedInMember, now: Date) => Parameters<MemberDirectory['signIn']>[0],
): Promise<{ deletion: AccountDeletion; created: boolean }> {
  if (!caller.email || body.email !== caller.email.toLowerCase()) throw invalid([{ field: 'email', message: PRIVACY_MESSAGES.emailMismatch }]);
  const now = deps.clock.now();
  const existing = await deps.store.getErasure(caller.memberId);
  if (!existing) {
    const sole = await deps.store.soleAdministratorOf(caller.memberId);
    if (sole) throw conflict(PRIVACY_MESSAGES.lastAdministrator(sole));
    await deps.members.signIn(profileFromToken(caller, now), caller.tokenIssuedAt);
  }
  const { created, erasure } = existing
    ? { created: false, erasure: existing }
    : await deps.store.createErasure({ memberId: caller.memberId, erasureId: deps.newId(), email: caller.email.toLowerCase(), requestedAt: now.toISOString() }, actorOf(caller));
  if (created) {
    try {
      const template = await emailTemplate(deps, 'account-deleted');
      await deps.mailer.send(
        renderTemplate(template, caller.email, { firstName: caller.firstName || 'there', requestedOn: localDateText(erasure.requestedAt, 'nz', 'long'), email: caller.email }),
      );
    } catch (error) {
      // The deletion goes ahead: it was asked for, and the address is about to be erased anyway.
      deps.log.error('the account-deleted e-mail could not be sent', { error });
    }
  }
  if (erasure.status === 'Erasing') {
    await deps.users.deleteUser(caller.username);
    await deps.events.publish(
      MemberErasureRequested,
      { erasureId: erasure.id, memberId: caller.memberId, email: erasure.email ?? caller.email.toLowerCase(), requestedAt: erasure.requestedAt },
      { id: erasure.id },
    );
  }
  return { deletion: publicDeletion(erasure), created };
}

/** PersonalDataErased: records what the service did; the last one marks the account deleted. */
export async function recordErasedPart(
  deps: { store: PersonalDataStore; clock: Clock },
  part: { erasureId: string; memberId: string; service: PersonalDataService; datasets: readonly ErasedDataset[] },
): Promise<'waiting' | 'erased' | 'already-erased' | 'gone'> {
  const stored = await deps.store.recordErasedPart(part.memberId, part.service, part.datasets);
  if (!stored || stored.id !== part.erasureId) return 'gone';
  if (stored.status === 'Erased') return 'already-erased';
  if (PERSONAL_DATA_SERVICES.some((service) => !stored.partsDone.includes(service))) return 'waiting';
  const totals = Object.values(stored.results)
    .flat()
    .reduce((sum, d) => ({ erased: sum.erased + d.erased, anonymised: sum.anonymised + d.anonymised }), { erased: 0, anonymised: 0 });
  const detail = `${totals.erased} records erased, ${totals.anonymised} kept without their identity, across ${PERSONAL_DATA_SERVICES.length} parts of the platform`;
  return (await deps.store.markErased(stored, deps.clock.now().toISOString(), detail)) ? 'erased' : 'already-erased';
}

/** GET /accounts/backoffice/members/{memberId}/audit */
export const AUDIT_PAGE_SIZE = 50;
export async function auditTrail(deps: { store: PersonalDataStore }, memberId: string, cursor?: string) {
  return deps.store.auditTrail(memberId, { cursor, limit: AUDIT_PAGE_SIZE });
}
