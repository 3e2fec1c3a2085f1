/**
 * Waits `ms`, or less when `signal` aborts first. The abort listener is removed either way: a poller that sleeps
 * between polls would otherwise add one listener per sleep to a signal that lives as long as the platform.
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * One AbortController per poller loop, all aborted by stop(): the AWS SDK adds an abort listener to a call's
 * signal for as long as the call runs, so a dozen loops long-polling with one shared signal would hold a dozen
 * listeners on it at once (Node warns past 10).
 */
export function pollerAborts() {
  const controllers: AbortController[] = [];
  return {
    /** A signal of its own for one loop. */
    next(): AbortSignal {
      const controller = new AbortController();
      controllers.push(controller);
      return controller.signal;
    },
    abortAll(): void {
      for (const controller of controllers) controller.abort();
    },
  };
}
