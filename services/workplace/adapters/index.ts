import { randomBytes } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { systemClock } from '@giving/shared/clock';
import { dynamoCharityCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { eventBridgeBatchPublisher } from '@giving/shared/lambda/publisher';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { s3Client } from '@giving/shared/s3-media';
import type { MailDeps, WorkplaceDeps } from '../domain/ports';
import {
  dynamoBatchStore,
  dynamoEligibilityStore,
  dynamoExternalDonationStore,
  dynamoEmployeeStore,
  dynamoFileStructureStore,
  dynamoGivingStore,
  dynamoPayCycleStore,
  dynamoPledgeStore,
  dynamoVolunteeringStore,
  dynamoBadgeStore,
  dynamoCharityCodeStore,
  dynamoWorkplaceProfileStore,
} from './dynamo-workplace';
import { dynamoMemberRecords } from './dynamo-member-records';
import { s3PayrollFileStore } from './s3-payroll-files';

/** The workplace service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const tableName = () => requireEnv(ENV.tableName('workplace'));

export const payCycles = once(() => dynamoPayCycleStore(documentClient(), tableName()));
export const structures = once(() => dynamoFileStructureStore(documentClient(), tableName()));
export const pledges = once(() => dynamoPledgeStore(documentClient(), tableName()));
export const employees = once(() => dynamoEmployeeStore(documentClient(), tableName()));
export const batches = once(() => dynamoBatchStore(documentClient(), tableName()));
export const workplaces = once(() => dynamoWorkplaceProfileStore(documentClient(), tableName()));
export const eligibility = once(() => dynamoEligibilityStore(documentClient(), tableName()));
export const giving = once(() => dynamoGivingStore(documentClient(), tableName()));
export const volunteering = once(() => dynamoVolunteeringStore(documentClient(), tableName()));
export const badges = once(() => dynamoBadgeStore(documentClient(), tableName()));
export const charityCodes = once(() => dynamoCharityCodeStore(documentClient(), tableName()));
export const externalDonations = once(() => dynamoExternalDonationStore(documentClient(), tableName()));
export const charities = once(() => dynamoCharityCopy(documentClient(), tableName()));
export const roles = once(() => dynamoTenantRoleCopy(documentClient(), tableName()));
export const memberRecords = once(() => dynamoMemberRecords(documentClient(), tableName()));
/** Only functions whose access has payrollFiles have the bucket's name; the others never build this. */
const files = once(() => s3PayrollFileStore(s3Client(), requireEnv(ENV.payrollFilesBucket)));
const events = once(() => eventBridgeBatchPublisher());
const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));

export const deps = (): WorkplaceDeps => ({
  payCycles: payCycles(),
  structures: structures(),
  pledges: pledges(),
  employees: employees(),
  batches: batches(),
  workplaces: workplaces(),
  eligibility: eligibility(),
  giving: giving(),
  volunteering: volunteering(),
  badges: badges(),
  charityCodes: charityCodes(),
  externalDonations: externalDonations(),
  charities: charities(),
  roles: roles(),
  get files() {
    return files();
  },
  get events() {
    return events();
  },
  clock: systemClock,
  newId: () => newId(),
  randomToken: () => randomBytes(32).toString('base64url'),
});

/** The finance e-mail's settings, for the functions whose manifest entry declares sendsMail. */
export const mail = (): MailDeps => {
  const siteUrl = requireEnv(ENV.siteUrl).replace(/\/$/, '');
  return { mailer: mailer(), siteUrl, apiUrl: `${siteUrl}${API_PREFIX}` };
};
