import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dashboardPage, DASHBOARD_CSP, escapeHtml } from './dashboard';
import { hostedFieldsCsp, hostedFieldsPage } from './hosted-fields';
import { errorBody, Ledger, type ChargeRequest, type GatewayReply } from './ledger';
import { closeServer, listenOn, readBody as readLimited } from '../runtime/http-server';

/**
 * The sandbox card gateway, on its own origin: hosted card fields for our checkout's iframe, tokenisation with
 * the publishable key, customers and their saved cards (payment methods), charges of a token or a saved card with
 * the secret key (idempotent by Idempotency-Key), full refunds (idempotent too; the payment workflow's compensation),
 * a lookup by idempotency key for reconciliation, and a dashboard of
 * charges. Test card numbers (TEST_CARDS) approve, decline (soft or hard), fail once, lose the reply, or decline
 * only once saved.
 */
export interface CardGatewayOptions {
  port: number;
  /** The one origin allowed to embed the hosted fields and receive their messages. */
  siteOrigin: string;
  /** Secret key, for server-side calls (charges). */
  apiKey: string;
  /** Publishable key, for the hosted fields (tokens). */
  publishableKey: string;
  /** How long the lost-reply test card holds its answer; default 30 s, beyond any sensible client timeout. */
  lostReplyDelayMs?: number;
  hostname?: string;
}

export interface RunningCardGateway {
  url: string;
  stop(): Promise<void>;
  /** Everything the gateway holds (tokens, charges, idempotency keys). */
  snapshot: Ledger['snapshot'];
}

const MAX_BODY_BYTES = 16 * 1024;
const MAX_AMOUNT = 99_999_999;
const CURRENCIES = ['nzd', 'aud'] as const;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export async function startCardGateway(options: CardGatewayOptions): Promise<RunningCardGateway> {
  const siteOrigin = new URL(options.siteOrigin).origin;
  const ledger = new Ledger({ lostReplyDelayMs: options.lostReplyDelayMs ?? 30_000 });
  const held = new Set<NodeJS.Timeout>();
  const context: Context = { ...options, siteOrigin, ledger, held };

  const server = createServer((req, res) => {
    handle(context, req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      // Only the route: a request body may hold a card number.
      console.error('[card-gateway] request failed:', req.method, req.url?.split('?')[0], error instanceof Error ? error.name : 'error');
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', 'The sandbox gateway failed.'));
      else res.destroy();
    });
  });
  const { url } = await listenOn(server, options.port, options.hostname);
  return {
    url,
    snapshot: () => ledger.snapshot(),
    stop: () => {
      for (const timer of held) clearTimeout(timer);
      held.clear();
      return closeServer(server);
    },
  };
}

interface Context extends CardGatewayOptions {
  ledger: Ledger;
  held: Set<NodeJS.Timeout>;
}

async function handle(context: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const route = `${method} ${url.pathname}`;
  switch (route) {
    case 'GET /':
      return sendHtml(res, 200, dashboardPage(context.ledger.listCharges()), DASHBOARD_CSP);
    case 'GET /hosted-fields':
      return hostedFields(context, url, res);
    case 'POST /v1/tokens':
      return createToken(context, req, res);
    case 'POST /v1/charges':
      return createCharge(context, req, res);
    case 'POST /v1/customers': {
      requireKey(req, context.apiKey);
      const key = idempotencyKeyOf(req);
      const body = await readBody(req);
      const text = (name: string) => (typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string).slice(0, 500) : null);
      return sendReply(res, context.ledger.createCustomer(key, { email: text('email'), description: text('description') }));
    }
    case 'POST /v1/refunds': {
      requireKey(req, context.apiKey);
      const key = idempotencyKeyOf(req);
      const { charge } = await readBody(req);
      if (typeof charge !== 'string' || charge === '') throw new HttpError(400, errorBody('invalid_request_error', 'A charge to refund is required.', { param: 'charge' }));
      return sendReply(res, context.ledger.refund(key, charge));
    }
    case 'GET /v1/refunds': {
      requireKey(req, context.apiKey);
      const charge = url.searchParams.get('charge');
      return sendJson(res, 200, { object: 'list', data: context.ledger.listRefunds(charge === null ? {} : { chargeId: charge }) });
    }
    case 'GET /v1/charges': {
      requireKey(req, context.apiKey);
      const key = url.searchParams.get('idempotency_key');
      const data = context.ledger.listCharges(key === null ? {} : { idempotencyKey: key });
      return sendJson(res, 200, { object: 'list', data });
    }
  }
  const methods = /^\/v1\/customers\/([A-Za-z0-9_]+)\/payment_methods(?:\/([A-Za-z0-9_]+))?$/.exec(url.pathname);
  if (methods) return paymentMethods(context, req, res, methods[1] as string, methods[2]);
  const chargeId = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
  if (method === 'GET' && chargeId) {
    requireKey(req, context.apiKey);
    const charge = context.ledger.getCharge(chargeId);
    return charge ? sendJson(res, 200, charge) : sendJson(res, 404, errorBody('invalid_request_error', `No such charge: '${chargeId}'`, { code: 'resource_missing' }));
  }
  sendJson(res, 404, errorBody('invalid_request_error', `Unrecognised request URL (${method}: ${url.pathname}).`));
}

