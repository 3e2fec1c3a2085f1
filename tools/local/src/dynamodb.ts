import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableName, type ServiceManifest } from '@giving/shared/manifest';
import { localAccessKey, REGION, REPO_ROOT } from './config';
import { dynamoDbJvmOptions } from './dynamodb-jvm';

/**
 * DynamoDB Local, the official jar, taken from the npm package that ships it (amplify-dynamodb-simulator):
 * `npm pack` it and keep only package/emulator. We never install that package; its own launcher fails here.
 */
export const DYNAMODB_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
export const DYNAMODB_DIR = path.join(REPO_ROOT, '.cache', 'dynamodb');

export function ensureDynamoDbJar(): string {
  const jar = path.join(DYNAMODB_DIR, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return jar;
  const cache = path.dirname(DYNAMODB_DIR);
  mkdirSync(cache, { recursive: true });
  const work = path.join(cache, 'dynamodb-pack');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  const tarball = execFileSync('npm', ['pack', DYNAMODB_PACKAGE, '--silent'], { cwd: work, encoding: 'utf8' }).trim().split('\n').pop();
  if (!tarball) throw new Error(`npm pack ${DYNAMODB_PACKAGE} produced no tarball`);
  execFileSync('tar', ['xzf', tarball, 'package/emulator'], { cwd: work });
  renameSync(path.join(work, 'package', 'emulator'), DYNAMODB_DIR);
  rmSync(work, { recursive: true, force: true });
  return jar;
}

export interface RunningDynamoDb {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local in memory on the port and resolves once it answers. */
export async function startDynamoDb(port: number): Promise<RunningDynamoDb> {
  const jar = ensureDynamoDbJar();
  // The readiness probe below would happily talk to someone else's DynamoDB Local on this port.
  if (await isListening(port)) throw new Error(`port ${port} is already in use (another local platform still running?)`);
  const child = spawn(
    'java',
    [...dynamoDbJvmOptions(), `-Djava.library.path=${path.join(DYNAMODB_DIR, 'DynamoDBLocal_lib')}`, '-jar', jar, '-inMemory', '-port', String(port), '-disableTelemetry'],
    { cwd: DYNAMODB_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  killOnExit(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const endpoint = `http://localhost:${port}`;
  const client = dynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output}`);
    try {
      await client.send(new DescribeTableCommand({ TableName: 'probe' }));
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') break;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start on ${port}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A client of DynamoDB Local, signing with the platform's access key unless told another (its own database there). */
export function dynamoClient(endpoint: string, accessKeyId = localAccessKey()): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: REGION, credentials: { accessKeyId, secretAccessKey: 'local' } });
}

/** Deletes the tables createTables made under a prefix (a platform sharing another's DynamoDB Local, when it stops). */
export async function deleteTables(endpoint: string, manifests: readonly ServiceManifest[], prefix: string): Promise<void> {
  const client = dynamoClient(endpoint);
  for (const manifest of manifests) {
    if (!manifest.table) continue;
    await client.send(new DeleteTableCommand({ TableName: tableName(manifest.service, prefix) })).catch((error: Error) => {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    });
  }
  client.destroy();
}

/** Creates each service's table exactly as the stateful stack defines it: pk/sk, its GSIs, TTL. */
export async function createTables(endpoint: string, manifests: readonly ServiceManifest[], prefix = 'giving', accessKeyId?: string): Promise<string[]> {
  const client = dynamoClient(endpoint, accessKeyId);
  const created: string[] = [];
  for (const manifest of manifests) {
    if (!manifest.table) continue;
    const name = tableName(manifest.service, prefix);
    const indexAttributes = manifest.table.indexes.flatMap((index) => [`${index}pk`, `${index}sk`]);
    try {
      await client.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: ['pk', 'sk', ...indexAttributes].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: manifest.table.indexes.length
            ? manifest.table.indexes.map((index) => ({
                IndexName: index,
                KeySchema: [
                  { AttributeName: `${index}pk`, KeyType: 'HASH' },
                  { AttributeName: `${index}sk`, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              }))
            : undefined,
          StreamSpecification: manifest.table.stream ? { StreamEnabled: true, StreamViewType: manifest.table.stream } : undefined,
        }),
      );
      if (manifest.table.ttlAttribute) {
        await client.send(
          new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: manifest.table.ttlAttribute, Enabled: true } }),
        );
      }
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    created.push(name);
  }
  client.destroy();
  return created;
}

/** However this process ends (a forced exit included), its children end with it: no orphaned java or node. */
export function killOnExit(child: ChildProcess): void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
}
