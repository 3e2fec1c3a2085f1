import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { cognitoUserPoolGroups } from './cognito-groups';

/**
 * The exact Cognito calls, which cognito-local cannot show (it has no MFA and no global sign-out; the front door
 * stands in for both locally): what AWS is asked, with which parameters, across pages.
 */
const cognito = mockClient(CognitoIdentityProviderClient);
const POOL = 'ap-southeast-2_AbCdEfGhI';
const pool = () => cognitoUserPoolGroups(new CognitoIdentityProviderClient({ region: 'ap-southeast-2' }), POOL);

beforeEach(() => cognito.reset());

describe('the user pool adapter (AWS calls)', () => {
  it('requires e-mailed codes as the preferred second factor, and gives the choice back', async () => {
    cognito.on(AdminSetUserMFAPreferenceCommand).resolves({});
    await pool().requireMfa('alex.morgan@koha.nz', true);
    await pool().requireMfa('alex.morgan@koha.nz', false);
    expect(cognito.commandCalls(AdminSetUserMFAPreferenceCommand).map((call) => call.args[0].input)).toEqual([
      { UserPoolId: POOL, Username: 'alex.morgan@koha.nz', EmailMfaSettings: { Enabled: true, PreferredMfa: true } },
      { UserPoolId: POOL, Username: 'alex.morgan@koha.nz', EmailMfaSettings: { Enabled: false, PreferredMfa: false } },
    ]);
  });

  it('lists every member of a group across pages', async () => {
    cognito
      .on(ListUsersInGroupCommand, { UserPoolId: POOL, GroupName: 'Administrator', NextToken: undefined })
      .resolves({ Users: [{ Username: 'a-1' }, { Username: 'a-2' }], NextToken: 'page-2' })
      .on(ListUsersInGroupCommand, { UserPoolId: POOL, GroupName: 'Administrator', NextToken: 'page-2' })
      .resolves({ Users: [{ Username: 'a-3' }] });
    expect(await pool().usersIn('Administrator')).toEqual(['a-1', 'a-2', 'a-3']);
  });

  it('signs a member out everywhere (AdminUserGlobalSignOut), and answers 404 for someone the pool does not know', async () => {
    cognito.on(AdminUserGlobalSignOutCommand, { Username: 'hana@koha.nz' }).resolves({});
    await pool().signOutEverywhere('hana@koha.nz');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: 'hana@koha.nz' });
    cognito.on(AdminUserGlobalSignOutCommand, { Username: 'ghost@koha.nz' }).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(pool().signOutEverywhere('ghost@koha.nz')).rejects.toMatchObject({ code: 'NotFound', message: 'Member was not found.' });
    cognito.on(AdminSetUserMFAPreferenceCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(pool().requireMfa('ghost@koha.nz', true)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('adds and removes group members in the one pool', async () => {
    cognito.on(AdminAddUserToGroupCommand).resolves({}).on(AdminRemoveUserFromGroupCommand).resolves({});
    await pool().addUser('hana@koha.nz', 'Administrator');
    await pool().removeUser('hana@koha.nz', 'Administrator');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: 'hana@koha.nz', GroupName: 'Administrator' });
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: 'hana@koha.nz', GroupName: 'Administrator' });
  });
});
