import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn, readBody as readLimited } from '../runtime/http-server';
import { logger } from '@giving/shared/lambda/logger';

/**
 * The small part of the AWS JSON protocols (1.0 and 1.1) our stand-ins speak: POST with `X-Amz-Target: <Prefix>.<Op>`,
 * a JSON body, and errors as `{__type, message}` with the code in `x-amzn-ErrorType`, which is how the AWS SDK
 * picks the exception class it throws (e.g. ExecutionAlreadyExists).
 */
export class AwsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = code;
  }
}

export type Operation = (input: Record<string, unknown>) => unknown;

/** A plain HTTP route beside the AWS API (e.g. /_local/events); return false when it is not yours. */
export type LocalRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;

const MAX_BODY_BYTES = 1024 * 1024;
const log = logger.child({ component: 'aws-json' });

export function awsJsonHandler(options: {
  protocol: '1.0' | '1.1';
  targetPrefix: string;
  operations: Record<string, Operation>;
  localRoutes?: LocalRoute;
}) {
  const contentType = `application/x-amz-json-${options.protocol}`;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    res.setHeader('x-amzn-RequestId', requestId);
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (options.localRoutes && (await options.localRoutes(req, res, url))) return;
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target) {
        throw new AwsError('UnknownOperationException', `No ${options.targetPrefix} operation at ${req.method} ${url.pathname}`, 404);
      }
      const [prefix, name] = target.split('.');
      const operation = prefix === options.targetPrefix && name ? options.operations[name] : undefined;
      if (!operation) {
        throw new AwsError('UnknownOperationException', `Operation ${target} is not supported by the local ${options.targetPrefix} stand-in`);
      }
      const body = await readBody(req);
      let input: unknown;
      try {
        input = body ? JSON.parse(body) : {};
      } catch {
        throw new AwsError('SerializationException', 'The request body is not valid JSON');
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw new AwsError('SerializationException', 'The request body must be a JSON object');
      }
      const output = await operation(input as Record<string, unknown>);
      sendJson(res, 200, output ?? {}, contentType);
    } catch (error) {
      if (error instanceof AwsError) {
        res.setHeader('x-amzn-ErrorType', error.code);
        sendJson(res, error.status, { __type: error.code, message: error.message }, contentType);
        return;
      }
      log.error('request failed', { requestId, error });
      res.setHeader('x-amzn-ErrorType', 'InternalException');
      sendJson(res, 500, { __type: 'InternalException', message: 'Internal error in the local stand-in' }, contentType);
    }
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const body = await readLimited(req, MAX_BODY_BYTES, () => new AwsError('ValidationException', `Request body is larger than ${MAX_BODY_BYTES} bytes`, 413));
  return body.toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Listens on loopback (port 0 picks a free one) and gives back the URL handlers use. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  port: number,
  hostname = 'localhost',
): Promise<{ server: Server; port: number; url: string }> {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        log.error('request failed', { url: req.url, error });
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal error in the local stand-in' });
        else res.destroy();
      });
  });
  return { server, ...(await listenOn(server, port, hostname)) };
}


/** AWS JSON timestamps are epoch seconds. */
export const epochSeconds = (date: Date) => date.getTime() / 1000;
