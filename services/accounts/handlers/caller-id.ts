import { DomainError } from '@giving/shared/errors';
import type { Caller } from '@giving/shared/lambda/http';

/** The signed-in caller's member id (the guard already refused anonymous callers on signed-in routes). */
export function callerId(caller: Caller | undefined): string {
  if (!caller) throw new DomainError('Unauthorized');
  return caller.userId;
}
