import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV } from '../manifest';
import { declaredSecrets, loadSecrets, resetSecretsForTests, secret, SECRET_MAX_AGE_MS } from './secrets';

/** The AWS adapter's error paths and caching (the stand-in's answers are in tools/local/src/secrets/server.test.ts). */
const secretsManager = mockClient(SecretsManagerClient);
const KEY_ARN = 'arn:aws:secretsmanager:ap-southeast-2:111122223333:secret:giving/card-gateway-api-key-AbCdEf';
const saved = { ...process.env };

beforeEach(() => {
  secretsManager.reset();
  resetSecretsForTests();
  for (const key of Object.keys(process.env)) if (key.endsWith('_SECRET_ID')) delete process.env[key];
});

afterEach(() => {
  process.env = { ...saved };
  resetSecretsForTests();
});

describe('secrets read at run time', () => {
  it('reads only the secrets the environment names, once per container, by the ARN it names', async () => {
    process.env[ENV.secretId('CARD_GATEWAY_API_KEY')] = KEY_ARN;
    secretsManager.on(GetSecretValueCommand, { SecretId: KEY_ARN }).resolves({ SecretString: 'sk_live_platform' });
    expect(declaredSecrets()).toEqual(['CARD_GATEWAY_API_KEY']);
    await Promise.all([loadSecrets(), loadSecrets()]);
    await loadSecrets();
    expect(secret('CARD_GATEWAY_API_KEY')).toBe('sk_live_platform');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('reads again once the cached value is five minutes old, so a rotated key is used', async () => {
    process.env[ENV.secretId('CARD_GATEWAY_API_KEY')] = KEY_ARN;
    secretsManager.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'old' }).resolves({ SecretString: 'rotated' });
    const start = Date.now();
    await loadSecrets(start);
    await loadSecrets(start + SECRET_MAX_AGE_MS - 1);
    expect(secret('CARD_GATEWAY_API_KEY')).toBe('old');
    await loadSecrets(start + SECRET_MAX_AGE_MS);
    expect(secret('CARD_GATEWAY_API_KEY')).toBe('rotated');
  });

  it('does not cache a failed read: the next invocation tries again', async () => {
    process.env[ENV.secretId('VOUCHER_CODE_KEY')] = 'giving/voucher-code-key';
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }))
      .resolves({ SecretString: 'voucher-key-0123456789abcdef' });
    await expect(loadSecrets()).rejects.toThrow(/can't find/);
    expect(() => secret('VOUCHER_CODE_KEY')).toThrow(/was not loaded/);
    await loadSecrets();
    expect(secret('VOUCHER_CODE_KEY')).toBe('voucher-key-0123456789abcdef');
  });

  it('refuses an empty or binary secret, and names a secret the function was not given', async () => {
    process.env[ENV.secretId('ORIGIN_VERIFY')] = 'giving/origin-verify';
    secretsManager.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2]) });
    await expect(loadSecrets()).rejects.toThrow(/ORIGIN_VERIFY .* has no string value/);
    expect(() => secret('CARD_GATEWAY_TRUST_API_KEY')).toThrow('This function has no access to the secret CARD_GATEWAY_TRUST_API_KEY (no CARD_GATEWAY_TRUST_API_KEY_SECRET_ID)');
  });

  it('makes no call at all for a function that names no secret', async () => {
    await loadSecrets();
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
