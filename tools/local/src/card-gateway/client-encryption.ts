import type { EncryptionJwk } from './encryption';

/**
 * What the nz hosted fields do in the browser, in Node (WebCrypto is the same API in both): fetch the account's
 * public key by its client key, encrypt the card number and CVC, and ask the gateway for a token. For tests, the
 * acceptance platform and the benchmark; the page itself runs the same steps in hosted-fields.ts.
 */
export interface CardDetails {
  name: string;
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const base64 = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64');

export async function encryptionKeyOf(gatewayUrl: string, clientKey: string): Promise<EncryptionJwk> {
  const response = await fetch(`${gatewayUrl}/v1/accounts/${encodeURIComponent(clientKey)}/encryption-key`);
  if (!response.ok) throw new Error(`no encryption key for client key ${clientKey}: ${response.status}`);
  return (await response.json()) as EncryptionJwk;
}

/** One card field as the hosted fields encrypt it: RSA-OAEP-256 over {"<field>": value, "generationtime": ISO}, base64. */
export async function encryptCardField(jwk: EncryptionJwk, field: 'number' | 'cvc', value: string, generatedAt = new Date()): Promise<string> {
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify({ [field]: value, generationtime: generatedAt.toISOString() }));
  return base64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain));
}

/** The body the hosted fields POST to /v1/encrypted-tokens. */
export async function encryptedCardBody(jwk: EncryptionJwk, clientKey: string, card: CardDetails, generatedAt = new Date()) {
  return {
    clientKey,
    encryptedCardNumber: await encryptCardField(jwk, 'number', card.number.replace(/[\s-]/g, ''), generatedAt),
    encryptedCvc: await encryptCardField(jwk, 'cvc', card.cvc.trim(), generatedAt),
    expiryMonth: card.expMonth,
    expiryYear: card.expYear,
    holderName: card.name,
  };
}

/** A token of the client key's account for this card, through the encrypted-tokens API; throws unless it is issued. */
export async function encryptedCardToken(gatewayUrl: string, clientKey: string, card: CardDetails): Promise<{ id: string; card: { brand: 'visa' | 'mastercard' | 'amex' | 'unknown'; last4: string } }> {
  const body = await encryptedCardBody(await encryptionKeyOf(gatewayUrl, clientKey), clientKey, card);
  const response = await fetch(`${gatewayUrl}/v1/encrypted-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`encrypted tokenisation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; card: { brand: 'visa' | 'mastercard' | 'amex' | 'unknown'; last4: string } };
}
