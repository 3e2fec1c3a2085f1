import type { ServiceName } from '@giving/shared/manifest';

/**
 * Fault injection for local Lambda invocations, as AWS Fault Injection Service's aws:lambda:invocation-error action
 * does in AWS: while a fault is active, matching invocations of a manifest function fail without running it. Only
 * code in the platform's own process can inject one (tests that start the platform in-process); nothing in the
 * handlers or the HTTP stand-ins knows about it.
 */
export interface InvocationFault {
  service: ServiceName;
  /** The manifest handler, e.g. 'handlers/payment-tasks#record'. */
  handler: string;
  /** Which invocations fail (default: all of them). */
  when?: (event: unknown) => boolean;
  /** The error the invocation fails with (default: Error named InjectedFault). */
  error?: () => Error;
}

const active = new Set<InvocationFault>();

/** Starts failing matching invocations; returns the function that stops it. */
export function injectInvocationFault(fault: InvocationFault): () => void {
  active.add(fault);
  return () => void active.delete(fault);
}

/** The error an invocation must fail with, when a fault matches it. */
export function injectedFault(service: ServiceName, handler: string, event: unknown): Error | undefined {
  for (const fault of active) {
    if (fault.service !== service || fault.handler !== handler || (fault.when && !fault.when(event))) continue;
    if (fault.error) return fault.error();
    const error = new Error(`fault injected into ${service} ${handler}`);
    error.name = 'InjectedFault';
    return error;
  }
  return undefined;
}
