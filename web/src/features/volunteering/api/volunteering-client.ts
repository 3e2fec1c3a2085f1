import type { ZodMiniType } from 'zod/mini';
import { isProblem, type FieldError } from '@giving/shared/errors';
import { API_BASE, ExplainedError, NetworkError, UnexpectedResponseError, takeEarlyRead } from '../../../lib/api-client';
import { getIdToken } from '../../../lib/session';

/**
 * The volunteering calls of spec 2 §7 and their error catalogue (§8). Each call names the statuses it expects;
 * anything else becomes a VolunteeringApiError whose message is the catalogue's text, and which keeps the status,
 * the raw body and the parsed body, so a screen can still show the server's own explanation (e.g. a full session):
 * it is an ExplainedError, so lib's errorMessageOf, QueryStates and applyServerErrors read it.
 *
 * Three kinds of client, as the spec's catalogue distinguishes them:
 * - 'general' (opportunities, operations): any status but the expected ones -> UNEXPECTED_SERVER_ERROR.
 * - 'member' (/volunteer/...): 401 -> an error carrying the parsed body; a read answering 204 -> SERVER_SIDE_ERROR;
 *   anything else unexpected -> UNEXPECTED_SERVER_ERROR.
 * - 'backOffice' (/volunteering/backOffice/...): a write answering 401 -> SERVER_SIDE_ERROR with the parsed body; a GET
 *   answering 204 -> SERVER_SIDE_ERROR; anything else unexpected -> UNEXPECTED_SERVER_ERROR.
 * A missing path parameter throws before any request: "The parameter '{name}' must be defined."
 */
export const UNEXPECTED_SERVER_ERROR = 'An unexpected server error occurred.';
export const SERVER_SIDE_ERROR = 'A server side error occurred.';
/** A member-side 401 without a message of its own (the session ended). */
export const SIGN_IN_AGAIN = 'Please sign in again to continue.';
export const missingParameterMessage = (name: string) => `The parameter '${name}' must be defined.`;

export type VolunteeringClientKind = 'general' | 'member' | 'backOffice';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type PathParams = Record<string, string | number | null | undefined>;

export class VolunteeringApiError extends ExplainedError {
  override name = 'VolunteeringApiError';
  constructor(
    message: string,
    override readonly status: number,
    /** The response body as text ('' when there was none). */
    readonly response: string,
    /** The response body parsed as JSON, when it was JSON. */
    readonly result: unknown,
  ) {
    super(message);
  }

  /**
   * The server's own sentence about this case (problem+json `detail`), if it sent one. A bare `title` names only the
   * kind of failure ('Unauthorized'), so the catalogue's message stands instead.
   */
  get detail(): string | undefined {
    if (typeof this.result !== 'object' || this.result === null) return undefined;
    const { detail } = this.result as { detail?: unknown };
    return typeof detail === 'string' && detail ? detail : undefined;
  }

  /** What a screen shows: the server's own sentence when it gave one, else the catalogue's. */
  override get userMessage(): string {
    return this.detail ?? this.message;
  }

  override get fieldErrors(): readonly FieldError[] {
    return isProblem(this.result) ? (this.result.errors ?? []) : [];
  }
}

/** A parameter was missing when building a call's path; no request was made. */
export class MissingParameterError extends ExplainedError {
  override name = 'MissingParameterError';
  constructor(readonly parameter: string) {
    super(missingParameterMessage(parameter));
  }
}

/** Fills `{name}` placeholders; each value must be defined and non-empty, and is URL-encoded. */
export function buildPath(template: string, params: PathParams = {}): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new MissingParameterError(name);
    return encodeURIComponent(String(value));
  });
}

export interface VolunteeringCall<T> {
  kind: VolunteeringClientKind;
  method: Method;
  /** The spec's path with {placeholders}, without the /api prefix. */
  path: string;
  params?: PathParams;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The statuses this call answers on success (default: 200 or 204 for the general client, 200 otherwise). */
  expect?: readonly number[];
  /** Parses a JSON body; leave out for calls answering no content. */
  schema?: ZodMiniType<T>;
  signal?: AbortSignal;
}

export async function volunteeringRequest<T>(call: VolunteeringCall<T>): Promise<T> {
  const response = await send(call, 'application/json');
  const expected = expectedStatuses(call);
  const text = await response.text();
  const parsed = parseJson(text);
  if (!expected.includes(response.status)) throw catalogueError(call, response.status, text, parsed);
  if (response.status === 204 || !call.schema) return undefined as T;
  const result = call.schema.safeParse(parsed);
  if (!result.success) throw new UnexpectedResponseError(`Unexpected response from ${call.path}.`, { cause: result.error });
  return result.data;
}

/** A call answering a file (binary): its bytes and the name its content-disposition gives it. */
export async function volunteeringFile(call: Omit<VolunteeringCall<never>, 'schema'> & { fallbackName: string }): Promise<{ blob: Blob; filename: string }> {
  const response = await send(call, '*/*');
  const expected = expectedStatuses(call);
  if (!expected.includes(response.status)) {
    const text = await response.text();
    throw catalogueError(call, response.status, text, parseJson(text));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : call.fallbackName };
}

const expectedStatuses = (call: Pick<VolunteeringCall<unknown>, 'kind' | 'expect'>): readonly number[] =>
  call.expect ?? (call.kind === 'general' ? [200, 204] : [200]);

async function send(call: VolunteeringCall<unknown>, accept: string): Promise<Response> {
  const path = buildPath(call.path, call.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined && value !== '') search.set(key, String(value));
  const url = `${API_BASE}${path}${search.size ? `?${search.toString()}` : ''}`;
  const headers: Record<string, string> = { accept };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const token = await getIdToken();
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    // A guest's list read that the early start already made (lib/early-start.ts) takes its answer.
    const early = call.method === 'GET' && !token && accept === 'application/json' ? await takeEarlyRead(url) : undefined;
    if (early) return early;
    return await fetch(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('We could not reach the server. Check your connection and try again.', { cause: error });
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Spec 2 §8, one row per branch. */
function catalogueError(call: VolunteeringCall<unknown>, status: number, text: string, parsed: unknown): VolunteeringApiError {
  const read = call.method === 'GET';
  if (call.kind === 'member') {
    if (status === 401) return new VolunteeringApiError(messageOf(parsed) ?? SIGN_IN_AGAIN, status, text, parsed);
    if (status === 204 && read) return new VolunteeringApiError(SERVER_SIDE_ERROR, status, text, parsed);
  }
  if (call.kind === 'backOffice') {
    if (status === 401 && !read) return new VolunteeringApiError(SERVER_SIDE_ERROR, status, text, parsed);
    if (status === 204 && read) return new VolunteeringApiError(SERVER_SIDE_ERROR, status, text, parsed);
  }
  return new VolunteeringApiError(UNEXPECTED_SERVER_ERROR, status, text, parsed);
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, title, message } = body as { detail?: unknown; title?: unknown; message?: unknown };
  for (const candidate of [detail, message, title]) if (typeof candidate === 'string' && candidate) return candidate;
  return undefined;
}
