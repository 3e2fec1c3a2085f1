import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
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
  };
}
