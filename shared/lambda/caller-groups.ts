import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ENV } from '../manifest';
import type { Caller } from './http';
import type { Logger } from './logger';

/**
 * A caller's user pool groups as they are now. An ID token's cognito:groups says what was true when it was issued,
 * up to an hour ago; the back office's Administrator role is a group, so a revoked administrator would keep the
 * back office until the token expired. Every service's route guard therefore confirms a token's groups with the
 * user pool before trusting them (only callers whose token names a group pay this call: administrators).
 */
export interface GroupDirectory {
  groupsOf(username: string): Promise<readonly string[]>;
}

export function cognitoGroupDirectory(client: CognitoIdentityProviderClient, userPoolId: string): GroupDirectory {
  return {
    async groupsOf(username) {
      const groups: string[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, NextToken: nextToken }));
        for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName);
        nextToken = page.NextToken;
      } while (nextToken);
      return groups;
    },
  };
}

let fromEnvironment: GroupDirectory | undefined;

/** The user pool named by USER_POOL_ID (set for every signed-in route's function), or undefined where none is. */
export function userPoolGroupDirectory(): GroupDirectory | undefined {
  const userPoolId = process.env[ENV.userPoolId];
  if (!userPoolId) return undefined;
  fromEnvironment ??= cognitoGroupDirectory(new CognitoIdentityProviderClient({}), userPoolId);
  return fromEnvironment;
}

/**
 * The caller with only the groups the user pool still gives them. Fails closed: with no user pool to ask, or when
 * it cannot be asked, the token's groups count for nothing (the member keeps what any signed-in member has).
 */
export async function confirmGroups(caller: Caller, directory: GroupDirectory | undefined, log: Logger): Promise<Caller> {
  if (caller.groups.length === 0) return caller;
  if (!directory) {
    log.error('no user pool to confirm the caller’s groups: ignoring them', { groups: caller.groups });
    return { ...caller, groups: [] };
  }
  try {
    const current = new Set(await directory.groupsOf(caller.claims['cognito:username'] ?? caller.userId));
    return { ...caller, groups: caller.groups.filter((group) => current.has(group)) };
  } catch (error) {
    log.error('the user pool could not confirm the caller’s groups: ignoring them', { error });
    return { ...caller, groups: [] };
  }
}
