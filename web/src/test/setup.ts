import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library sets this from a global beforeAll, which does not exist without vitest globals; React needs it
// to run updates inside act() and flush them before assertions.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  // Each test starts with an empty tab: no saved checkout state or other per-tab data from the last test.
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
