import { useSyncExternalStore } from 'react';

/**
 * The signed-in state every part of the SPA reads (spec 2 §3 "Authentication state": loading, error, loggedIn,
 * and whether the login modal shows). The auth feature (lazy-loaded, Amplify) is the only writer; the API client
 * asks it for the ID token through `setIdTokenProvider`.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; error?: string }
  | { status: 'signedIn'; memberId: string; email: string; name: string };

export interface LoginRequest {
  /** Where to go after signing in (defaults to the current page). */
  returnTo?: string;
}

interface Store {
  session: SessionState;
  loginModal: LoginRequest | null;
}

let store: Store = { session: { status: 'loading' }, loginModal: null };
const listeners = new Set<() => void>();
let idTokenProvider: (() => Promise<string | undefined>) | undefined;
let loginHandler: ((request: LoginRequest) => void) | undefined;

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

/** Asks to sign in: the auth feature decides between the single sign-in address and the login modal. */
export function requestLogin(request: LoginRequest = {}) {
  if (loginHandler) loginHandler(request);
  else openLoginModal(request);
}

export const setLoginHandler = (handler: ((request: LoginRequest) => void) | undefined) => {
  loginHandler = handler;
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
  listeners.forEach((listener) => listener());
}
