import type { AuditEntry } from '@giving/shared/contracts/personal-data';
import { newId } from '@giving/shared/ids';

/**
 * The audit trail of a member's records (issue 17 item 7): MEMBER#<id> / AUDIT#<at>#<entryId>, one item per change,
 * written in the same transaction as the change it records wherever the change is a transaction. Entries outlive the
 * member's erasure (they name the member by id only; actors by the name they had then).
 */
export const auditKey = (memberId: string, at: string, entryId: string) => ({ pk: `MEMBER#${memberId}`, sk: `AUDIT#${at}#${entryId}` });
export const AUDIT_SK_PREFIX = 'AUDIT#';

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'changes'> & { id?: string; changes?: AuditEntry['changes'] };

/** The item for one entry; `id` defaults to a new ULID. */
export function auditItem(entry: NewAuditEntry): Record<string, unknown> {
  const id = entry.id ?? newId();
  return { ...auditKey(entry.memberId, entry.at, id), ...entry, id, changes: entry.changes ?? [] };
}

/** A Put for a transaction: never overwrites an entry (a retried write with the same id leaves the first). */
export function auditPut(tableName: string, entry: NewAuditEntry) {
  return { Put: { TableName: tableName, Item: auditItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } } as const;
}
