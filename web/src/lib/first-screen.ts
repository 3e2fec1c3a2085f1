import { useEffect } from 'react';

/**
 * When the page's first screen (its main content: the gift, the charity, the list's introduction) has been drawn.
 * What that screen does not show (the ticker, the checkout below the gift on a phone, the checkout's extra panels)
 * waits for it, so it neither delays the largest paint nor competes with it for the network (issue 12). A page that
 * never says so (a console, a sign-in page) lets them go after FALLBACK_MS.
 */
const FALLBACK_MS = 3000;

let markDrawn: () => void = () => {};
const drawn = createDrawn();

function createDrawn(): Promise<void> {
  return new Promise<void>((resolve) => {
    markDrawn = resolve;
    if (typeof window !== 'undefined') setTimeout(resolve, FALLBACK_MS);
  });
}

/**
 * Resolves once the browser has drawn what is on the page now: after the next frame and the one after it (a frame's
 * callbacks run before it is painted, and a page's new stylesheets may hold one frame back).
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/** Resolves after the page's first screen has been drawn (see above). */
export function afterFirstScreen(): Promise<void> {
  return drawn.then(afterPaint);
}

/** Says the first screen is rendered: it counts as drawn after the next frame. */
export function firstScreenRendered(): void {
  void afterPaint().then(() => markDrawn());
}

/** A page calls this with `ready` once its first screen is rendered (its data is there, or its error is shown). */
export function useFirstScreenDrawn(ready = true): void {
  useEffect(() => {
    if (ready) firstScreenRendered();
  }, [ready]);
}
