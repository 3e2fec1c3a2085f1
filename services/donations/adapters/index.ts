import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import { httpCardGateway } from './card-gateway-http';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoGiftCatalog } from './dynamo-gifts';
import { dynamoPaymentRepository } from './dynamo-payments';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { stepFunctionsPaymentWorkflow } from './sfn-payment-workflow';

/** The donations service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const tableName = () => requireEnv(ENV.tableName('donations'));

export const payments = once(() => dynamoPaymentRepository(documentClient(), tableName()));
export const gifts = once(() => dynamoGiftCatalog(documentClient(), tableName()));
export const charities = once(() => dynamoCharityDirectory(documentClient(), tableName()));
export const cardGateway = once(() =>
  httpCardGateway({
    baseUrl: requireEnv(ENV.cardGatewayUrl),
    apiKey: requireEnv(ENV.cardGatewayApiKey),
    timeoutMs: Number(process.env[ENV.cardGatewayTimeoutMs] ?? 8000),
  }),
);
export const paymentWorkflow = once(() =>
  stepFunctionsPaymentWorkflow(new SFNClient({}), requireEnv(ENV.workflowArn('donations', 'payment'))),
);
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const siteUrl = () => requireEnv(ENV.siteUrl);
