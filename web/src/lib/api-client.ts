import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { getIdToken } from './session';
import { ERROR_TABLE, PROBLEM_CONTENT_TYPE, isProblem, type ErrorCode, type FieldError, type Problem } from '@giving/shared/errors';
import { EARLY_READS_KEY, type EarlyReads } from './early-start';

/** Every API call goes to the same origin under /api (CloudFront in AWS, the local platform here). */
export const API_BASE = '/api';

/** The API refused the request; `problem` is its application/problem+json body (or one made up from the status). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.status = problem.status;
    this.problem = problem;
  }

  get fieldErrors(): readonly FieldError[] {
    return this.problem.errors ?? [];
  }

  /**
   * First message per field, keyed by the field's path with `prefix` removed,
   * e.g. 'body.donor.email' -> 'donor.email' with the default prefix.
   */
  fieldMessages(prefix = 'body.'): Record<string, string> {
    return fieldMessagesOf(this, prefix);
  }
}

/**
 * A failure from an API client of a feature's own (e.g. volunteering's, whose messages follow spec 2 §8): it says
 * what to tell the user and which fields the server blamed, so the shared screens (QueryStates, LoadMore,
 * applyServerErrors) show it as they show an ApiError.
 */
export class ExplainedError extends Error {
  override name = 'ExplainedError';
  /** The HTTP status, when there was an answer. */
  readonly status?: number;

  /** The sentence a screen shows (by default the message). */
  get userMessage(): string {
    return this.message;
  }

  /** The field errors of the answer's problem body, if any. */
  get fieldErrors(): readonly FieldError[] {
    return [];
  }
}

/**
 * First message per field of an ApiError or ExplainedError, keyed by the field's path with `prefix` removed
 * ('body.donor.email' -> 'donor.email'); empty for any other error.
 */
export function fieldMessagesOf(error: unknown, prefix = 'body.'): Record<string, string> {
  const messages: Record<string, string> = {};
  if (!(error instanceof ApiError || error instanceof ExplainedError)) return messages;
  for (const { field, message } of error.fieldErrors) {
    const key = field.startsWith(prefix) ? field.slice(prefix.length) : field;
    messages[key] ??= message;
  }
  return messages;
}

/** The request never got an answer (offline, DNS, connection reset). Safe to retry with the same idempotency key. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The server answered 2xx with a body that does not match the contract. */
export class UnexpectedResponseError extends Error {
  override name = 'UnexpectedResponseError';
}

export const isNotFound = (error: unknown): boolean => (error instanceof ApiError || error instanceof ExplainedError) && error.status === 404;

export interface RequestOptions<T> {
  schema: ZodMiniType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How long the early start's answers (lib/early-start.ts) are taken as the page's own: they are for its first screen. */
const EARLY_READ_TTL_MS = 10_000;

/**
 * The answer the early start already asked for this URL (for a guest, as fetchJson would), once; else undefined. A
 * read the early start makes from another's answer (a gift's campaigns) is waited for, not asked twice.
 */
export async function takeEarlyRead(url: string): Promise<Response | undefined> {
  const reads = typeof window === 'undefined' ? undefined : (window as unknown as Partial<Record<string, EarlyReads>>)[EARLY_READS_KEY];
  if (!reads) return undefined;
  const pending = Object.entries(reads.next).find(([prefix]) => url.startsWith(prefix));
  if (pending) await pending[1];
  const read = reads.answers[url];
  if (!read) return undefined;
  delete reads.answers[url];
  if (Date.now() - read.at > EARLY_READ_TTL_MS) return undefined;
  return read.response.catch(() => undefined);
}

/** Fetches JSON from any same-origin URL and validates it against the contract's schema. */
export async function fetchJson<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // Signed-in calls carry the Cognito ID token; public routes ignore it.
  if (url.startsWith(API_BASE) && headers.authorization === undefined) {
    const token = await getIdToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    // A guest's plain read that the early start already made (lib/early-start.ts) takes its answer; if that failed, it asks.
    const plainRead = options.method === undefined && options.body === undefined && options.headers === undefined && headers.authorization === undefined;
    const early = plainRead ? await takeEarlyRead(url) : undefined;
    response =
      early ??
      (await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('We could not reach the server. Check your connection and try again.', { cause: error });
  }
  if (!response.ok) throw new ApiError(await readProblem(response));
  if (response.status === 204) return undefined as T;
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) throw new UnexpectedResponseError(`Unexpected response from ${url}.`, { cause: parsed.error });
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the problem+json body; a proxy's HTML error page or an empty body becomes a problem for its status. */
async function readProblem(response: Response): Promise<Problem> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes(PROBLEM_CONTENT_TYPE) || contentType.includes('json')) {
    const body = await readJson(response);
    if (isProblem(body)) return { ...body, status: response.status };
  }
  const code = codeForStatus(response.status);
  return { type: 'about:blank', title: ERROR_TABLE[code].title, status: response.status, code };
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_TABLE) as [ErrorCode, { status: number }][]).find(([, entry]) => entry.status === status);
  if (match) return match[0];
  return status >= 500 ? 'Internal' : 'ValidationFailed';
}

/** A file the API answers (e.g. a text/csv report) and the name its content-disposition gives it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** GETs a file under /api with the caller's ID token; a refusal is an ApiError as for JSON calls. */
export async function fetchFile(path: string, { signal, fallbackName }: { signal?: AbortSignal; fallbackName: string }): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const token = await getIdToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers, signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('We could not reach the server. Check your connection and try again.', { cause: error });
  }
  if (!response.ok) throw new ApiError(await readProblem(response));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/** Calls under /api. */
export const api = {
  get<T>(path: string, schema: ZodMiniType<T>, init: { signal?: AbortSignal } = {}): Promise<T> {
    return fetchJson(`${API_BASE}${path}`, { schema, signal: init.signal });
  },
  post<T>(path: string, body: unknown, schema: ZodMiniType<T>, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
    return fetchJson(`${API_BASE}${path}`, { method: 'POST', body, schema, headers: init.headers, signal: init.signal });
  },
  put<T>(path: string, body: unknown, schema: ZodMiniType<T>, init: { signal?: AbortSignal } = {}): Promise<T> {
    return fetchJson(`${API_BASE}${path}`, { method: 'PUT', body, schema, signal: init.signal });
  },
  patch<T>(path: string, body: unknown, schema: ZodMiniType<T>, init: { signal?: AbortSignal } = {}): Promise<T> {
    return fetchJson(`${API_BASE}${path}`, { method: 'PATCH', body, schema, signal: init.signal });
  },
  /** DELETE answering 204 (resolves undefined). */
  delete(path: string, init: { signal?: AbortSignal } = {}): Promise<void> {
    return fetchJson(`${API_BASE}${path}`, { method: 'DELETE', schema: z.undefined(), signal: init.signal });
  },
};

/** A short, user-facing sentence for any error from the calls above. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  if (error instanceof ExplainedError) return error.userMessage;
  return 'Something went wrong. Please try again.';
}
