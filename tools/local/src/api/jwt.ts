import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * The HTTP API JWT authorizer: verifies the bearer token's signature against the issuer's JWKS, its issuer,
 * expiry, and that `aud` or `client_id` is one of the audiences (Cognito access tokens carry client_id).
 */
export function jwtAuthorizer(options: { issuer: string; audience: readonly string[] }) {
  const jwks = createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return async function authorize(authorization: string | undefined): Promise<JWTPayload | undefined> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer });
      const audiences = [payload.aud, payload.client_id].flat().filter((a): a is string => typeof a === 'string');
      return audiences.some((a) => options.audience.includes(a)) ? payload : undefined;
    } catch {
      return undefined;
    }
  };
}

/** HTTP API hands claims to the function as strings; arrays become "[a b]". */
export function claimsForEvent(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return claims;
}
