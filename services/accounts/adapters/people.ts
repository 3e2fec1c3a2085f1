import { SESv2Client } from '@aws-sdk/client-sesv2';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { ENV } from '@giving/shared/manifest';
import { DomainError } from '@giving/shared/errors';
import type { Caller } from '@giving/shared/lambda/http';
import type { SignedInMember, TenantDirectory } from '../domain/people';
import { dynamoEmailTemplateStore } from './dynamo-back-office-content';
import { dynamoCharitySettingsStore } from './dynamo-charity-settings';
import { dynamoInvitationStore } from './dynamo-invitations';
import { dynamoMemberDirectory } from './dynamo-members';
import { dynamoMembershipStore } from './dynamo-memberships';
import { dynamoWorkplaceStore } from './dynamo-workplaces';
import { accountsTable, charities } from './index';

/** The people-and-tenants routes' adapters, each built once per process on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const members = once(() => dynamoMemberDirectory(documentClient(), accountsTable()));
export const memberships = once(() => dynamoMembershipStore(documentClient(), accountsTable()));
export const invitations = once(() => dynamoInvitationStore(documentClient(), accountsTable()));
export const workplaces = once(() => dynamoWorkplaceStore(documentClient(), accountsTable()));
export const charitySettings = once(() => dynamoCharitySettingsStore(documentClient(), accountsTable()));
export const mailTemplates = once(() => dynamoEmailTemplateStore(documentClient(), accountsTable()));
export const tenants = once(
  (): TenantDirectory => ({
    charity: (charityId) => charities().getById(charityId),
    workplace: (workplaceId) => workplaces().get(workplaceId),
  }),
);
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const siteUrl = () => requireEnv(ENV.siteUrl);

/** The domain's view of the verified token (the routes using it are all signed-in, so the guard ensured a caller). */
export function signedInMember(caller: Caller | undefined): SignedInMember {
  if (!caller) throw new DomainError('Unauthorized');
  return {
    memberId: caller.userId,
    email: (caller.email ?? caller.claims.email ?? '').trim().toLowerCase(),
    firstName: (caller.claims.given_name ?? '').trim(),
    lastName: (caller.claims.family_name ?? '').trim(),
    adminRoles: [...caller.groups],
    ...(Number.isFinite(Number(caller.claims.iat)) ? { tokenIssuedAt: Number(caller.claims.iat) } : {}),
  };
}
