import { readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { importJWK, SignJWT, type JWK } from 'jose';
import { edgeAddress } from '@giving/shared/edge';
import { readBody } from '../runtime/http-server';
import { closeServer, listenOn } from '../runtime/http-server';
import { refuseTooManyRequests, type EdgeRateLimiter } from '../edge/rate-limiter';

/**
 * The user pool's front door on this machine: every call goes to cognito-local unchanged, except
 * - the user pool's web ACL (the sign-in rate rule of shared/edge.ts), when given, as AWS WAF in front of Cognito;
 * - the two admin operations cognito-local lacks, which the accounts service calls: AdminUserGlobalSignOut (the
 *   member's refresh tokens issued before it stop working, as in Cognito) and AdminSetUserMFAPreference (kept and
 *   shown by AdminGetUser; cognito-local has no MFA, so signing in asks for no code here);
 * - the ID token's standard attributes: Cognito puts the user's readable standard attributes (given_name,
 *   family_name, ...) in the ID token, cognito-local only e-mail and custom ones. Each ID token it issues is given the
 *   user's attributes and signed again with cognito-local's own key (the same kid), so handlers read the member's
 *   names from their token as they do in AWS.
 */
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const JSON_TYPE = 'application/x-amz-json-1.1';

interface MfaPreference {
  enabled: boolean;
  preferred: boolean;
}

export async function startCognitoFrontDoor(options: { port: number; cognitoLocalUrl: string; rateLimits?: EdgeRateLimiter }) {
  const upstream = new URL(options.cognitoLocalUrl);
  /** Username -> when they were signed out everywhere (epoch seconds), and their e-mail MFA preference. */
  const signedOutAt = new Map<string, number>();
  const emailMfa = new Map<string, MfaPreference>();

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, rewrite?: (answer: unknown) => unknown) => {
    const call = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host, 'content-length': String(body.length) } },
      (answer) => {
        if (!rewrite || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      },
    );
    call.on('error', () => answerError(res, 500, 'InternalErrorException', 'cognito-local is not answering'));
    call.end(body);
  };

  /** Asks cognito-local whether the user exists (AdminGetUser), so unknown users get its UserNotFoundException. */
  const userExists = (req: IncomingMessage, input: Record<string, unknown>) =>
    new Promise<{ status: number; username?: string; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ UserPoolId: input.UserPoolId, Username: input.Username });
      const call = request(
        { host: upstream.hostname, port: upstream.port, method: 'POST', path: '/', headers: { ...req.headers, host: upstream.host, 'x-amz-target': `${TARGET_PREFIX}AdminGetUser`, 'content-length': String(Buffer.byteLength(body)) } },
        (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 500, username: answer.statusCode === 200 ? (JSON.parse(text) as { Username?: string }).Username : undefined, body: text }));
        },
      );
      call.on('error', reject);
      call.end(body);
    });

  /** The user's attributes, as AdminGetUser tells them. */
  const attributesOf = (req: IncomingMessage, userPoolId: string, username: string) =>
    userExists(req, { UserPoolId: userPoolId, Username: username }).then((user) =>
      user.status === 200 ? ((JSON.parse(user.body) as { UserAttributes?: { Name: string; Value: string }[] }).UserAttributes ?? []) : [],
    );

  /** Forwards a sign-in and answers its tokens with the ID token carrying the user's standard attributes. */
  const forwardWithIdToken = (req: IncomingMessage, res: ServerResponse, body: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const call = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host, 'content-length': String(body.length) } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const send = (out: string) => {
              res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': Buffer.byteLength(out) });
              res.end(out);
              resolve();
            };
            const parsed = answer.statusCode === 200 ? (JSON.parse(text) as { AuthenticationResult?: { IdToken?: string } }) : undefined;
            const idToken = parsed?.AuthenticationResult?.IdToken;
            if (!parsed?.AuthenticationResult || !idToken) return send(text);
            withStandardAttributes(idToken, (userPoolId, username) => attributesOf(req, userPoolId, username))
              .then((token) => send(JSON.stringify({ ...parsed, AuthenticationResult: { ...parsed.AuthenticationResult, IdToken: token } })))
              .catch(reject);
          });
        },
      );
      call.on('error', reject);
      call.end(body);
    });

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answerError(res, 500, 'InternalErrorException', 'The local user pool failed');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = header(req, 'x-amz-target');
    if (options.rateLimits) {
      const decision = options.rateLimits.userPool(edgeAddress(req.socket.remoteAddress ?? '127.0.0.1'), target);
      if (!decision.allowed) return refuseTooManyRequests(res, decision);
    }
    const body = await readBody(req, 1024 * 1024, () => new Error('too large'));
    const operation = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
    const input = operation && body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};

    if (operation === 'AdminUserGlobalSignOut' || operation === 'AdminSetUserMFAPreference') {
      const user = await userExists(req, input);
      if (user.status !== 200 || !user.username) {
        res.writeHead(user.status, { 'content-type': JSON_TYPE });
        return void res.end(user.body);
      }
      if (operation === 'AdminUserGlobalSignOut') signedOutAt.set(user.username, Math.floor(Date.now() / 1000));
      else {
        const email = input.EmailMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
        if (email) emailMfa.set(user.username, { enabled: Boolean(email.Enabled), preferred: Boolean(email.PreferredMfa) });
      }
      res.writeHead(200, { 'content-type': JSON_TYPE });
      return void res.end('{}');
    }

    if (operation === 'InitiateAuth' && (input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN')) {
      const claims = jwtClaims(String((input.AuthParameters as Record<string, unknown> | undefined)?.REFRESH_TOKEN ?? ''));
      const username = claims?.['cognito:username'];
      const outAt = typeof username === 'string' ? signedOutAt.get(username) : undefined;
      // Whole seconds on both sides: a token from the second of the sign-out itself is given the benefit of the doubt.
      if (outAt !== undefined && typeof claims?.iat === 'number' && claims.iat < outAt) {
        return answerError(res, 400, 'NotAuthorizedException', 'Refresh Token has been revoked');
      }
    }

    if (operation === 'InitiateAuth' || operation === 'RespondToAuthChallenge' || operation === 'AdminInitiateAuth' || operation === 'AdminRespondToAuthChallenge') {
      return forwardWithIdToken(req, res, body);
    }

    if (operation === 'AdminGetUser') {
      return forward(req, res, body, (answer) => {
        const user = answer as { Username?: string; UserMFASettingList?: string[]; PreferredMfaSetting?: string };
        const mfa = user.Username ? emailMfa.get(user.Username) : undefined;
        if (!mfa?.enabled) return answer;
        return { ...user, UserMFASettingList: ['EMAIL_OTP'], ...(mfa.preferred ? { PreferredMfaSetting: 'EMAIL_OTP' } : {}) };
      });
    }
    return forward(req, res, body);
  }

  const { url } = await listenOn(server, options.port);
  return { url, stop: () => closeServer(server) };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Cognito's standard user attributes (OpenID Connect's), which a real ID token carries when the user has them. */
