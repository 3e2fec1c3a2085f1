import { rmSync } from 'node:fs';
import { AdminGetUserCommand, AdminListGroupsForUserCommand, InitiateAuthCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { createUsers, startCognito, type RunningCognito } from '../../../tools/local/src/cognito';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { freePort } from '../../../tools/local/src/testing/global-setup';
import accounts from '../service';
import { CANNOT_REVOKE_SELF, grantAdministrator, revokeAdministrator } from '../domain/back-office';
import { DEFAULT_SECURITY, getSecuritySettings, updateSecuritySettings } from '../domain/back-office-content';
import { fixedClock } from '@giving/shared/clock';
import { cognitoUserPoolGroups } from './cognito-groups';
import { dynamoBackOfficeStore } from './dynamo-back-office';
import { dynamoSecurityStore } from './dynamo-back-office-content';
import { indexKeys, keys } from './keys';

const stateDir = `.local/test-cognito-${newId().toLowerCase()}`;
let cognito: RunningCognito;
let client: DynamoDBDocumentClient;
let tableName: string;
let deps: Parameters<typeof grantAdministrator>[0];
const members = new Map<string, string>();

const PEOPLE = [
  { email: 'alex.morgan@koha.test', givenName: 'Alex', familyName: 'Morgan', groups: ['Administrator'] },
  { email: 'hana.kereama@koha.test', givenName: 'Hana', familyName: 'Kereama', groups: [] },
];

beforeAll(async () => {
  cognito = await startCognito({ port: await freePort(), stateDir });
  const subs = await createUsers(cognito, PEOPLE.map((p) => ({ ...p, password: 'Koha-test-2026!' })));
  const tables = await testTables([accounts]);
  client = tables.client;
  tableName = tables.tableName('accounts');
  for (const person of PEOPLE) {
    const id = subs.get(person.email) as string;
    members.set(person.email, id);
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.memberProfile(id),
          ...indexKeys.memberByEmail(person.email),
          id,
          email: person.email,
          firstName: person.givenName,
          lastName: person.familyName,
          adminRoles: person.groups,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
  }
  deps = {
    backOffice: dynamoBackOfficeStore(client, tableName),
    groups: cognitoUserPoolGroups(cognito.client, cognito.userPoolId),
    security: dynamoSecurityStore(client, tableName),
  };
});

afterAll(async () => {
  await cognito?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Lists by the user's own username: cognito-local (unlike Cognito) does not resolve an e-mail alias in this call. */
const groupsOf = async (email: string) => {
  const username = (await cognito.client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }))).Username;
  const listed = await cognito.client.send(new AdminListGroupsForUserCommand({ UserPoolId: cognito.userPoolId, Username: username }));
  return (listed.Groups ?? []).map((g) => g.GroupName);
};
const rolesOf = async (memberId: string) =>
  (await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }))).Item?.adminRoles;

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message };
};

