import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { secret } from '@giving/shared/lambda/secrets';
import { paymentGatewaySettingsSchema, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { eventBridgeBatchPublisher, eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { ENV } from '@giving/shared/manifest';
import { httpCardGateway } from './card-gateway-http';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoFundraisingPageDirectory } from './dynamo-fundraising-pages';
import { dynamoGiftCatalog } from './dynamo-gifts';
import { dynamoGivingStats } from './dynamo-giving-stats';
import { dynamoCharityLedger } from './dynamo-charity-ledger';
import { dynamoDonationReport } from './dynamo-donation-report';
import { dynamoTenantRoleDirectory } from './dynamo-tenant-roles';
import { s3Client, s3MediaStore } from '@giving/shared/s3-media';
import { dynamoMembershipDirectory } from './dynamo-memberships';
import { dynamoPaymentRepository } from './dynamo-payments';
import { dynamoDonationHistory, dynamoRecurringDonations, dynamoSavedCards } from './dynamo-member-giving';
import { dynamoPayrollPledgeRepository } from './dynamo-payroll-pledges';
import { dynamoReceiptStore } from './dynamo-receipts';
import { dynamoDonationMatches } from './dynamo-donation-matches';
import { dynamoRateLimiter, dynamoVoucherRepository } from './dynamo-vouchers';
import { VOUCHER_LOOKUP_WINDOW_SECONDS, VOUCHER_LOOKUPS_PER_WINDOW, voucherCodeBook, type VoucherCodeBook } from '../domain/vouchers';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { stepFunctionsPaymentWorkflow, stepFunctionsRefundWorkflow } from './sfn-payment-workflow';
import { dynamoRefundBook } from './dynamo-refunds';
import { dynamoMembershipStore } from './dynamo-charity-memberships';
import { stepFunctionsPaymentHistory } from './sfn-payment-history';
import { dynamoPaymentSearch } from './dynamo-payment-search';
import { systemClock } from '@giving/shared/clock';
import { recentGifts } from '../domain/recent-gifts';
import { recentBlocks } from '../domain/card-testing';
import type { CardGateway } from '../domain/ports';
import { dynamoCardTestingLedger } from './dynamo-card-testing';
import { dynamoMemberRecords } from './dynamo-personal-data';
import { dynamoMemberExportStore } from './dynamo-member-exports';
import { s3MemberExportFiles } from './s3-member-export-files';

/** The donations service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const tableName = () => requireEnv(ENV.tableName('donations'));

export const payments = once(() => dynamoPaymentRepository(documentClient(), tableName()));
export const donationMatches = once(() => dynamoDonationMatches(documentClient(), tableName()));
export const gifts = once(() => dynamoGiftCatalog(documentClient(), tableName()));
/** GiftPublished: one at a time from the table's stream, many at once when ReIndexCharityGifts re-emits every gift. */
export const events = once(() => eventBridgePublisher());
export const batchEvents = once(() => eventBridgeBatchPublisher());
/** The payment API's gift prices: each gift read at most once a minute per container (domain/recent-gifts.ts). */
export const recentGiftCatalog = once(() => recentGifts(gifts(), systemClock));
export const cardTestingLedger = once(() => dynamoCardTestingLedger(documentClient(), tableName()));
/** The payment API's card-testing check: blocks read at most once a second per container (domain/card-testing.ts). */
export const cardTesting = once(() => ({
  blocks: recentBlocks(cardTestingLedger(), systemClock),
  // The gateway is asked only while some card is blocked: built then, not on every cold start.
  gateway: { cardFingerprint: (request: Parameters<CardGateway['cardFingerprint']>[0]) => cardGateway().cardFingerprint(request) },
  clock: systemClock,
}));
/** ENV.cardTestingLimitScale: a positive whole number, 1 when unset (AWS). */
export const cardTestingLimitScale = once((): number => {
  const text = process.env[ENV.cardTestingLimitScale];
  if (text === undefined || text === '') return 1;
  const scale = Number(text);
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`${ENV.cardTestingLimitScale} must be a whole number of 1 or more, got ${text}`);
  return scale;
});
export const charities = once(() => dynamoCharityDirectory(documentClient(), tableName()));
export const fundraisingPages = once(() => dynamoFundraisingPageDirectory(documentClient(), tableName()));
export const memberships = once(() => dynamoMembershipDirectory(documentClient(), tableName()));
export const payrollPledges = once(() => dynamoPayrollPledgeRepository(documentClient(), tableName()));
/** One client, both merchant accounts: each call names the account whose secret key it is made with. */
export const cardGateway = once(() =>
  httpCardGateway({
    baseUrl: requireEnv(ENV.cardGatewayUrl),
    // Read at each call from the secrets the wrapper loaded (Secrets Manager, cached per container), so a rotated key is used.
    apiKeys: { Platform: () => secret('CARD_GATEWAY_API_KEY'), Trust: () => secret('CARD_GATEWAY_TRUST_API_KEY') },
    timeoutMs: Number(process.env[ENV.cardGatewayTimeoutMs] ?? 8000),
  }),
);
/** The merchant accounts' client keys and each country's transaction fees; a malformed setting fails at first use, naming itself. */
export const gatewaySettings = once((): PaymentGatewaySettings => {
  const text = requireEnv(ENV.paymentGatewaySettings);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${ENV.paymentGatewaySettings} is not JSON: ${(error as Error).message}`);
  }
  const parsed = paymentGatewaySettingsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${ENV.paymentGatewaySettings} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
});
export const paymentWorkflow = once(() =>
  stepFunctionsPaymentWorkflow(new SFNClient({}), requireEnv(ENV.workflowArn('donations', 'payment'))),
);
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const siteUrl = () => requireEnv(ENV.siteUrl);
export const tenantRoles = once(() => dynamoTenantRoleDirectory(documentClient(), tableName()));
export const donationReport = once(() => dynamoDonationReport(documentClient(), tableName()));
export const charityLedger = once(() => dynamoCharityLedger(documentClient(), tableName()));
export const givingStats = once(() => dynamoGivingStats(documentClient(), tableName()));
export const media = once(() => s3MediaStore(s3Client(), requireEnv(ENV.mediaBucket), requireEnv(ENV.mediaBaseUrl)));
export const savedCards = once(() => dynamoSavedCards(documentClient(), tableName()));
export const recurringDonations = once(() => dynamoRecurringDonations(documentClient(), tableName()));
export const donationHistory = once(() => dynamoDonationHistory(documentClient(), tableName()));
export const receipts = once(() => dynamoReceiptStore(documentClient(), tableName()));
export const vouchers = once(() => dynamoVoucherRepository(documentClient(), tableName()));
/** Reads the key on first use (a payment route only needs it for a gift voucher payment), from the loaded secrets. */
export const voucherCodes = once((): VoucherCodeBook => {
  let book: { key: string; book: VoucherCodeBook } | undefined;
  const keyed = () => {
    const key = secret('VOUCHER_CODE_KEY');
    if (book?.key !== key) book = { key, book: voucherCodeBook(key) };
    return book.book;
  };
  return { codeFor: (voucherId, variant) => keyed().codeFor(voucherId, variant), hash: (code) => keyed().hash(code) };
});
export const voucherLookupLimiter = once(() =>
  dynamoRateLimiter(documentClient(), tableName(), { limit: VOUCHER_LOOKUPS_PER_WINDOW, windowSeconds: VOUCHER_LOOKUP_WINDOW_SECONDS }),
);
export const paymentSearch = once(() => dynamoPaymentSearch(documentClient(), tableName(), payments()));
export const paymentHistory = once(() => stepFunctionsPaymentHistory(new SFNClient({}), requireEnv(ENV.workflowArn('donations', 'payment'))));
export const refunds = once(() => dynamoRefundBook(documentClient(), tableName()));
export const refundWorkflow = once(() => stepFunctionsRefundWorkflow(new SFNClient({}), requireEnv(ENV.workflowArn('donations', 'refund'))));
export const refundHistory = once(() => stepFunctionsPaymentHistory(new SFNClient({}), requireEnv(ENV.workflowArn('donations', 'refund')), 'Refund workflow'));
export const charityMemberships = once(() => dynamoMembershipStore(documentClient(), tableName()));
export const memberRecords = once(() => dynamoMemberRecords(documentClient(), tableName()));
export const memberExports = once(() => dynamoMemberExportStore(documentClient(), tableName()));
/** Members files, in the personal-data bucket (functions whose access has personalData). */
export const memberExportFiles = once(() => s3MemberExportFiles(s3Client(), requireEnv(ENV.personalDataBucket)));
