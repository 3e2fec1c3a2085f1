import { rmSync } from 'node:fs';
import { AdminGetUserCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers, startCognito, type RunningCognito } from '../../tools/local/src/cognito';
import { freePort } from '../../tools/local/src/testing/global-setup';
import { newId } from '../ids';
import { cognitoGroupDirectory, confirmGroups } from './caller-groups';
import { logger } from './logger';

/** The user pool adapter against cognito-local: a member's groups as they are now, not as their token says. */
const stateDir = `.local/test-caller-groups-${newId().toLowerCase()}`;
let cognito: RunningCognito;
let alex: string;
/** The user's own username, as its ID token's cognito:username names it (cognito-local does not resolve the e-mail alias here). */
let username: string;

beforeAll(async () => {
  cognito = await startCognito({ port: await freePort(), stateDir });
  const subs = await createUsers(cognito, [{ email: 'alex@koha.test', password: 'Koha-test-2026!', givenName: 'Alex', familyName: 'Morgan', groups: ['Administrator'] }]);
  alex = subs.get('alex@koha.test') as string;
  username = (await cognito.client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'alex@koha.test' }))).Username as string;
});

afterAll(async () => {
  await cognito?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('confirming a caller’s groups with the user pool', () => {
  it('keeps a group the pool still gives the member, and drops it the moment the pool takes it away', async () => {
    const directory = cognitoGroupDirectory(cognito.client, cognito.userPoolId);
    const caller = { userId: alex, groups: ['Administrator'], claims: { sub: alex, 'cognito:username': username } };
    expect((await confirmGroups(caller, directory, logger)).groups).toEqual(['Administrator']);
    await cognito.client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: cognito.userPoolId, Username: 'alex@koha.test', GroupName: 'Administrator' }));
    expect((await confirmGroups(caller, directory, logger)).groups).toEqual([]);
  });

  it('never lets a token add a group the member is not in', async () => {
    const directory = cognitoGroupDirectory(cognito.client, cognito.userPoolId);
    const caller = { userId: alex, groups: ['Administrator', 'Anything'], claims: { sub: alex, 'cognito:username': username } };
    expect((await confirmGroups(caller, directory, logger)).groups).toEqual([]);
  });
});
