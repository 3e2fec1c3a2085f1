import type { QueryClient } from '@tanstack/react-query';
import { clearAccountQueries } from '../../lib/account-queries';
import { runtimeConfigQueryOptions } from '../../lib/config';
import {
  LOGOUT_URL,
  SSO_LOGIN_PATH,
  browser,
  clearSessionCookie,
  currentPath,
  hasSessionCookie,
  saveReturnPath,
  sessionMarker,
  setSessionCookie,
} from '../../lib/return-path';
import {
  getSession,
  onSessionChange,
  openLoginModal,
  setIdTokenProvider,
  setLoginHandler,
  setLogoutHandler,
  setSession,
  type LoginRequest,
  type LogoutOptions,
} from '../../lib/session';
import { SESSION_NOT_RESTORED, codeMessage, nextStepMessage } from './messages';
import type * as AuthClientModule from './auth-client';
import type { Member, SignInOutcome, TokenPlace } from './auth-client';

/**
 * Sign-in for the whole SPA: the only writer of lib/session.ts. Amplify (./auth-client) is loaded on demand:
 * at start only when the browser has the `koha_session` marker, otherwise when someone opens the login form.
 */
type AuthClient = typeof AuthClientModule;

/** The runtime config has no `cognito` block: nobody can sign in on this deployment. */
export class SignInUnavailableError extends Error {
  override name = 'SignInUnavailableError';
}

export interface Credentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type SignInResult =
  | { kind: 'signedIn'; member: Member }
  | { kind: 'needsCode'; message: string }
  | { kind: 'needsStep'; message: string };

let client: Promise<AuthClient> | undefined;
let restoring: Promise<void> | undefined;

const PLACES: readonly TokenPlace[] = ['local', 'session'];

/** Amplify, configured from /config.json, with the API client's token provider registered. Retried after a failure. */
export function loadAuthClient(queryClient: QueryClient): Promise<AuthClient> {
  client ??= (async () => {
    const [module, config] = await Promise.all([import('./auth-client'), queryClient.fetchQuery(runtimeConfigQueryOptions())]);
    if (!config.cognito) throw new SignInUnavailableError('The runtime config has no cognito block.');
    module.configureAuth(config.cognito);
    module.keepTokensIn(sessionMarker() === 'remember' ? 'local' : 'session');
    setIdTokenProvider(() => idToken(module));
    return module;
  })();
  client.catch(() => {
    client = undefined;
  });
  return client;
}

/** The ID token for /api calls; none once the browser session has ended (e.g. /api/account/logout in another tab). */
async function idToken(module: AuthClient): Promise<string | undefined> {
  if (!hasSessionCookie()) {
    if (getSession().status === 'signedIn') {
      await forgetEveryToken(module);
      setSession({ status: 'signedOut' });
    }
    return undefined;
  }
  return module.currentIdToken().catch(() => undefined);
}

/** Signs out of every storage that holds tokens, falling back to dropping them if Cognito cannot be reached. */
async function forgetEveryToken(module: AuthClient) {
  for (const place of PLACES) {
    if (!module.hasTokensIn(place)) continue;
    module.keepTokensIn(place);
    await module.signOutHere().catch(() => undefined);
    module.forgetTokensIn(place);
  }
}

/** At start, with the session marker: who is signed in, from Amplify's stored tokens. */
function restoreSession(queryClient: QueryClient): Promise<void> {
  restoring ??= (async () => {
    try {
      const module = await loadAuthClient(queryClient);
      const marker = sessionMarker();
      if (!marker) {
        await forgetEveryToken(module);
        setSession({ status: 'signedOut' });
        return;
      }
      module.keepTokensIn(marker === 'remember' ? 'local' : 'session');
      const member = await module.currentMember();
      if (member) {
        setSession({ status: 'signedIn', ...member });
        return;
      }
      // Remembered tokens that are gone will not come back; a tab-only session may still live in another tab.
      if (marker === 'remember') clearSessionCookie();
      setSession({ status: 'signedOut' });
    } catch {
      setSession({ status: 'signedOut', error: SESSION_NOT_RESTORED });
    } finally {
      restoring = undefined;
    }
  })();
  return restoring;
}

