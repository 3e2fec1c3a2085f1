import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityProfile, Workplace } from '@giving/shared/contracts/accounts';
import { newId } from '@giving/shared/ids';
import type { Mailer, OutgoingMail } from '@giving/shared/mail';
import type { SignedInMember, TenantDirectory } from '../domain/people';
import { dynamoEmailTemplateStore } from './dynamo-back-office-content';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoCharitySettingsStore } from './dynamo-charity-settings';
import { dynamoInvitationStore } from './dynamo-invitations';
import { dynamoMemberDirectory } from './dynamo-members';
import { dynamoMembershipStore } from './dynamo-memberships';
import { dynamoWorkplaceStore } from './dynamo-workplaces';

/** Test wiring and data for the people-and-tenants tests (DynamoDB itself is always real: DynamoDB Local). */
export function peopleStores(client: DynamoDBDocumentClient, tableName: string) {
  const charities = dynamoCharityDirectory(client, tableName);
  const workplaces = dynamoWorkplaceStore(client, tableName);
  const tenants: TenantDirectory = { charity: (id) => charities.getById(id), workplace: (id) => workplaces.get(id) };
  return {
    client,
    tableName,
    charities,
    workplaces,
    tenants,
    members: dynamoMemberDirectory(client, tableName),
    memberships: dynamoMembershipStore(client, tableName),
    invitations: dynamoInvitationStore(client, tableName),
    settings: dynamoCharitySettingsStore(client, tableName),
    templates: dynamoEmailTemplateStore(client, tableName),
  };
}
export type PeopleStores = ReturnType<typeof peopleStores>;

export const aCaller = (overrides: Partial<SignedInMember> = {}): SignedInMember => {
  // Member ids are Cognito subs (UUIDs), as the user pool makes them.
  const id = randomUUID();
  return { memberId: id, email: `person-${id}@example.org`, firstName: 'Aroha', lastName: 'Ngata', adminRoles: [], ...overrides };
};

export async function aCharity(stores: PeopleStores, overrides: Partial<CharityProfile> = {}): Promise<CharityProfile> {
  const id = newId();
  const charity: CharityProfile = {
    id,
    name: `Kiwi Coast Rescue ${id.slice(-6)}`,
    charityUrl: `kiwi-coast-rescue-${id.toLowerCase()}`,
    country: 'nz',
    logoImageUrl: '/media/kiwi.svg',
    description: 'We protect wild kiwi.',
    causes: ['Conservation'],
    ...overrides,
  };
  await stores.charities.put(charity);
  return charity;
}

export async function aWorkplace(stores: PeopleStores, overrides: Partial<Omit<Workplace, 'memberCount'>> = {}): Promise<Workplace> {
  const workplace = {
    id: newId(),
    name: 'Tasman Engineering',
    country: 'nz' as const,
    businessUnits: [
      { id: newId(), name: 'Auckland' },
      { id: newId(), name: 'Wellington' },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  await stores.workplaces.create(workplace);
  return { ...workplace, memberCount: 0 };
}

/** Stores the caller as a member (as their first sign-in would) and returns the profile. */
export const aMember = (stores: PeopleStores, caller: SignedInMember = aCaller()) =>
  stores.members.signIn({
    id: caller.memberId,
    email: caller.email,
    firstName: caller.firstName,
    lastName: caller.lastName,
    adminRoles: caller.adminRoles,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

/** A mailer that keeps what it was asked to send, or fails every send. */
export function recordingMailer(options: { fail?: boolean } = {}): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (options.fail) throw new Error('SES is unavailable');
      sent.push(mail);
    },
  };
}

export const silentLog = { error: () => undefined };
