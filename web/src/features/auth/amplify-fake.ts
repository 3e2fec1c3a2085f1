import { vi } from 'vitest';
import type { Member, SignInOutcome, TokenPlace } from './auth-client';

export const DEMO_PASSWORD = 'Koha-demo-2026!';
export const DANA: Member = { memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' };
/** An administrator who must enter an e-mailed code ('require MFA for administrators'), and the code Cognito sent. */
export const ALEX: Member = { memberId: 'sub-alex', email: 'alex.morgan@koha.nz', name: 'Alex Morgan' };
export const EMAILED_CODE = '482913';

/**
 * ./auth-client (Amplify) as the rest of the feature sees it, for `vi.mock('./auth-client', ...)`: tokens per
 * storage, the storage in use, and accounts whose password is the demo password (Alex's sign-in also wants the
 * e-mailed code, as Cognito asks of administrators when the back office requires MFA).
 */
export function createAmplifyFake() {
  const state = { tokens: {} as Partial<Record<TokenPlace, Member>>, place: 'session' as TokenPlace, awaitingCode: undefined as Member | undefined };
  return {
    state,
    reset() {
      state.tokens = {};
      state.place = 'session';
      state.awaitingCode = undefined;
    },
    configureAuth: vi.fn(),
    keepTokensIn: vi.fn((place: TokenPlace) => {
      state.place = place;
    }),
    hasTokensIn: vi.fn((place: TokenPlace) => state.tokens[place] !== undefined),
    forgetTokensIn: vi.fn((place: TokenPlace) => {
      delete state.tokens[place];
    }),
    currentMember: vi.fn(async () => state.tokens[state.place]),
    currentIdToken: vi.fn(async () => (state.tokens[state.place] ? `id-token-of-${state.tokens[state.place]!.memberId}` : undefined)),
    signInWithPassword: vi.fn(async (email: string, password: string): Promise<SignInOutcome> => {
      if (password !== DEMO_PASSWORD) throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
      if (email === ALEX.email) {
        state.awaitingCode = ALEX;
        return { kind: 'code', by: 'email', destination: 'a***@k***' };
      }
      state.tokens[state.place] = { ...DANA, email };
      return { kind: 'signedIn' };
    }),
    confirmSignInWithCode: vi.fn(async (code: string): Promise<SignInOutcome> => {
      if (!state.awaitingCode) throw Object.assign(new Error('No sign-in is waiting for a code.'), { name: 'SignInException' });
      if (code !== EMAILED_CODE) throw Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' });
      state.tokens[state.place] = state.awaitingCode;
      state.awaitingCode = undefined;
      return { kind: 'signedIn' };
    }),
    signOutHere: vi.fn(async () => {
      delete state.tokens[state.place];
    }),
  };
}
