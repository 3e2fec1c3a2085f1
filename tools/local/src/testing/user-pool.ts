import { rmSync } from 'node:fs';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, CreateGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { newId } from '@giving/shared/ids';
import { ENV } from '@giving/shared/manifest';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import { startCognito } from '../cognito';
import { freePort } from './global-setup';

/**
 * cognito-local for tests that call handlers in-process: route guards confirm a caller's groups with the user pool
 * (shared/lambda/caller-groups.ts), so a test's administrator must really be in the pool's Administrator group.
 */
export async function testUserPool() {
  const stateDir = `.local/test-user-pool-${newId().toLowerCase()}`;
  const cognito = await startCognito({ port: await freePort(), stateDir });
  await cognito.client.send(new CreateGroupCommand({ UserPoolId: cognito.userPoolId, GroupName: ADMINISTRATOR }));
  const usernames = new Map<string, string>();
  return {
    cognito,
    /** What a handler's environment needs to reach this pool. */
    environment: { [ENV.userPoolId]: cognito.userPoolId, AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url },
    /** Puts a member with this sub in the pool (once) and its groups; answers the username their token's cognito:username carries. */
    async member(sub: string, email: string, groups: readonly string[]): Promise<string> {
      let username = usernames.get(sub);
      if (!username) {
        const created = await cognito.client.send(
          new AdminCreateUserCommand({
            UserPoolId: cognito.userPoolId,
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'sub', Value: sub },
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
        username = created.User?.Username ?? email;
        usernames.set(sub, username);
        for (const group of groups) await cognito.client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: email, GroupName: group }));
      }
      return username;
    },
    async stop() {
      await cognito.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
