import type { Badge, EmailTemplate, NewBadge, SecuritySettings } from '@giving/shared/contracts/accounts';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import type { UserPoolGroups } from './back-office';
import { invalid, notFound, type FieldError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_IDS, type EmailTemplateId } from './email-templates';

/** A template as the back office saved it (name, description and placeholders always come from the code). */
export interface StoredEmailTemplate {
  id: EmailTemplateId;
  subject: string;
  body: string;
  updatedAt: string;
  updatedBy?: string;
}

export interface EmailTemplateStore {
  list(): Promise<StoredEmailTemplate[]>;
  get(id: EmailTemplateId): Promise<StoredEmailTemplate | undefined>;
  put(template: StoredEmailTemplate): Promise<void>;
}

export interface BadgeStore {
  /** By donation count, lowest first. */
  list(): Promise<Badge[]>;
  create(badge: Badge, createdAt: string): Promise<void>;
  /** Idempotent; members keep badges already awarded. */
  delete(badgeId: string): Promise<void>;
}

export interface SecurityStore {
  get(): Promise<SecuritySettings | undefined>;
  put(settings: SecuritySettings & { updatedBy: string }): Promise<void>;
}

type Clock = { now(): Date };

export const DEFAULT_SECURITY: SecuritySettings = { requireMfaForAdministrators: false, adminSessionMinutes: 60 };

export const isEmailTemplateId = (id: string): id is EmailTemplateId => (EMAIL_TEMPLATE_IDS as readonly string[]).includes(id);

const merge = (id: EmailTemplateId, stored: StoredEmailTemplate | undefined): EmailTemplate => ({
  ...DEFAULT_EMAIL_TEMPLATES[id],
  ...(stored ? { subject: stored.subject, body: stored.body } : {}),
  // A template nobody has saved (not even the seed) has never been updated.
  updatedAt: stored?.updatedAt ?? '',
});

/** The templates the platform sends: what the back office saved, over the defaults. */
export async function listEmailTemplates(deps: { templates: EmailTemplateStore }): Promise<{ items: EmailTemplate[] }> {
  const stored = new Map((await deps.templates.list()).map((t) => [t.id, t]));
  return { items: EMAIL_TEMPLATE_IDS.map((id) => merge(id, stored.get(id))) };
}

/** The template to send now: the saved one, else the default. */
export async function emailTemplate(deps: { templates: EmailTemplateStore }, id: EmailTemplateId): Promise<EmailTemplate> {
  return merge(id, await deps.templates.get(id));
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** Every {{...}} in the text must be one of the template's placeholders, written exactly (renderTemplate leaves others as typed). */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string).filter((name) => !allowed.includes(name));
}

/** Saves a template's subject and body; both may only use the template's placeholders. */
export async function updateEmailTemplate(
  deps: { templates: EmailTemplateStore; clock: Clock },
  templateId: string,
  change: { subject: string; body: string },
  by: string,
): Promise<EmailTemplate> {
  if (!isEmailTemplateId(templateId)) throw notFound('E-mail template');
  const { placeholders } = DEFAULT_EMAIL_TEMPLATES[templateId];
  const errors: FieldError[] = [];
  for (const field of ['subject', 'body'] as const) {
    const [unknown] = unknownPlaceholders(change[field], placeholders);
    if (unknown !== undefined) errors.push({ field: `body.${field}`, message: `Unknown placeholder {{${unknown}}}.` });
  }
  if (errors.length > 0) throw invalid(errors);
  const stored: StoredEmailTemplate = { id: templateId, subject: change.subject, body: change.body, updatedAt: deps.clock.now().toISOString(), updatedBy: by };
  await deps.templates.put(stored);
  return merge(templateId, stored);
}

export async function listBadges(deps: { badges: BadgeStore }): Promise<{ items: Badge[] }> {
  return { items: await deps.badges.list() };
}

/** Defines a badge; members reaching its donation count earn it with their next completed donation. */
export async function createBadge(deps: { badges: BadgeStore; clock: Clock }, input: NewBadge): Promise<Badge> {
  const now = deps.clock.now();
  const badge: Badge = { id: newId(now.getTime()), ...input };
  await deps.badges.create(badge, now.toISOString());
  return badge;
}

/** Retires a badge definition; badges already awarded stay with their members. */
export async function deleteBadge(deps: { badges: BadgeStore }, badgeId: string): Promise<void> {
  await deps.badges.delete(badgeId);
}

export async function getSecuritySettings(deps: { security: SecurityStore }): Promise<SecuritySettings> {
  return (await deps.security.get()) ?? DEFAULT_SECURITY;
}

/**
 * Changes the security settings and applies 'require MFA for administrators' to the user pool: every administrator
 * then needs a second factor (an e-mailed code) at sign-in, or has the choice back. Stored first and applied to all
 * each time, so saving again after a failure finishes the job.
 */
export async function updateSecuritySettings(
  deps: { security: SecurityStore; clock: Clock; userPool: Pick<UserPoolGroups, 'usersIn' | 'requireMfa'> },
  input: Omit<SecuritySettings, 'updatedAt'>,
  by: string,
): Promise<SecuritySettings> {
  const settings: SecuritySettings = {
    requireMfaForAdministrators: input.requireMfaForAdministrators,
    adminSessionMinutes: input.adminSessionMinutes,
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.security.put({ ...settings, updatedBy: by });
  for (const username of await deps.userPool.usersIn(ADMINISTRATOR)) await deps.userPool.requireMfa(username, settings.requireMfaForAdministrators);
  return settings;
}
