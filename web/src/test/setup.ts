import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearCookies } from '../features/auth/testing';
import { firstScreenRendered } from '../lib/first-screen';

// Testing Library sets this from a global beforeAll, which does not exist without vitest globals; React needs it
// to run updates inside act() and flush them before assertions.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy* waits up to 1 s by default. A route's first render imports its lazy chunk, which took longer than that on a
// 2-core machine running the other suites at the same time ('signed-in members read the member list' failed so; later a
// fundraising invitation test ran past 5 s, hence 10 s).
// A real failure still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

/** Where every test starts (web/vite.config.ts: environmentOptions.happyDOM.url). */
const START_URL = 'http://localhost:3000/';

afterEach(() => {
  cleanup();
  // Each test starts with an empty tab: no saved checkout state or other per-tab data from the last test.
  window.sessionStorage.clear();
  window.localStorage.clear();
  // Files share a window (vitest.config.ts: isolate: false): no cookie, address or head element outlives its test either.
  clearCookies();
  (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(START_URL);
  for (const added of document.head.querySelectorAll('link, script, meta[name], style')) added.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Components tested on their own have no page to draw first: what waits for the first screen goes at once.
firstScreenRendered();

/**
 * Tests open no real sockets (happy-dom's WebSocket would dial localhost:3000, where another platform may be
 * listening): by default a socket stays connecting for ever, so live updates poll (web/src/lib/live-updates.ts).
 * A test that plays the socket stubs WebSocket with its own (vi.stubGlobal; put back after each test).
 */
class ConnectingSocket {
  static readonly CONNECTING = 0;
  readonly readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  constructor(readonly url: string) {}
  close() {}
  send() {}
}
(globalThis as { WebSocket?: unknown }).WebSocket = ConnectingSocket;

/**
 * happy-dom has no HTMLSelectElement.size nor HTMLOptionElement.defaultSelected. Without them react-hook-form takes
 * every <select> it registers for one the user already changed (its check for an edit before the form is ready reads
 * both) and replaces the form's default with the select's first option. Browsers have both; these reflect the
 * attributes as browsers do.
 */
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', value);
    },
  });
}