const STANDARD_ATTRIBUTES = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
  'updated_at',
];

let signingKey: ReturnType<typeof importJWK> | undefined;
/** cognito-local's own signing key (shipped with it; its tokens carry kid CognitoLocal and its JWKS serves the public half). */
const cognitoLocalKey = () =>
  (signingKey ??= (async () => {
    const file = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    return importJWK((JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK }).jwk, 'RS256');
  })());

/** The ID token with the user's standard attributes added, signed again as cognito-local signs (RS256, kid CognitoLocal). */
export async function withStandardAttributes(
  idToken: string,
  attributesOf: (userPoolId: string, username: string) => Promise<{ Name: string; Value: string }[]>,
): Promise<string> {
  const claims = jwtClaims(idToken);
  const username = claims?.['cognito:username'];
  const userPoolId = typeof claims?.iss === 'string' ? new URL(claims.iss).pathname.slice(1) : '';
  if (!claims || typeof username !== 'string' || !userPoolId) return idToken;
  const added = Object.fromEntries(
    (await attributesOf(userPoolId, username)).filter((a) => STANDARD_ATTRIBUTES.includes(a.Name) && !(a.Name in claims)).map((a) => [a.Name, a.Value]),
  );
  if (Object.keys(added).length === 0) return idToken;
  return new SignJWT({ ...claims, ...added }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' }).sign(await cognitoLocalKey());
}

/** A JWT's payload, unverified: cognito-local verifies the token itself; this only reads who it was issued to, and when. */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function answerError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message }));
}
