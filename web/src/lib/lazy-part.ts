import { startTransition, useEffect, useState } from 'react';
import { afterFirstScreen } from './first-screen';

export interface LazyPart<M> {
  /** Starts loading the part's chunk (once); resolves with its module. */
  preload: () => Promise<M>;
  /**
   * The part's module, or undefined until it has loaded. While `wanted`, it is loaded and the component renders
   * again when it arrives; a failed load is thrown then, for the error boundary (as React.lazy does).
   */
  usePart: (wanted: boolean, options?: { afterFirstScreen?: boolean }) => M | undefined;
}

/**
 * A part of a page that the page's first paint does not show (a panel behind a choice, a modal), in a chunk of its
 * own so the page's JavaScript is smaller. Unlike React.lazy it needs no Suspense boundary, and a part that is
 * already loaded (see `preload`) renders at once.
 */
export function lazyPart<M>(load: () => Promise<M>): LazyPart<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;

  const preload = () =>
    (loading ??= load().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  /** `afterFirstScreen`: a part the first screen does without starts loading once that screen has been drawn (first-screen.ts). */
  function usePart(wanted: boolean, { afterFirstScreen: deferred = false }: { afterFirstScreen?: boolean } = {}): M | undefined {
    const [, setLoaded] = useState(module);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (!wanted) return;
      if (module) {
        setLoaded(module);
        return;
      }
      let live = true;
      (deferred ? afterFirstScreen().then(preload) : preload()).then(
        // A deferred part renders as a transition: React draws it in slices, never in one long task.
        (loaded) => live && (deferred ? startTransition(() => setLoaded(loaded)) : setLoaded(loaded)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [wanted, deferred]);
    if (wanted && failure) throw failure.error;
    return module;
  }

  return { preload, usePart };
}
