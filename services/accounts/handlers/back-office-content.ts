import {
  badgeIdParams,
  emailTemplateParams,
  newBadgeSchema,
  updateEmailTemplateSchema,
  updateSecuritySettingsSchema,
} from '@giving/shared/contracts/accounts';
import { systemClock } from '@giving/shared/clock';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { accountsRoute } from '../http';
import {
  createBadge as createBadgeUseCase,
  deleteBadge as deleteBadgeUseCase,
  getSecuritySettings,
  listBadges as listBadgesUseCase,
  listEmailTemplates as listEmailTemplatesUseCase,
  updateEmailTemplate as updateEmailTemplateUseCase,
  updateSecuritySettings,
} from '../domain/back-office-content';
import { badges, security, templates, userPoolGroups } from '../adapters/site';
import { callerId } from './caller-id';

/** GET /accounts/backoffice/email-templates — the e-mails the platform sends, as they will be sent. */
export const listEmailTemplates = accountsRoute({}, async () => ok(await listEmailTemplatesUseCase({ templates: templates() })));

/** PUT /accounts/backoffice/email-templates/{templateName} — edits a template's subject and body (known placeholders only). */
export const updateEmailTemplate = accountsRoute({ params: emailTemplateParams, body: updateEmailTemplateSchema }, async ({ params, body, caller }) =>
  ok(await updateEmailTemplateUseCase({ templates: templates(), clock: systemClock }, params.templateName, body, callerId(caller))),
);

/** GET /accounts/backoffice/badges — badge definitions by donation count. */
export const listBadges = accountsRoute({}, async () => ok(await listBadgesUseCase({ badges: badges() })));

/** POST /accounts/backoffice/badges — defines a badge awarded at a number of completed donations. */
export const createBadge = accountsRoute({ body: newBadgeSchema }, async ({ body }) =>
  created(await createBadgeUseCase({ badges: badges(), clock: systemClock }, body)),
);

/** DELETE /accounts/backoffice/badges/{badgeId} — retires a definition; awarded badges stay. */
export const deleteBadge = accountsRoute({ params: badgeIdParams }, async ({ params }) => {
  await deleteBadgeUseCase({ badges: badges() }, params.badgeId);
  return noContent();
});

/** GET /accounts/backoffice/security — MFA for administrators and the admin session length. */
export const getSecurity = accountsRoute({}, async () => ok(await getSecuritySettings({ security: security() })));

/** PUT /accounts/backoffice/security — changes the security settings. */
export const updateSecurity = accountsRoute({ body: updateSecuritySettingsSchema }, async ({ body, caller }) =>
  ok(await updateSecuritySettings({ security: security(), clock: systemClock, userPool: userPoolGroups() }, body, callerId(caller))),
);