describe('the Administrator role (cognito-local and DynamoDB Local)', () => {
  it('grants the role in the user pool group and on the member record, idempotently', async () => {
    const hana = members.get('hana.kereama@koha.test') as string;
    const granted = await grantAdministrator(deps, hana);
    expect(granted).toEqual({
      id: hana,
      email: 'hana.kereama@koha.test',
      firstName: 'Hana',
      lastName: 'Kereama',
      adminRoles: ['Administrator'],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await groupsOf('hana.kereama@koha.test')).toEqual(['Administrator']);

    expect(await grantAdministrator(deps, hana)).toEqual(granted);
    expect(await groupsOf('hana.kereama@koha.test')).toEqual(['Administrator']);
    expect(await rolesOf(hana)).toEqual(['Administrator']);
  });

  it('revokes the role from both, idempotently, but never from the caller', async () => {
    const alex = members.get('alex.morgan@koha.test') as string;
    const hana = members.get('hana.kereama@koha.test') as string;
    expect((await revokeAdministrator(deps, hana, alex)).adminRoles).toEqual([]);
    expect(await groupsOf('hana.kereama@koha.test')).toEqual([]);
    expect((await revokeAdministrator(deps, hana, alex)).adminRoles).toEqual([]);
    expect(await rolesOf(hana)).toEqual([]);

    expect(await failure(revokeAdministrator(deps, alex, alex))).toEqual({ code: 'Conflict', message: CANNOT_REVOKE_SELF });
    expect(await groupsOf('alex.morgan@koha.test')).toEqual(['Administrator']);
  });

  it('answers 404 for a member that does not exist, in the table or in the user pool', async () => {
    expect(await failure(grantAdministrator(deps, newId()))).toEqual({ code: 'NotFound', message: 'Member was not found.' });
    const ghost = newId();
    await client.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.memberProfile(ghost), id: ghost, email: 'ghost@koha.test', firstName: 'G', lastName: 'H', adminRoles: [] } }),
    );
    expect(await failure(grantAdministrator(deps, ghost))).toEqual({ code: 'NotFound', message: 'Member was not found.' });
    expect(await rolesOf(ghost)).toEqual([]);
  });

  it('signs a revoked administrator out everywhere: their refresh token gets them no new ID token', async () => {
    const alex = members.get('alex.morgan@koha.test') as string;
    const hana = members.get('hana.kereama@koha.test') as string;
    await grantAdministrator(deps, hana);
    const signIn = (flow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', parameters: Record<string, string>) =>
      cognito.client.send(new InitiateAuthCommand({ AuthFlow: flow, ClientId: cognito.userPoolClientId, AuthParameters: parameters }));
    const session = await signIn('USER_PASSWORD_AUTH', { USERNAME: 'hana.kereama@koha.test', PASSWORD: 'Koha-test-2026!' });
    const refreshToken = session.AuthenticationResult?.RefreshToken as string;
    expect((await signIn('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken })).AuthenticationResult?.IdToken).toBeTruthy();
    // Tokens carry whole seconds: the sign-out is later than this session's.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await revokeAdministrator(deps, hana, alex);
    await expect(signIn('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken })).rejects.toBeInstanceOf(NotAuthorizedException);
    // Signing in again works (as a member, no longer an administrator).
    expect((await signIn('USER_PASSWORD_AUTH', { USERNAME: 'hana.kereama@koha.test', PASSWORD: 'Koha-test-2026!' })).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe("'Require MFA for administrators' in the user pool (cognito-local behind its front door)", () => {
  const mfaOf = async (email: string) => {
    const user = await cognito.client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    return { list: user.UserMFASettingList ?? [], preferred: user.PreferredMfaSetting };
  };

  it('is stored and applied to every administrator, to one granted later, and taken off when saved off', async () => {
    const settingsDeps = { security: dynamoSecurityStore(client, tableName), clock: fixedClock('2026-04-01T09:00:00.000Z'), userPool: deps.groups };
    expect(await getSecuritySettings(settingsDeps)).toEqual(DEFAULT_SECURITY);
    const saved = await updateSecuritySettings(settingsDeps, { requireMfaForAdministrators: true, adminSessionMinutes: 30 }, 'alex');
    expect(saved).toEqual({ requireMfaForAdministrators: true, adminSessionMinutes: 30, updatedAt: '2026-04-01T09:00:00.000Z' });
    expect(await getSecuritySettings(settingsDeps)).toEqual(saved);
    expect(await mfaOf('alex.morgan@koha.test')).toEqual({ list: ['EMAIL_OTP'], preferred: 'EMAIL_OTP' });

    const hana = members.get('hana.kereama@koha.test') as string;
    await grantAdministrator(deps, hana);
    expect(await mfaOf('hana.kereama@koha.test')).toEqual({ list: ['EMAIL_OTP'], preferred: 'EMAIL_OTP' });

    await updateSecuritySettings(settingsDeps, { requireMfaForAdministrators: false, adminSessionMinutes: 30 }, 'alex');
    expect(await mfaOf('alex.morgan@koha.test')).toEqual({ list: [], preferred: undefined });
    expect(await mfaOf('hana.kereama@koha.test')).toEqual({ list: [], preferred: undefined });
  });
});
