import { vi } from 'vitest';
import type { Member, SignInOutcome, TokenPlace } from './auth-client';

export const DEMO_PASSWORD = 'Koha-demo-2026!';
export const DANA: Member = { memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' };

/**
 * ./auth-client (Amplify) as the rest of the feature sees it, for `vi.mock('./auth-client', ...)`: tokens per
 * storage, the storage in use, and one account whose password is the demo password.
 */
export function createAmplifyFake() {
  const state = { tokens: {} as Partial<Record<TokenPlace, Member>>, place: 'session' as TokenPlace };
  return {
    state,
    reset() {
      state.tokens = {};
      state.place = 'session';
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
      state.tokens[state.place] = { ...DANA, email };
      return { kind: 'signedIn' };
    }),
    signOutHere: vi.fn(async () => {
      delete state.tokens[state.place];
    }),
  };
}
