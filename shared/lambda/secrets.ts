import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV, SECRETS, type SecretName } from '../manifest';

/**
 * Secrets are read at run time from Secrets Manager, never placed in a function's configuration: a function's
 * environment names each secret it may read (`<NAME>_SECRET_ID`, set by CDK with the grant), and every trigger
 * wrapper awaits `loadSecrets()` before its handler runs, so adapters read them synchronously with `secret(name)`.
 * Values are cached per container for five minutes (a rotated key reaches warm containers within that), and a
 * failed read is not cached, so the next invocation tries again. Locally the same code reads the platform's
 * Secrets Manager stand-in through AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
export const SECRET_MAX_AGE_MS = 5 * 60 * 1000;

interface Cached {
  value: string;
  readAt: number;
}

let client: SecretsManagerClient | undefined;
const values = new Map<SecretName, Cached>();
const reading = new Map<SecretName, Promise<void>>();

/** The secrets this function's environment names (none for most functions). */
export function declaredSecrets(env: NodeJS.ProcessEnv = process.env): SecretName[] {
  return (Object.keys(SECRETS) as SecretName[]).filter((name) => Boolean(env[ENV.secretId(name)]));
}

/** Reads every declared secret that is missing or older than SECRET_MAX_AGE_MS; concurrent callers share one read. */
export async function loadSecrets(now: number = Date.now()): Promise<void> {
  const stale = declaredSecrets().filter((name) => {
    const cached = values.get(name);
    return !cached || now - cached.readAt >= SECRET_MAX_AGE_MS;
  });
  if (stale.length === 0) return;
  await Promise.all(stale.map((name) => readOnce(name, now)));
}

function readOnce(name: SecretName, now: number): Promise<void> {
  let pending = reading.get(name);
  if (!pending) {
    pending = read(name, now).finally(() => reading.delete(name));
    reading.set(name, pending);
  }
  return pending;
}

async function read(name: SecretName, now: number): Promise<void> {
  client ??= new SecretsManagerClient({});
  const secretId = process.env[ENV.secretId(name)] as string;
  const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof answer.SecretString !== 'string' || answer.SecretString === '') throw new Error(`secret ${name} (${secretId}) has no string value`);
  values.set(name, { value: answer.SecretString, readAt: now });
}

/** A loaded secret's value; throws, naming it, when the function does not declare it or it was never loaded. */
export function secret(name: SecretName): string {
  const cached = values.get(name);
  if (cached) return cached.value;
  if (!process.env[ENV.secretId(name)]) throw new Error(`This function has no access to the secret ${name} (no ${ENV.secretId(name)})`);
  throw new Error(`The secret ${name} was not loaded: its trigger's wrapper awaits loadSecrets() first`);
}

/** Whether the function declares the secret (e.g. the origin check runs only where CloudFront's secret is given). */
export function hasSecret(name: SecretName): boolean {
  return Boolean(process.env[ENV.secretId(name)]);
}

/** Forgets cached values and the client (tests that change the environment or the stand-in between cases). */
export function resetSecretsForTests(): void {
  values.clear();
  reading.clear();
  client?.destroy();
  client = undefined;
}
