import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { ENV } from '@giving/shared/manifest';
import { cognitoUserPoolGroups } from './cognito-groups';
import { dynamoBackOfficeStore } from './dynamo-back-office';
import { dynamoBadgeStore, dynamoEmailTemplateStore, dynamoSecurityStore } from './dynamo-back-office-content';
import { dynamoContentStore } from './dynamo-content-approval';
import { dynamoDonationActivityStore } from './dynamo-donation-activity';
import { dynamoSiteStore } from './dynamo-site';
import { accountsTable } from './index';

/**
 * The composition root for the site, ticker, back-office and content routes: each adapter is built once per
 * process, on first use, so a function only reads the environment its manifest entry gives it.
 */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const site = once(() => dynamoSiteStore(documentClient(), accountsTable()));
export const donationActivity = once(() => dynamoDonationActivityStore(documentClient(), accountsTable()));
export const backOffice = once(() => dynamoBackOfficeStore(documentClient(), accountsTable()));
export const content = once(() => dynamoContentStore(documentClient(), accountsTable()));
export const templates = once(() => dynamoEmailTemplateStore(documentClient(), accountsTable()));
export const badges = once(() => dynamoBadgeStore(documentClient(), accountsTable()));
export const security = once(() => dynamoSecurityStore(documentClient(), accountsTable()));
export const userPoolGroups = once(() => cognitoUserPoolGroups(new CognitoIdentityProviderClient({}), requireEnv(ENV.userPoolId)));
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const siteUrl = () => requireEnv(ENV.siteUrl);
