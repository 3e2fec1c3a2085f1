import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('first screen', () => {
  it('what waits for the first screen goes once the page has said it is rendered and the browser has drawn it', async () => {
    vi.resetModules();
    const { afterFirstScreen, firstScreenRendered } = await import('./first-screen');
    let started = false;
    void afterFirstScreen().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    firstScreenRendered();
    await vi.waitFor(() => expect(started).toBe(true));
    // Later pages (an in-app navigation) have nothing to wait for.
    await expect(afterFirstScreen()).resolves.toBeUndefined();
  });

  it('a page that never says so (a console) lets it go after 3 seconds', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const { afterFirstScreen } = await import('./first-screen');
    let started = false;
    void afterFirstScreen().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(2900);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toBe(true);
  });
});
