/**
 * Domain errors carry a code; this one table maps each code to its HTTP status and title.
 * Responses use application/problem+json (RFC 9457). A 500 never carries the original message.
 */
export const ERROR_TABLE = {
  ValidationFailed: { status: 400, title: 'Your request has invalid fields.' },
  MalformedJson: { status: 400, title: 'The request body is not valid JSON.' },
  Unauthorized: { status: 401, title: 'You need to sign in to do that.' },
  Forbidden: { status: 403, title: 'You do not have permission to do that.' },
  NotFound: { status: 404, title: 'We could not find that.' },
  MethodNotAllowed: { status: 405, title: 'That method is not allowed here.' },
  Conflict: { status: 409, title: 'That conflicts with the current state.' },
  UnsupportedMediaType: { status: 415, title: 'Send the request body as application/json.' },
  IdempotencyKeyReused: { status: 422, title: 'This Idempotency-Key was already used for a different request.' },
  TooManyRequests: { status: 429, title: 'Too many requests. Please try again shortly.' },
  Internal: { status: 500, title: 'Something went wrong on our side. Please try again.' },
  Unavailable: { status: 503, title: 'The service is temporarily unavailable. Please try again.' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export interface FieldError {
  /** Dotted path of the field in the request, e.g. 'donor.email'. */
  field: string;
  message: string;
}

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors: readonly FieldError[] = [],
    /** For a 429 (or 503): when to try again, sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? ERROR_TABLE[code].title);
  }
}

/** 429 with the seconds until the caller may try again (at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new DomainError('TooManyRequests', message, [], Math.max(1, Math.ceil(retryAfterSeconds)));

export const notFound = (what: string) => new DomainError('NotFound', `${what} was not found.`);
export const conflict = (message: string) => new DomainError('Conflict', message);
export const invalid = (fieldErrors: FieldError[]) =>
  new DomainError('ValidationFailed', describeFieldErrors(fieldErrors), fieldErrors);

export function describeFieldErrors(fieldErrors: readonly FieldError[]): string {
  return fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ');
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ErrorCode;
  errors?: FieldError[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemFor(error: unknown): Problem {
  if (error instanceof DomainError) {
    const { status, title } = ERROR_TABLE[error.code];
    const problem: Problem = { type: `about:blank#${error.code}`, title, status, code: error.code };
    if (error.message !== title) problem.detail = error.message;
    if (error.fieldErrors.length > 0) problem.errors = [...error.fieldErrors];
    return problem;
  }
  const { status, title } = ERROR_TABLE.Internal;
  return { type: 'about:blank#Internal', title, status, code: 'Internal' };
}

/** Reads a problem body back (the SPA and the tests use this). */
export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value && 'code' in value;
}
