/**
 * aws-local-stepfunctions 3 calls Promise.withResolvers (Node 22+) when it runs a Task state; Node 20 lacks it.
 * Imported for its side effect before the package.
 */
type WithResolvers = <T>() => { promise: Promise<T>; resolve: (value: T | PromiseLike<T>) => void; reject: (reason?: unknown) => void };

const PromiseConstructor = Promise as unknown as { withResolvers?: WithResolvers };

if (typeof PromiseConstructor.withResolvers !== 'function') {
  const withResolvers: WithResolvers = <T,>() => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  Object.defineProperty(Promise, 'withResolvers', { value: withResolvers, writable: true, configurable: true });
}
