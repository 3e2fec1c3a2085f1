import { useSyncExternalStore } from 'react';
import { LOGOUT_URL, browser, clearSessionCookie, currentPath, hasSessionCookie, saveReturnPath } from './return-path';

/**
 * The signed-in state every part of the SPA reads (spec 2 §3 "Authentication state": loading, error, loggedIn,
 * and whether the login modal shows). The auth feature (lazy-loaded, Amplify) is the only writer; the API client
 * asks it for the ID token through `setIdTokenProvider`.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; error?: string }
  | { status: 'signedIn'; memberId: string; email: string; name: string };

/** Why sign-in was asked for: payroll and recurring giving go through the sso path and come back (spec §2, §4). */
export type LoginReason = 'payroll' | 'recurring';

export interface LoginRequest {
  /** Where to go after signing in (defaults to the current page). */
  returnTo?: string;
  reason?: LoginReason;
}

interface Store {
  session: SessionState;
  loginModal: LoginRequest | null;
}

/** A browser without the session marker has no session: it starts signed out, and never loads the sign-in module. */
const startState = (): SessionState =>
  typeof document !== 'undefined' && !hasSessionCookie() ? { status: 'signedOut' } : { status: 'loading' };

let store: Store = { session: startState(), loginModal: null };
const listeners = new Set<() => void>();
let idTokenProvider: (() => Promise<string | undefined>) | undefined;
let loginHandler: ((request: LoginRequest) => void) | undefined;
let logoutHandler: ((options: LogoutOptions) => Promise<void>) | undefined;

function update(next: Partial<Store>) {
  store = { ...store, ...next };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): SessionState => useSyncExternalStore(subscribe, () => store.session, () => store.session);
export const useLoginModal = (): LoginRequest | null => useSyncExternalStore(subscribe, () => store.loginModal, () => store.loginModal);
export const getSession = (): SessionState => store.session;

export const setSession = (session: SessionState) => update({ session });
export const openLoginModal = (request: LoginRequest = {}) => update({ loginModal: request });
export const closeLoginModal = () => update({ loginModal: null });

/** Calls `listener` with each new session state (not the current one); returns the unsubscribe. */
export function onSessionChange(listener: (session: SessionState) => void): () => void {
  let last = store.session;
  return subscribe(() => {
    if (store.session === last) return;
    last = store.session;
    listener(last);
  });
}

/** Asks to sign in: the auth feature decides between the single sign-in address, the sso path and the login modal. */
export function requestLogin(request: LoginRequest = {}) {
  if (loginHandler) loginHandler(request);
  else openLoginModal(request);
}

/**
 * Sign-in for payroll or recurring giving (spec §4 "Recurring while not logged in"): remembers `path` in the
 * 60-second `koha_return` cookie and goes to the sso path, which comes back to it after signing in.
 * Save the checkout state before calling it.
 */
export function signInToContinue(path: string = currentPath(), reason: LoginReason = 'recurring') {
  saveReturnPath(path);
  requestLogin({ returnTo: path, reason });
}

export interface LogoutOptions {
  /**
   * A page of this site to land on instead of the site root (e.g. '/account-deleted'): the browser session is then
   * ended here (the marker cookie cleared) rather than at /api/account/logout, which always goes to the root.
   */
  landOn?: string;
}

/** Signs out (Amplify, locally) and ends the browser session at /api/account/logout, which goes to the site root. */
export async function requestLogout(options: LogoutOptions = {}) {
  if (logoutHandler) await logoutHandler(options);
  else if (options.landOn) {
    clearSessionCookie();
    browser.assign(options.landOn);
  } else browser.assign(LOGOUT_URL);
}

export const setLoginHandler = (handler: ((request: LoginRequest) => void) | undefined) => {
  loginHandler = handler;
};

export const setLogoutHandler = (handler: ((options: LogoutOptions) => Promise<void>) | undefined) => {
  logoutHandler = handler;
};

export const setIdTokenProvider = (provider: (() => Promise<string | undefined>) | undefined) => {
  idTokenProvider = provider;
};

/** The current Cognito ID token, refreshed when needed; undefined when signed out. */
export const getIdToken = async (): Promise<string | undefined> => (idTokenProvider ? idTokenProvider() : undefined);

/** Tests only: back to the start state. */
export function resetSessionForTests() {
  store = { session: { status: 'loading' }, loginModal: null };
  idTokenProvider = undefined;
  loginHandler = undefined;
  logoutHandler = undefined;
  listeners.forEach((listener) => listener());
}