/**
 * Signs in with e-mail and password. Tokens from an earlier session are dropped first (Amplify refuses to sign
 * in over them); Remember Me keeps the new ones in localStorage and the session marker for 30 days.
 * Throws Amplify's errors (see messages.ts for what each means to the user).
 */
export async function signInWithPassword(queryClient: QueryClient, credentials: Credentials): Promise<SignInResult> {
  const module = await loadAuthClient(queryClient);
  await forgetEveryToken(module);
  module.keepTokensIn(credentials.rememberMe ? 'local' : 'session');
  return finishSignIn(module, await module.signInWithPassword(credentials.email, credentials.password), credentials.rememberMe);
}

/**
 * The code step of a sign-in under way (administrators, when 'require MFA for administrators' is on): the code from
 * the e-mail, or the authenticator app. Throws Amplify's errors (CodeMismatchException for a wrong code).
 */
export async function confirmSignInCode(queryClient: QueryClient, code: string, rememberMe: boolean): Promise<SignInResult> {
  const module = await loadAuthClient(queryClient);
  return finishSignIn(module, await module.confirmSignInWithCode(code), rememberMe);
}

async function finishSignIn(module: AuthClient, outcome: SignInOutcome, rememberMe: boolean): Promise<SignInResult> {
  if (outcome.kind === 'code') return { kind: 'needsCode', message: codeMessage(outcome) };
  if (outcome.kind === 'nextStep') return { kind: 'needsStep', message: nextStepMessage(outcome.step) };
  const member = await module.currentMember();
  if (!member) throw new Error('Signed in, but Amplify holds no ID token.');
  setSessionCookie(rememberMe);
  setSession({ status: 'signedIn', ...member });
  return { kind: 'signedIn', member };
}

/**
 * Logout (spec §2): sign out of Amplify here, then /api/account/logout ends the browser session and goes to /; or,
 * with `landOn`, to that page (the marker cookie is cleared here already).
 */
async function logout(queryClient: QueryClient, { landOn }: LogoutOptions) {
  try {
    await forgetEveryToken(await loadAuthClient(queryClient));
  } catch {
    // Signing out locally failed (no config, offline): the server still clears the session below.
  }
  clearSessionCookie();
  clearAccountQueries(queryClient);
  browser.assign(landOn ?? LOGOUT_URL);
}

/**
 * Where a sign-in request goes: the configured single-sign-in address if any (full page); otherwise payroll and
 * recurring giving go to the sso path with the return path in `koha_return`, and everything else to the login modal.
 */
async function handleLoginRequest(request: LoginRequest, queryClient: QueryClient, navigate: (path: string) => void) {
  if (request.reason) saveReturnPath(request.returnTo ?? currentPath());
  const config = await queryClient.fetchQuery(runtimeConfigQueryOptions()).catch(() => undefined);
  if (config?.singleSignInUrl) browser.assign(config.singleSignInUrl);
  else if (request.reason) navigate(SSO_LOGIN_PATH);
  else openLoginModal(request);
}

/**
 * Starts sign-in for the app: registers the login and logout handlers, clears the member's queries whenever the
 * member changes, and restores the session when the browser has the marker (otherwise it is signed out at once,
 * without downloading Amplify). Returns the cleanup.
 */
export function startAuth({ queryClient, navigate }: { queryClient: QueryClient; navigate: (path: string) => void }): () => void {
  setLoginHandler((request) => void handleLoginRequest(request, queryClient, navigate));
  setLogoutHandler((options) => logout(queryClient, options));
  let memberId = currentMemberId();
  const stop = onSessionChange((session) => {
    const next = session.status === 'signedIn' ? session.memberId : undefined;
    if (next !== memberId && session.status !== 'loading') clearAccountQueries(queryClient);
    memberId = next;
  });
  if (getSession().status === 'loading') {
    if (hasSessionCookie()) void restoreSession(queryClient);
    else setSession({ status: 'signedOut' });
  }
  return () => {
    setLoginHandler(undefined);
    setLogoutHandler(undefined);
    stop();
  };
}

function currentMemberId(): string | undefined {
  const session = getSession();
  return session.status === 'signedIn' ? session.memberId : undefined;
}

/** Tests only: forget the loaded client. */
export function resetAuthForTests() {
  client = undefined;
  restoring = undefined;
}
