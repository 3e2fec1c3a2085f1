import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { notFound } from '@giving/shared/errors';
import type { UserPoolGroups } from '../domain/back-office';

/**
 * The user pool's groups. Adding a member twice and removing a non-member are both no-ops in Cognito, so the
 * back office's grant and revoke are idempotent. The group itself is created with the pool (infra), never here.
 */
export function cognitoUserPoolGroups(client: CognitoIdentityProviderClient, userPoolId: string): UserPoolGroups {
  const memberMissing = (error: unknown): never => {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') throw notFound('Member');
    throw error;
  };
  return {
    async addUser(username, group) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group })).catch(memberMissing);
    },
    async removeUser(username, group) {
      await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group })).catch(memberMissing);
    },
    async signOutEverywhere(username) {
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username })).catch(memberMissing);
    },
    async usersIn(group) {
      const usernames: string[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, NextToken: nextToken }));
        for (const user of page.Users ?? []) if (user.Username) usernames.push(user.Username);
        nextToken = page.NextToken;
      } while (nextToken);
      return usernames;
    },
    async requireMfa(username, required) {
      // E-mailed codes need no set-up by the member (their address is verified); the pool offers them as a second factor.
      await client
        .send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: username, EmailMfaSettings: { Enabled: required, PreferredMfa: required } }))
        .catch(memberMissing);
    },
  };
}
