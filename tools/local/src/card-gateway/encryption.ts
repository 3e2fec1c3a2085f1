import { constants, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Client-side encryption of card fields, as the nz tokenising variant uses it: the gateway holds an RSA key pair per
 * merchant account that takes encrypted cards (made when the gateway starts, never stored), serves the public half as
 * a JWK, and decrypts what the hosted fields encrypted with it (RSA-OAEP with SHA-256, WebCrypto's "RSA-OAEP-256").
 * Each encrypted field is the JSON {"<field>": "...", "generationtime": "<ISO time>"}, base64: a field encrypted more
 * than a day ago (or in the future) is refused, so a captured one cannot be replayed for long.
 */
export const ENCRYPTION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface EncryptionJwk {
  kty: 'RSA';
  n: string;
  e: string;
  alg: 'RSA-OAEP-256';
  use: 'enc';
  key_ops: ['encrypt'];
  kid: string;
}

export interface AccountEncryptionKey {
  publicJwk: EncryptionJwk;
  /** The field's value, or undefined when the text is not one of ours, not that field, or too old. */
  decrypt(ciphertext: unknown, field: 'number' | 'cvc', now: Date): string | undefined;
}

export function newEncryptionKey(): AccountEncryptionKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  const publicJwk: EncryptionJwk = {
    kty: 'RSA',
    n: String(jwk.n),
    e: String(jwk.e),
    alg: 'RSA-OAEP-256',
    use: 'enc',
    key_ops: ['encrypt'],
    kid: `key_${randomBytes(8).toString('hex')}`,
  };
  return { publicJwk, decrypt: (ciphertext, field, now) => decryptField(privateKey, ciphertext, field, now) };
}

function decryptField(privateKey: KeyObject, ciphertext: unknown, field: 'number' | 'cvc', now: Date): string | undefined {
  if (typeof ciphertext !== 'string' || ciphertext.length === 0 || ciphertext.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return undefined;
  let plain: unknown;
  try {
    plain = JSON.parse(privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64')).toString('utf8'));
  } catch {
    // Never the error itself: it could quote what was decrypted.
    return undefined;
  }
  if (typeof plain !== 'object' || plain === null) return undefined;
  const { [field]: value, generationtime } = plain as Record<string, unknown>;
  if (typeof value !== 'string' || typeof generationtime !== 'string') return undefined;
  const generated = Date.parse(generationtime);
  if (Number.isNaN(generated) || generated > now.getTime() + CLOCK_SKEW_MS || now.getTime() - generated > ENCRYPTION_MAX_AGE_MS) return undefined;
  return value;
}
