import { decodeTime, isValid, monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

/** The one id generator: sortable ULIDs (time-ordered, 26 chars, Crockford base32). */
export function newId(now: number = Date.now()): string {
  return nextUlid(now);
}

export function isId(value: string): boolean {
  return isValid(value);
}

export function idTime(id: string): Date {
  return new Date(decodeTime(id));
}
