import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dashboardPage, DASHBOARD_CSP, escapeHtml } from './dashboard';
import { newEncryptionKey, type AccountEncryptionKey } from './encryption';
import { hostedFieldsCsp, hostedFieldsPage } from './hosted-fields';
import { errorBody, Ledger, type ChargeRequest, type GatewayReply } from './ledger';
import { closeServer, listenOn, readBody as readLimited } from '../runtime/http-server';

/**
 * The sandbox card gateway, on its own origin: hosted card fields for our checkout's iframe, tokenisation with
 * the publishable key (or, for an account with a client key, of card fields encrypted in the frame), customers and
 * their saved cards (payment methods), charges of a token or a saved card with the secret key (idempotent by
 * Idempotency-Key), full or part refunds (idempotent too; the payment workflow's compensation and the back office's refunds), a lookup by idempotency key
 * for reconciliation, and a dashboard of charges. Test card numbers (TEST_CARDS) approve, decline (soft or hard),
 * fail once, lose the reply, or decline only once saved.
 *
 * It keeps several merchant accounts apart, as a real gateway does: whatever a key makes (tokens, customers, saved
 * cards, charges, refunds, idempotency keys) belongs to that key's account, and another account's secret key gets
 * "No such token" for it.
 */
export interface CardGatewayOptions {
  port: number;
  /** The one origin allowed to embed the hosted fields and receive their messages. */
  siteOrigin: string;
  /** The platform account's secret key, for server-side calls (charges). */
  apiKey: string;
  /** The platform account's publishable key, for the hosted fields (tokens). */
  publishableKey: string;
  /**
   * Further merchant accounts whose hosted fields encrypt the card in the frame (client-side encryption): each has a
   * public client key, which names it to the hosted fields and the encryption-key and encrypted-tokens APIs, and its
   * own secret key. An RSA key pair is made for each when the gateway starts.
   */
  encryptingAccounts?: readonly { name: string; clientKey: string; apiKey: string }[];
  /** How long the lost-reply test card holds its answer; default 30 s, beyond any sensible client timeout. */
  lostReplyDelayMs?: number;
  /** The host it listens on, and names in its URL (default localhost). */
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

/** The platform account's name in the ledger (charges, tokens and the rest carry their account's name). */
export const PLATFORM_ACCOUNT = 'platform';

interface Account {
  name: string;
  apiKey: string;
  publishableKey?: string;
  clientKey?: string;
  encryption?: AccountEncryptionKey;
}

export async function startCardGateway(options: CardGatewayOptions): Promise<RunningCardGateway> {
  const siteOrigin = new URL(options.siteOrigin).origin;
  const ledger = new Ledger({ lostReplyDelayMs: options.lostReplyDelayMs ?? 30_000 });
  const held = new Set<NodeJS.Timeout>();
  const accounts: Account[] = [
    { name: PLATFORM_ACCOUNT, apiKey: options.apiKey, publishableKey: options.publishableKey },
    ...(options.encryptingAccounts ?? []).map((account) => ({ ...account, encryption: newEncryptionKey() })),
  ];
  const keys = accounts.flatMap((account) => [account.apiKey, account.publishableKey, account.clientKey, account.name]).filter((key) => key !== undefined);
  if (new Set(keys).size !== keys.length) throw new Error('card gateway accounts need distinct names and keys');
  const context: Context = { ...options, siteOrigin, ledger, held, accounts };

  const server = createServer((req, res) => {
    handle(context, req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      // Only the route: a request body may hold a card number.
      console.error('[card-gateway] request failed:', req.method, req.url?.split('?')[0], error instanceof Error ? error.name : 'error');
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', 'The sandbox gateway failed.'));
      else res.destroy();
    });
  });
  const { port } = await listenOn(server, options.port, options.hostname);
  return {
    url: `http://${options.hostname ?? 'localhost'}:${port}`,
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
  accounts: Account[];
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
    case 'POST /v1/encrypted-tokens':
      return createEncryptedToken(context, req, res);
    case 'POST /v1/charges':
      return createCharge(context, req, res);
    case 'POST /v1/customers': {
      const account = accountOfSecret(context, req);
      const key = idempotencyKeyOf(req);
      const body = await readBody(req);
      const text = (name: string) => (typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string).slice(0, 500) : null);
      return sendReply(res, context.ledger.createCustomer(account, key, { email: text('email'), description: text('description') }));
    }
    case 'POST /v1/refunds': {
      const account = accountOfSecret(context, req);
      const key = idempotencyKeyOf(req);
      const { charge, amount } = await readBody(req);
      if (typeof charge !== 'string' || charge === '') throw new HttpError(400, errorBody('invalid_request_error', 'A charge to refund is required.', { param: 'charge' }));
      if (amount !== undefined && !(Number.isInteger(amount) && (amount as number) > 0)) {
        throw new HttpError(400, errorBody('invalid_request_error', 'The amount to refund must be a positive whole number of cents.', { param: 'amount' }));
      }
      return sendReply(res, context.ledger.refund(account, key, charge, amount as number | undefined));
    }
    case 'GET /v1/refunds': {
      const account = accountOfSecret(context, req);
      const charge = url.searchParams.get('charge');
      return sendJson(res, 200, { object: 'list', data: context.ledger.listRefunds(account, charge === null ? {} : { chargeId: charge }) });
    }
    case 'GET /v1/charges': {
      const account = accountOfSecret(context, req);
      const key = url.searchParams.get('idempotency_key');
      const data = context.ledger.listCharges({ account, ...(key === null ? {} : { idempotencyKey: key }) });
      return sendJson(res, 200, { object: 'list', data });
    }
  }
  const encryptionKey = /^\/v1\/accounts\/([A-Za-z0-9_]+)\/encryption-key$/.exec(url.pathname)?.[1];
  if (method === 'GET' && encryptionKey) return sendEncryptionKey(context, encryptionKey, res);
  const customer = /^\/v1\/customers\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
  if (method === 'DELETE' && customer) return sendReply(res, context.ledger.deleteCustomer(accountOfSecret(context, req), customer));
  const methods = /^\/v1\/customers\/([A-Za-z0-9_]+)\/payment_methods(?:\/([A-Za-z0-9_]+))?$/.exec(url.pathname);
  if (methods) return paymentMethods(context, req, res, methods[1] as string, methods[2]);
  const tokenId = /^\/v1\/tokens\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
  if (method === 'GET' && tokenId) return sendReply(res, context.ledger.getToken(accountOfSecret(context, req), tokenId));
  const chargeId = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
  if (method === 'GET' && chargeId) {
    const account = accountOfSecret(context, req);
    const charge = context.ledger.getCharge(account, chargeId);
    return charge ? sendJson(res, 200, charge) : sendJson(res, 404, errorBody('invalid_request_error', `No such charge: '${chargeId}'`, { code: 'resource_missing' }));
  }
  sendJson(res, 404, errorBody('invalid_request_error', `Unrecognised request URL (${method}: ${url.pathname}).`));
}

