import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '@giving/shared/manifest';
import { loadSecrets, resetSecretsForTests, secret } from '@giving/shared/lambda/secrets';
import { localSecretArn, REGION } from '../config';
import { startSecretsManager, type RunningSecretsManager } from './server';

let secretsManager: RunningSecretsManager;
let client: SecretsManagerClient;
const saved = { ...process.env };

beforeAll(async () => {
  secretsManager = await startSecretsManager({ port: 0, secrets: { 'giving/card-gateway-api-key': 'sk_test_local' } });
  client = new SecretsManagerClient({ endpoint: secretsManager.url, region: REGION, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
});

afterAll(async () => {
  process.env = { ...saved };
  resetSecretsForTests();
  client.destroy();
  await secretsManager.stop();
});

describe('the local Secrets Manager', () => {
  it('answers GetSecretValue by name and by ARN, as Secrets Manager does', async () => {
    const byName = await client.send(new GetSecretValueCommand({ SecretId: 'giving/card-gateway-api-key' }));
    expect(byName).toMatchObject({ Name: 'giving/card-gateway-api-key', SecretString: 'sk_test_local', VersionStages: ['AWSCURRENT'] });
    expect(byName.ARN).toMatch(/^arn:aws:secretsmanager:ap-southeast-2:\d{12}:secret:giving\/card-gateway-api-key-[0-9a-f]{6}$/);
    expect((await client.send(new GetSecretValueCommand({ SecretId: byName.ARN }))).SecretString).toBe('sk_test_local');
  });

  it('answers ResourceNotFoundException for a secret it does not hold', async () => {
    await expect(client.send(new GetSecretValueCommand({ SecretId: 'giving/nope' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('is what the handlers read their secrets from locally (the same code as in AWS)', async () => {
    resetSecretsForTests();
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secretsManager.url;
    Object.assign(process.env, { AWS_REGION: REGION, AWS_ACCESS_KEY_ID: 'l', AWS_SECRET_ACCESS_KEY: 'l' });
    process.env[ENV.secretId('CARD_GATEWAY_API_KEY')] = localSecretArn('giving/card-gateway-api-key');
    await loadSecrets();
    expect(secret('CARD_GATEWAY_API_KEY')).toBe('sk_test_local');
  });
});
