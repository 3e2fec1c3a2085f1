import { AdminDeleteUserCommand, UserNotFoundException, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { UserDirectory } from '../domain/personal-data';

/** The user pool's users: "Delete my account" deletes the sign-in (already gone is fine: a retried request). */
export function cognitoUserDirectory(client: CognitoIdentityProviderClient, userPoolId: string): UserDirectory {
  return {
    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return;
        throw error;
      }
    },
  };
}
