import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { REGION } from '../config';
import type { EdgeRateLimiter } from '../edge/rate-limiter';
import { freePortOnLoopback } from '../runtime/http-server';
import { startCognitoFrontDoor } from './front-door';
import { killOnExit } from '../dynamodb';

/**
 * cognito-local (USER_PASSWORD_AUTH, RS256 tokens with its shipped key) in a child process whose working
 * directory holds its state, so each platform run starts clean, behind its front door (./front-door.ts: the user
 * pool's web ACL and the admin operations cognito-local lacks) on `port`, which is the user pool's address for
 * everyone. Its issuer is http://localhost:<port>/<poolId>.
 */
export interface RunningCognito {
  url: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  client: CognitoIdentityProviderClient;
  stop(): Promise<void>;
}

export interface DemoUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  groups: readonly string[];
}

export async function startCognito(options: { port: number; stateDir: string; poolName?: string; rateLimits?: EdgeRateLimiter }): Promise<RunningCognito> {
  const dir = path.join(options.stateDir, 'cognito');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  const innerPort = await freePortOnLoopback();
  const frontDoor = await startCognitoFrontDoor({ port: options.port, cognitoLocalUrl: `http://127.0.0.1:${innerPort}`, rateLimits: options.rateLimits });
  const url = frontDoor.url;
  writeFileSync(
    path.join(dir, '.cognito', 'config.json'),
    JSON.stringify({ ServerConfig: { port: innerPort, hostname: '127.0.0.1' }, TokenConfig: { IssuerDomain: url } }),
  );
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, [bin], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DEBUG: '' } });
  killOnExit(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));

  const client = new CognitoIdentityProviderClient({
    endpoint: url,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await frontDoor.stop();
      throw new Error(`cognito-local exited (${child.exitCode}): ${output}`);
    }
    try {
      await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`cognito-local did not start on ${options.port}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: options.poolName ?? 'giving',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created no user pool');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created no app client');

  return {
    url,
    userPoolId,
    userPoolClientId,
    issuer: `${url}/${userPoolId}`,
    client,
    stop: async () => {
      client.destroy();
      await frontDoor.stop();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/** Creates confirmed users with permanent passwords and their groups (roles come through cognito:groups). */
export async function createUsers(cognito: RunningCognito, users: readonly DemoUser[]): Promise<Map<string, string>> {
  const groups = new Set(users.flatMap((u) => u.groups));
  for (const group of groups) {
    await cognito.client.send(new CreateGroupCommand({ UserPoolId: cognito.userPoolId, GroupName: group }));
  }
  const subs = new Map<string, string>();
  for (const user of users) {
    const created = await cognito.client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: user.givenName },
          { Name: 'family_name', Value: user.familyName },
        ],
      }),
    );
    await cognito.client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
    for (const group of user.groups) {
      await cognito.client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: group }));
    }
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username;
    if (sub) subs.set(user.email, sub);
  }
  return subs;
}
