import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { stateDir } from '../config';
import { Outbox } from './outbox';
import { listPage, messagePage, notFoundPage, OUTBOX_CSP } from './pages';
import { parseSendEmail, SesError } from './send-email';
import { closeServer, listenOn, readBody as readLimited } from '../runtime/http-server';

/**
 * The mail outbox: SESv2 SendEmail stores each message as a JSON file instead of sending it, and the same port
 * serves the messages to a person (GET /, GET /messages/<id>) and to tests (GET /api/messages?to=<address>).
 */
export interface MailOutboxOptions {
  port: number;
  /** Defaults to .local/outbox. */
  rootDir?: string;
  hostname?: string;
}

export interface RunningMailOutbox {
  url: string;
  rootDir: string;
  stop(): Promise<void>;
}

/** SES accepts messages up to 40 MB. */
const MAX_BODY_BYTES = 40 * 1024 * 1024;

export async function startMailOutbox(options: MailOutboxOptions): Promise<RunningMailOutbox> {
  const rootDir = path.resolve(options.rootDir ?? path.join(stateDir(), 'outbox'));
  const outbox = new Outbox(rootDir);
  const server = createServer((req, res) => {
    handle(outbox, req, res).catch((error: unknown) => {
      console.error('[mail] request failed:', req.method, req.url, error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error in the local mail outbox.' }, { 'x-amzn-errortype': 'InternalFailure' });
      else res.destroy();
    });
  });
  const { url } = await listenOn(server, options.port, options.hostname);
  return {
    url,
    rootDir,
    stop: () => closeServer(server),
  };
}

async function handle(outbox: Outbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const route = `${method} ${url.pathname}`;

  if (route === 'POST /v2/email/outbound-emails') return sendEmail(outbox, req, res);

  if (route === 'GET /api/messages') {
    const to = url.searchParams.get('to');
    return sendJson(res, 200, { messages: await outbox.list(to === null ? {} : { to }) });
  }
  if (route === 'DELETE /api/messages') {
    await outbox.clear();
    res.writeHead(204).end();
    return;
  }
  const apiMessage = /^\/api\/messages\/([^/]+)$/.exec(url.pathname);
  if (method === 'GET' && apiMessage) {
    const message = await outbox.get(apiMessage[1]!);
    return message ? sendJson(res, 200, message) : sendJson(res, 404, { message: 'No such message.' });
  }

  if (route === 'GET /') return sendHtml(res, 200, listPage(await outbox.list()));
  const pageMessage = /^\/messages\/([^/]+)$/.exec(url.pathname);
  if (method === 'GET' && pageMessage) {
    const message = await outbox.get(pageMessage[1]!);
    return message ? sendHtml(res, 200, messagePage(message)) : sendHtml(res, 404, notFoundPage());
  }

  if (url.pathname.startsWith('/v2/')) {
    return sendSesError(res, new SesError('NotFoundException', 404, `The local outbox implements SendEmail only, not ${method} ${url.pathname}.`));
  }
  sendHtml(res, 404, notFoundPage());
}

async function sendEmail(outbox: Outbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof SesError) return sendSesError(res, error);
    return sendSesError(res, new SesError('BadRequestException', 400, 'The request body is not valid JSON.'));
  }
  let message;
  try {
    message = parseSendEmail(body);
  } catch (error) {
    if (error instanceof SesError) return sendSesError(res, error);
    throw error;
  }
  const stored = await outbox.save(message);
  sendJson(res, 200, { MessageId: stored.id });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const body = await readLimited(req, MAX_BODY_BYTES, () => new SesError('MessageRejected', 400, `Message length is more than ${MAX_BODY_BYTES} bytes long.`));
  return body.toString('utf8');
}

function sendSesError(res: ServerResponse, error: SesError): void {
  sendJson(res, error.status, { message: error.message }, { 'x-amzn-errortype': error.type });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-amzn-requestid': randomUUID(), ...headers })
    .end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      'content-security-policy': OUTBOX_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    })
    .end(html);
}
