import { DomainError } from '@giving/shared/errors';
import { callerName, type Caller } from '@giving/shared/lambda/http';
import type { AuditActor } from '../domain/personal-data';

/** The signed-in caller's member id (the guard already refused anonymous callers on signed-in routes). */
export function callerId(caller: Caller | undefined): string {
  if (!caller) throw new DomainError('Unauthorized');
  return caller.userId;
}

/** The caller as the audit trail names them (their id, and their names from the token, else their e-mail). */
export function auditActor(caller: Caller | undefined): AuditActor {
  if (!caller) throw new DomainError('Unauthorized');
  return { id: caller.userId, name: callerName(caller) };
}