/**
 * The hosted fields for one account: `publishableKey=` (the card goes to /v1/tokens over TLS, as today) or
 * `clientKey=` (the nz variant: the card number and CVC are encrypted in the frame with the account's public key).
 */
function hostedFields(context: Context, url: URL, res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  const csp = hostedFieldsCsp(context.siteOrigin, nonce);
  const parentOrigin = url.searchParams.get('parentOrigin');
  if (parentOrigin !== context.siteOrigin) {
    return sendHtml(res, 400, messagePage('This card form can only be shown inside the site it was issued to.'), csp);
  }
  const clientKey = url.searchParams.get('clientKey');
  if (clientKey !== null) {
    const account = context.accounts.find((a) => a.clientKey !== undefined && sameSecret(clientKey, a.clientKey));
    if (!account?.clientKey) return sendHtml(res, 401, messagePage('Unknown client key.'), csp);
    return sendHtml(res, 200, hostedFieldsPage({ parentOrigin, key: { clientKey: account.clientKey }, nonce }), csp);
  }
  const publishableKey = url.searchParams.get('publishableKey');
  const account = context.accounts.find((a) => a.publishableKey !== undefined && sameSecret(publishableKey ?? undefined, a.publishableKey));
  if (!account?.publishableKey) return sendHtml(res, 401, messagePage('Unknown publishable key.'), csp);
  sendHtml(res, 200, hostedFieldsPage({ parentOrigin, key: { publishableKey: account.publishableKey }, nonce }), csp);
}

function tokenReply(res: ServerResponse, result: ReturnType<Ledger['tokenise']>): void {
  if ('errors' in result) {
    return sendJson(res, 400, errorBody('card_error', 'The card details are invalid.', { fields: result.errors }));
  }
  // The browser gets what it shows (brand, last 4, expiry); the fingerprint is for the merchant's secret key.
  const { fingerprint: _fingerprint, ...card } = result.token.card;
  sendJson(res, 200, { id: result.token.id, object: 'token', card, created: result.token.created });
}

