import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { functionId, parseHandler, type ServiceName } from '@giving/shared/manifest';
import { REPO_ROOT } from '../config';
import { injectedFault } from './faults';

/**
 * Loads a manifest handler the way Lambda would: the file under services/<service>/, its named export.
 * Handlers run in-process with the environment from config.ts, talking to the stand-ins through the AWS SDK.
 */
export type AnyHandler = (event: unknown, context?: unknown) => Promise<unknown>;

const cache = new Map<string, Promise<AnyHandler>>();

export function handlerFile(service: ServiceName, handler: string): string {
  return path.join(REPO_ROOT, 'services', service, `${parseHandler(handler).file}.ts`);
}

export function loadHandler(service: ServiceName, handler: string): Promise<AnyHandler> {
  const key = `${service}:${handler}`;
  let loaded = cache.get(key);
  if (!loaded) {
    const { exportName } = parseHandler(handler);
    loaded = import(pathToFileURL(handlerFile(service, handler)).href).then((module: Record<string, unknown>) => {
      const fn = module[exportName];
      if (typeof fn !== 'function') throw new Error(`${handlerFile(service, handler)} does not export ${exportName}`);
      return fn as AnyHandler;
    });
    cache.set(key, loaded);
  }
  return loaded;
}

/** A Lambda-like context for local invocations. */
export function lambdaContext(functionName: string, timeoutSeconds = 30) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    functionName,
    awsRequestId: crypto.randomUUID(),
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

/** Runs a manifest function as Lambda would: load it, then call it with a context carrying its timeout. */
export async function invokeHandler(service: ServiceName, handler: string, event: unknown, timeoutSeconds?: number): Promise<unknown> {
  const fault = injectedFault(service, handler, event);
  if (fault) throw fault;
  return (await loadHandler(service, handler))(event, lambdaContext(functionId(service, handler), timeoutSeconds));
}
