/**
 * Everything that touches Amplify, in one module that is only ever imported dynamically (see ./auth.ts), so
 * anonymous visitors never download it. Amplify signs in with USER_PASSWORD_AUTH, against Cognito in AWS and
 * cognito-local here (`userPoolEndpoint`); cognito-local has no SRP.
 */
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, fetchUserAttributes, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, sessionStorage } from 'aws-amplify/utils';
import type { CognitoConfig } from '../../lib/config';

export interface Member {
  memberId: string;
  email: string;
  name: string;
}

/** Where the tokens live: 'local' (Remember Me, survives the browser) or 'session' (this tab until it closes). */
export type TokenPlace = 'local' | 'session';

/**
 * What signing in came to when it did not throw: signed in, a code to type (an administrator's e-mailed code or
 * authenticator app, when 'require MFA for administrators' is on), or another step this SPA cannot do.
 */
export type SignInOutcome =
  | { kind: 'signedIn' }
  | { kind: 'code'; by: 'email' | 'app'; destination?: string }
  | { kind: 'nextStep'; step: string };

const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

export function configureAuth(cognito: CognitoConfig) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        ...(cognito.endpoint ? { userPoolEndpoint: cognito.endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

export function keepTokensIn(place: TokenPlace) {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(place === 'local' ? defaultStorage : sessionStorage);
}

const browserStorage = (place: TokenPlace): Storage => (place === 'local' ? window.localStorage : window.sessionStorage);

/** Whether Amplify left tokens in that storage (read directly: no refresh, no network). */
export function hasTokensIn(place: TokenPlace): boolean {
  const storage = browserStorage(place);
  for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.startsWith(TOKEN_KEY_PREFIX)) return true;
  return false;
}

/** Drops Amplify's keys from a storage without asking Cognito (for when signing out properly failed). */
export function forgetTokensIn(place: TokenPlace) {
  const storage = browserStorage(place);
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(TOKEN_KEY_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

/** The signed-in member from the ID token (refreshed by Amplify when it has expired); undefined when there is none. */
export async function currentMember(): Promise<Member | undefined> {
  const { tokens } = await fetchAuthSession();
  const idToken = tokens?.idToken;
  if (!idToken) return undefined;
  const claims = idToken.payload;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const email = text(claims.email);
  let name = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  if (!name) {
    // cognito-local leaves the name attributes out of its tokens; Cognito puts them in.
    const attributes = await fetchUserAttributes().catch(() => ({}) as Record<string, string | undefined>);
    name = [text(attributes.given_name), text(attributes.family_name)].filter(Boolean).join(' ');
  }
  return { memberId: text(claims.sub), email, name: name || email };
}

export async function currentIdToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}

function outcomeOf({ isSignedIn, nextStep }: Awaited<ReturnType<typeof signIn>>): SignInOutcome {
  if (isSignedIn) return { kind: 'signedIn' };
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') {
    const destination = nextStep.codeDeliveryDetails?.destination;
    return { kind: 'code', by: 'email', ...(destination ? { destination } : {}) };
  }
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'code', by: 'app' };
  return { kind: 'nextStep', step: nextStep.signInStep };
}

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  return outcomeOf(await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } }));
}

/** Answers the code step of a sign-in under way (the code from the e-mail or the authenticator app). */
export async function confirmSignInWithCode(code: string): Promise<SignInOutcome> {
  return outcomeOf(await confirmSignIn({ challengeResponse: code }));
}

/** Signs out of this browser only (Amplify's default): the tokens go, and Cognito revokes the refresh token when it can. */
export async function signOutHere(): Promise<void> {
  await signOut();
}
