import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

interface Route {
  method: string;
  url: string | RegExp;
  respond: Responder;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ type: 'about:blank', status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/**
 * A fetch stand-in keyed by method and URL, installed as the global fetch. Later routes win, so a test can
 * override a default. A request nobody answers fails loudly (and is listed in `unhandled`).
 */
export function installFetchFake() {
  const routes: Route[] = [];
  const calls: RecordedRequest[] = [];
  const unhandled: string[] = [];

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    const route = [...routes].reverse().find((r) => r.method === method && (typeof r.url === 'string' ? r.url === url : r.url.test(url)));
    if (!route) {
      unhandled.push(`${method} ${url}`);
      throw new TypeError(`fetch fake: no answer for ${method} ${url}`);
    }
    return route.respond(request);
  });
  vi.stubGlobal('fetch', fetchFake);

  const on = (method: string, url: string | RegExp, respond: Responder | Response) => {
    routes.push({ method, url, respond: typeof respond === 'function' ? respond : () => respond.clone() });
  };

  return {
    on,
    /** Answers each call with the next responder; the last one repeats. */
    sequence(method: string, url: string | RegExp, responders: Array<Responder | (() => Response)>) {
      let index = 0;
      on(method, url, (request) => {
        const responder = responders[Math.min(index, responders.length - 1)];
        index += 1;
        if (!responder) throw new Error('sequence needs at least one responder');
        return responder(request);
      });
    },
    calls,
    unhandled,
    callsTo: (method: string, url: string | RegExp) =>
      calls.filter((c) => c.method === method && (typeof url === 'string' ? c.url === url : url.test(c.url))),
  };
}

export type FetchFake = ReturnType<typeof installFetchFake>;
