import type { AuditActor } from './personal-data';
import type { EventData, EventPublisher } from '@giving/shared/events';
import { WorkplaceProfilePublished } from '@giving/shared/events/accounts';
import type { EmployeeRecordsImported } from '@giving/shared/events/workplace';
import { profileVersion } from './charity-events';

/**
 * A workplace's stored state, told to other services (WorkplaceProfilePublished): its name, country and business
 * units. Only WORKPLACE#<id> / PROFILE items; the version is the stream's sequence number.
 */
export async function publishWorkplaceProfile(
  events: EventPublisher,
  record: { keys: Record<string, unknown>; newImage?: { name?: unknown; country?: unknown; businessUnits?: unknown }; sequenceNumber: string },
  publishedAt: string,
): Promise<'published' | 'ignored'> {
  const [pk, sk] = [String(record.keys.pk ?? ''), String(record.keys.sk ?? '')];
  const id = pk.startsWith('WORKPLACE#') && sk === 'PROFILE' ? pk.slice('WORKPLACE#'.length) : '';
  const image = record.newImage;
  if (!id || !image || (image.country !== 'nz' && image.country !== 'au')) return 'ignored';
  const units = Array.isArray(image.businessUnits) ? image.businessUnits : [];
  const businessUnits = units.flatMap((unit: { id?: unknown; name?: unknown }) => (typeof unit?.id === 'string' && typeof unit.name === 'string' ? [{ id: unit.id, name: unit.name }] : []));
  await events.publish(
    WorkplaceProfilePublished,
    { id, name: typeof image.name === 'string' ? image.name : '', country: image.country, businessUnits, version: profileVersion(record.sequenceNumber), publishedAt },
    { correlationId: id },
  );
  return 'published';
}

/** How a change from a file is recorded in the member's audit trail: one entry per file and member, whoever delivers it. */
export interface EmploymentAudit {
  at: string;
  entryId: string;
  actor: AuditActor;
  detail: string;
}

/** Where an employee's record is written: the member (by e-mail) and their membership of the workplace. */
export interface EmploymentRecords {
  memberIdByEmail(email: string): Promise<string | undefined>;
  /**
   * Sets the membership's employment fields and, where any changes, records what changed in the member's audit trail
   * in the same write; 'not-member' when the member does not belong to the workplace.
   */
  setEmployment(workplaceId: string, memberId: string, record: EventData<typeof EmployeeRecordsImported>['employees'][number], audit: EmploymentAudit): Promise<'updated' | 'not-member'>;
}

/**
 * HR's accepted eligibility file (EmployeeRecordsImported): each row's employee, found by e-mail among the workplace's
 * members, gets the row's employee number, employment type, business unit and dates (spec 1 §1: permanent employees
 * may have their donations matched). Rows for people who are not members yet change nothing. Setting the same values
 * again is harmless, and the audit entry's key is the file's and the member's, so a repeated delivery records nothing
 * twice.
 */
export async function applyEmployeeRecords(deps: { records: EmploymentRecords }, imported: EventData<typeof EmployeeRecordsImported>): Promise<{ updated: number; notMembers: number }> {
  let updated = 0;
  let notMembers = 0;
  for (const employee of imported.employees) {
    const memberId = await deps.records.memberIdByEmail(employee.email);
    const outcome = memberId
      ? await deps.records.setEmployment(imported.workplaceId, memberId, employee, {
          at: imported.importedAt,
          entryId: `${imported.fileId}-${memberId}`,
          actor: { name: imported.uploadedBy || `${imported.workplaceName || 'Workplace'} HR` },
          detail: `${imported.workplaceName || 'Workplace'}: eligibility file${imported.fileName ? ` ${imported.fileName}` : ''}`,
        })
      : 'not-member';
    if (outcome === 'updated') updated += 1;
    else notMembers += 1;
  }
  return { updated, notMembers };
}