function hostedFields(context: Context, url: URL, res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  const csp = hostedFieldsCsp(context.siteOrigin, nonce);
  const parentOrigin = url.searchParams.get('parentOrigin');
  if (parentOrigin !== context.siteOrigin) {
    return sendHtml(res, 400, messagePage('This card form can only be shown inside the site it was issued to.'), csp);
  }
  if (url.searchParams.get('publishableKey') !== context.publishableKey) {
    return sendHtml(res, 401, messagePage('Unknown publishable key.'), csp);
  }
  sendHtml(res, 200, hostedFieldsPage({ parentOrigin, publishableKey: context.publishableKey, nonce }), csp);
}

async function createToken(context: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const key = bearer(req) ?? (typeof body.key === 'string' ? body.key : undefined);
  if (!sameSecret(key, context.publishableKey)) throw unauthorised();
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const result = context.ledger.tokenise({ name: field('name'), number: field('number'), expMonth: field('expMonth'), expYear: field('expYear'), cvc: field('cvc') });
  if ('errors' in result) {
    return sendJson(res, 400, errorBody('card_error', 'The card details are invalid.', { fields: result.errors }));
  }
  sendJson(res, 200, { id: result.token.id, object: 'token', card: result.token.card, created: result.token.created });
}

/** A customer's saved cards: save a token (POST, idempotent), list them (GET), remove one (DELETE .../{id}). */
async function paymentMethods(context: Context, req: IncomingMessage, res: ServerResponse, customerId: string, methodId: string | undefined): Promise<void> {
  requireKey(req, context.apiKey);
  const route = `${req.method ?? 'GET'} ${methodId === undefined ? 'list' : 'one'}`;
  if (route === 'GET list') return sendReply(res, context.ledger.listPaymentMethods(customerId));
  if (route === 'DELETE one') return sendReply(res, context.ledger.deletePaymentMethod(customerId, methodId as string));
  if (route === 'POST list') {
    const key = idempotencyKeyOf(req);
    const { source } = await readBody(req);
    if (typeof source !== 'string' || source === '') {
      throw new HttpError(400, errorBody('invalid_request_error', 'A source (a card token) is required.', { param: 'source' }));
    }
    return sendReply(res, context.ledger.savePaymentMethod(key, customerId, source));
  }
  sendJson(res, 405, errorBody('invalid_request_error', `Unsupported method ${req.method ?? ''} here.`));
}

function idempotencyKeyOf(req: IncomingMessage): string {
  const idempotencyKey = req.headers['idempotency-key'];
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > 255) {
    throw new HttpError(400, errorBody('invalid_request_error', 'An Idempotency-Key header (1 to 255 characters) is required.', { param: 'Idempotency-Key' }));
  }
  return idempotencyKey;
}

async function createCharge(context: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  requireKey(req, context.apiKey);
  const idempotencyKey = idempotencyKeyOf(req);
  const reply = context.ledger.charge(idempotencyKey, parseChargeRequest(await readBody(req)));
  if (reply.holdMs === undefined) return sendReply(res, reply);
  const timer = setTimeout(() => {
    context.held.delete(timer);
    sendReply(res, reply);
  }, reply.holdMs);
  context.held.add(timer);
  res.on('close', () => {
    clearTimeout(timer);
    context.held.delete(timer);
  });
}

function parseChargeRequest(body: Record<string, unknown>): ChargeRequest {
  const invalid = (param: string, message: string) => new HttpError(400, errorBody('invalid_request_error', message, { param }));
  const { source, description, customer } = body;
  if (typeof source !== 'string' || source === '') throw invalid('source', 'A source (a card token) is required.');
  if (customer !== undefined && customer !== null && (typeof customer !== 'string' || customer === '')) throw invalid('customer', 'The customer must be a customer id.');
  const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
    throw invalid('amount', `The amount must be a whole number of cents from 1 to ${MAX_AMOUNT}.`);
  }
  const currency = typeof body.currency === 'string' ? body.currency.toLowerCase() : undefined;
  if (!CURRENCIES.includes(currency as (typeof CURRENCIES)[number])) throw invalid('currency', `The currency must be one of ${CURRENCIES.join(', ')}.`);
  if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > 1000)) {
    throw invalid('description', 'The description must be text of at most 1000 characters.');
  }
  return {
    source,
    customer: typeof customer === 'string' ? customer : null,
    amount,
    currency: currency as ChargeRequest['currency'],
    description: typeof description === 'string' ? description : null,
  };
}

function sendReply(res: ServerResponse, reply: GatewayReply): void {
  sendJson(res, reply.status, reply.body, reply.replayed ? { 'idempotent-replayed': 'true' } : {});
}

/** JSON or form-encoded. Parse errors are never logged or echoed: their messages quote the body, card number and all. */
async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readLimited(req, MAX_BODY_BYTES, () => new HttpError(413, errorBody('invalid_request_error', 'The request body is too large.')))).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, errorBody('invalid_request_error', 'The request body must be a JSON object or form-encoded.'));
  }
  return parsed as Record<string, unknown>;
}

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const unauthorised = () => new HttpError(401, errorBody('authentication_error', 'Invalid API key provided.'));

function requireKey(req: IncomingMessage, apiKey: string): void {
  if (!sameSecret(bearer(req), apiKey)) throw unauthorised();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  const extra: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer realm="sandbox card gateway"' } : {};
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra,
      ...headers,
    })
    .end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string, csp: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    })
    .end(html);
}

function messagePage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card details</title></head><body><p>${escapeHtml(message)}</p></body></html>`;
}