async function createToken(context: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const key = bearer(req) ?? (typeof body.key === 'string' ? body.key : undefined);
  const account = context.accounts.find((a) => a.publishableKey !== undefined && sameSecret(key, a.publishableKey));
  if (!account) throw unauthorised();
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  tokenReply(res, context.ledger.tokenise(account.name, { name: field('name'), number: field('number'), expMonth: field('expMonth'), expYear: field('expYear'), cvc: field('cvc') }));
}

const accountOfClientKey = (context: Context, clientKey: string | undefined) =>
  context.accounts.find((a) => a.clientKey !== undefined && a.encryption !== undefined && sameSecret(clientKey, a.clientKey));

/** GET /v1/accounts/{clientKey}/encryption-key: the account's RSA public key (JWK) for the hosted fields. Public, as the client key is. */
function sendEncryptionKey(context: Context, clientKey: string, res: ServerResponse): void {
  const account = accountOfClientKey(context, clientKey);
  if (!account?.encryption) return sendJson(res, 404, errorBody('invalid_request_error', 'No such client key.', { code: 'resource_missing', param: 'clientKey' }));
  sendJson(res, 200, account.encryption.publicJwk, { 'cache-control': 'no-store' });
}

/**
 * POST /v1/encrypted-tokens: {clientKey, encryptedCardNumber, encryptedCvc, expiryMonth, expiryYear, holderName}
 * (the client key in the body or as the bearer). Decrypts, then validates and answers exactly as /v1/tokens does,
 * with a token of the client key's account. Nothing decrypted is kept, echoed or logged.
 */
async function createEncryptedToken(context: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const account = accountOfClientKey(context, bearer(req) ?? (typeof body.clientKey === 'string' ? body.clientKey : undefined));
  if (!account?.encryption) throw new HttpError(401, errorBody('authentication_error', 'Invalid client key provided.'));
  const now = new Date();
  const number = account.encryption.decrypt(body.encryptedCardNumber, 'number', now);
  if (number === undefined) throw new HttpError(400, errorBody('invalid_request_error', 'The card number could not be decrypted: encrypt it again with this account\'s current key.', { param: 'encryptedCardNumber' }));
  const cvc = account.encryption.decrypt(body.encryptedCvc, 'cvc', now);
  if (cvc === undefined) throw new HttpError(400, errorBody('invalid_request_error', 'The CVC could not be decrypted: encrypt it again with this account\'s current key.', { param: 'encryptedCvc' }));
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  tokenReply(res, context.ledger.tokenise(account.name, { name: field('holderName'), number, expMonth: field('expiryMonth'), expYear: field('expiryYear'), cvc }));
}

/** A customer's saved cards: save a token (POST, idempotent), list them (GET), remove one (DELETE .../{id}). */
async function paymentMethods(context: Context, req: IncomingMessage, res: ServerResponse, customerId: string, methodId: string | undefined): Promise<void> {
  const account = accountOfSecret(context, req);
  const route = `${req.method ?? 'GET'} ${methodId === undefined ? 'list' : 'one'}`;
  if (route === 'GET list') return sendReply(res, context.ledger.listPaymentMethods(account, customerId));
  if (route === 'DELETE one') return sendReply(res, context.ledger.deletePaymentMethod(account, customerId, methodId as string));
  if (route === 'POST list') {
    const key = idempotencyKeyOf(req);
    const { source } = await readBody(req);
    if (typeof source !== 'string' || source === '') {
      throw new HttpError(400, errorBody('invalid_request_error', 'A source (a card token) is required.', { param: 'source' }));
    }
    return sendReply(res, context.ledger.savePaymentMethod(account, key, customerId, source));
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
  const account = accountOfSecret(context, req);
  const idempotencyKey = idempotencyKeyOf(req);
  const reply = context.ledger.charge(account, idempotencyKey, parseChargeRequest(await readBody(req)));
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

/** The account whose secret key the request carries; 401 for any other key (a publishable or client key included). */
function accountOfSecret(context: Context, req: IncomingMessage): string {
  const key = bearer(req);
  const account = context.accounts.find((a) => sameSecret(key, a.apiKey));
  if (!account) throw unauthorised();
  return account.name;
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
