import * as z from 'zod/mini';
import { MESSAGES } from './messages';

/**
 * A member's own data (issue 17 item 7), in My Account's "Your data", and the back office's audit trail.
 *
 * Member:      POST /accounts/me/data-exports                        202 {export}: gathering starts (one at a time)
 *              GET  /accounts/me/data-exports                        200 {exports}: newest first
 *              GET  /accounts/me/data-exports/{exportId}/download    302 to a 5-minute signed address of the .zip
 *              POST /accounts/me/deletion  {email}                   202 {deletion}: the account is deleted
 * Back office: GET  /accounts/backoffice/members/{memberId}/audit    200 {entries, nextCursor?} (BackOffice_ViewMembers)
 */
export const DATA_EXPORT_STATUSES = ['Preparing', 'Ready', 'Expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
/** Days a ready export can be downloaded (the bucket deletes it after 30). */
export const DATA_EXPORT_DAYS = 7;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.optional(z.string()),
  /** Until when the download is offered (readyAt + 7 days). */
  expiresAt: z.optional(z.string()),
  /** How many of the platform's parts have sent their data, of how many. */
  partsDone: z.number(),
  partsTotal: z.number(),
  /** The archive's size in bytes, once ready. */
  bytes: z.optional(z.number()),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportAnswerSchema = z.object({ export: dataExportSchema });
export const dataExportListSchema = z.object({ exports: z.array(dataExportSchema) });

const CONFIRM_EMAIL = 'Type the e-mail address you sign in with to confirm.';
/** "Delete my account": the member types their sign-in e-mail to confirm (compared ignoring case). */
export const accountDeletionRequestSchema = z.object({
  email: z.string({ error: CONFIRM_EMAIL }).check(z.trim(), z.toLowerCase(), z.minLength(1, CONFIRM_EMAIL), z.maxLength(254, MESSAGES.tooLong(254))),
});

export const ACCOUNT_DELETION_STATUSES = ['Erasing', 'Erased'] as const;
export const accountDeletionSchema = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_DELETION_STATUSES),
  requestedAt: z.string(),
  erasedAt: z.optional(z.string()),
  partsDone: z.number(),
  partsTotal: z.number(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
export const accountDeletionAnswerSchema = z.object({ deletion: accountDeletionSchema });

export const PRIVACY_MESSAGES = {
  confirmEmail: CONFIRM_EMAIL,
  emailMismatch: 'This is not the e-mail address you sign in with.',
  exportInProgress: 'Your data is already being gathered. We will e-mail you when it is ready.',
  exportNotReady: 'This download is not ready yet. We will e-mail you when it is.',
  exportExpired: 'This download has expired. Ask for your data again.',
  /** {tenant}: the charity or workplace the member is the only administrator of. */
  lastAdministrator: (tenant: string) => `You are the only administrator of ${tenant}. Make someone else an administrator there before you delete your account.`,
  accountDeleted: 'This account has been deleted.',
} as const;

/** What an audit entry records: a change to a member's records, who made it and when. */
export const AUDIT_ACTIONS = [
  'MemberJoined',
  'ProfileChanged',
  'AdministratorGranted',
  'AdministratorRevoked',
  'CharityRoleChanged',
  'CharityMemberRemoved',
  'WorkplaceRoleChanged',
  'WorkplaceMemberRemoved',
  'InvitationAccepted',
  'EmploymentRecordChanged',
  'DataExportRequested',
  'DataExportReady',
  'AccountDeletionRequested',
  'AccountDataErased',
  'AccountDeleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditChangeSchema = z.object({ field: z.string(), from: z.optional(z.string()), to: z.optional(z.string()) });
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  memberId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who made the change: a member (their id and name as it was then), or the platform itself (no id). */
  actor: z.object({ id: z.optional(z.string()), name: z.string() }),
  /** What changed, field by field, where the action changes fields. */
  changes: z.array(auditChangeSchema),
  /** One line more: the charity or workplace, the part of the platform that erased data. */
  detail: z.optional(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditTrailSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.optional(z.string()) });

