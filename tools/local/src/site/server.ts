import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { edgeAddress, isEdgeOwnedHeader, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@giving/shared/edge';
import { LIVE_PATH } from '@giving/shared/live/channels';
import { API_PREFIX } from '@giving/shared/manifest';
import { embedRuntimeConfig } from '@giving/shared/runtime-config';
import { inlineScriptHashes } from '@giving/shared/inline-scripts';
import { mediaSecurityHeaders, securityHeaders, type SecurityHeaderOrigins } from '@giving/shared/security-headers';
import { siteGuardDecision, type SiteGuardConfig } from '@giving/shared/site-guard';
import { refuseTooManyRequests, type EdgeRateLimiter } from '../edge/rate-limiter';
import { closeServer, listenOn } from '../runtime/http-server';
import { chooseEncoding, compressedFiles, isCompressible } from './compression';

/**
 * The one local origin, as CloudFront is in AWS: /api/* to the HTTP API, /media/* to the media bucket,
 * /config.json for the SPA's runtime settings, and everything else from the built SPA (extension-less
 * paths fall back to index.html, as the CloudFront Function rewrites them). The optional site-wide guard runs
 * first, as CloudFront's viewer-request function does, and every response carries the same security headers
 * as CloudFront's response-headers policy.
 */
export interface SiteOptions {
  port: number;
  webDist: string;
  runtimeConfig: Record<string, unknown>;
  api: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
  media?: (req: IncomingMessage, res: ServerResponse, key: string) => Promise<void> | void;
  origins: SecurityHeaderOrigins;
  /** The optional site-wide guard (shared/site-guard.ts); off when absent or when it names no domains. */
  siteGuard?: SiteGuardConfig;
  /** What the origin sends the API as X-Origin-Verify, as CloudFront sends its secret (shared/edge.ts). */
  originVerify?: string;
  /** The web ACL's rate rules (shared/edge.ts), applied before anything else as WAF is; absent: none. */
  rateLimits?: EdgeRateLimiter;
  /**
   * The WebSocket API (tools/local/src/websocket): upgrades of LIVE_PATH go there, as CloudFront forwards that path to
   * API Gateway, after the rate rules and the guard and with the edge's headers; absent, upgrades are refused.
   */
  live?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Extra local-only pages (e.g. the mail outbox link) mounted under /_local/. */
  local?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * As the edge does for the API (shared/edge.ts): a client's copies of forwarding, CloudFront and edge headers are
 * dropped, and the edge's own are written from the connection (X-Viewer-Address, X-Forwarded-For) with the origin secret.
 */
export function setEdgeHeaders(req: IncomingMessage, originVerify: string | undefined): void {
  for (const name of Object.keys(req.headers)) if (isEdgeOwnedHeader(name)) delete req.headers[name];
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) if (isEdgeOwnedHeader(req.rawHeaders[i] as string)) req.rawHeaders.splice(i, 2);
  const ip = edgeAddress(req.socket.remoteAddress ?? '127.0.0.1');
  req.headers[VIEWER_ADDRESS_HEADER] = ip;
  req.headers['x-forwarded-for'] = ip;
  if (originVerify) req.headers[ORIGIN_VERIFY_HEADER] = originVerify;
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export async function startSite(options: SiteOptions): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  // HSTS included, as CloudFront sends it: browsers ignore it over plain http, so localhost is not pinned to https.
  // The build's inline early start (web/src/lib/early-start.ts) is allowed by its hash, as CloudFront's policy does:
  // taken from the index.html there is, and again whenever a new build's is read.
  const shellFile = path.join(options.webDist, 'index.html');
  const headersFor = (html: string | undefined) => securityHeaders({ ...options.origins, scriptHashes: html === undefined ? [] : inlineScriptHashes(html) });
  let headers = headersFor(existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : undefined);
  const compressed = compressedFiles();
  const runtimeConfigJson = JSON.stringify(options.runtimeConfig);
  // index.html as served: the build's, with the runtime configuration in it (shared/runtime-config.ts), per version.
  let shell: { version: string; html: Promise<Buffer> } | undefined;
  const shellHtml = (file: string, version: string) => {
    if (shell?.version !== version) {
      const html = readFile(file, 'utf8').then((text) => {
        headers = headersFor(text);
        return Buffer.from(embedRuntimeConfig(text, runtimeConfigJson));
      });
      shell = { version, html };
    }
    return shell.html;
  };
  const mediaHeaders = mediaSecurityHeaders(options.origins);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    // Every response carries the security headers; uploaded media get the sandboxing set, which still forbids framing.
    for (const [key, value] of Object.entries(url.pathname.startsWith('/media/') ? mediaHeaders : headers)) res.setHeader(key, value);
    if (!isDecodable(url.pathname)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Bad request');
    }
    route(req, res, url).catch((error: unknown) => {
      console.error(`[site] ${req.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The web ACL sees every request before CloudFront's functions and behaviours do (not this machine's /_local/ tools).
    if (options.rateLimits && !url.pathname.startsWith('/_local/')) {
      const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
      const decision = options.rateLimits.site(edgeAddress(req.socket.remoteAddress ?? '127.0.0.1'), req.method ?? 'GET', rawPath);
      if (!decision.allowed) return refuseTooManyRequests(res, decision);
    }
    // /_local/ pages are tools of this machine, not part of the site CloudFront serves, so the guard leaves them alone.
    if (options.siteGuard && !url.pathname.startsWith('/_local/')) {
      const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
      const decision = siteGuardDecision(
        { host: req.headers.host ?? '', path: rawPath, query: url.search, cookieHeader: req.headers.cookie ?? '' },
        options.siteGuard,
      );
      if (decision.action === 'redirect') {
        res.writeHead(decision.status, { location: decision.location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(decision.body);
      }
    }
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
      setEdgeHeaders(req, options.originVerify);
      return options.api(req, res, url);
    }
    if (options.local && url.pathname.startsWith('/_local/') && (await options.local(req, res, url))) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    if (url.pathname.startsWith('/media/') && options.media) return options.media(req, res, decodeURIComponent(url.pathname.slice('/media/'.length)));
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      return void res.end(JSON.stringify(options.runtimeConfig));
    }
    return serveSpa(req, res, url);
  }

  async function serveSpa(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const index = path.join(options.webDist, 'index.html');
    if (!existsSync(index)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('The web app is not built. Run `npm run build:web` (npm start does it for you).');
    }
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.(\/|\\|$))+/, '');
    const candidate = path.join(options.webDist, relative);
    const insideDist = candidate.startsWith(options.webDist + path.sep);
    const isFile = insideDist && existsSync(candidate) && statSync(candidate).isFile();
    // Source maps are built beside the bundles ('hidden') but never served, as they are never uploaded in AWS.
    if (path.extname(url.pathname) === '.map' || (!isFile && path.extname(url.pathname) !== '')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Not found');
    }
    const file = isFile ? candidate : index;
    const immutable = isFile && url.pathname.startsWith('/assets/');
    const stat = statSync(file);
    const version = `${stat.size}:${stat.mtimeMs}`;
    const contentType = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    const common = { 'content-type': contentType, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
    const page = file === index ? await shellHtml(file, version) : undefined;
    // A new build's page: its own inline script's hash.
    if (page) res.setHeader('content-security-policy', headers['content-security-policy'] as string);
    const size = page?.length ?? stat.size;
    if (isCompressible(contentType, size)) {
      const encoding = chooseEncoding(req);
      if (encoding) {
        const body = await compressed.get(file, version, encoding, page ? () => Promise.resolve(page) : undefined);
        res.writeHead(200, { ...common, 'content-encoding': encoding, 'content-length': body.length, vary: 'Accept-Encoding' });
        return void res.end(req.method === 'HEAD' ? undefined : body);
      }
      res.setHeader('vary', 'Accept-Encoding');
    }
    res.writeHead(200, { ...common, 'content-length': size });
    if (req.method === 'HEAD') return void res.end();
    if (page) return void res.end(page);
    createReadStream(file).pipe(res);
  }

  // Upgrades meet the web ACL's rate rules and the guard as every other request does, then take the edge's headers.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const refuse = (status: number, extra: Record<string, string> = {}, body = '') => {
      const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, 'connection: close', `content-length: ${Buffer.byteLength(body)}`];
      for (const [key, value] of Object.entries(extra)) lines.push(`${key}: ${value}`);
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    if (options.rateLimits) {
      const decision = options.rateLimits.site(edgeAddress(req.socket.remoteAddress ?? '127.0.0.1'), req.method ?? 'GET', rawPath);
      if (!decision.allowed) return refuse(429, { 'retry-after': String(decision.retryAfterSeconds) }, 'Too many requests');
    }
    if (options.siteGuard) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const decision = siteGuardDecision({ host: req.headers.host ?? '', path: rawPath, query: url.search, cookieHeader: req.headers.cookie ?? '' }, options.siteGuard);
      if (decision.action === 'redirect') return refuse(decision.status, { location: decision.location, 'cache-control': 'no-store' });
    }
    if (rawPath !== LIVE_PATH || !options.live) return refuse(404, {}, 'Not found');
    setEdgeHeaders(req, options.originVerify);
    options.live(req, socket, head);
  });

  server.keepAliveTimeout = 65_000;
  const { url } = await listenOn(server, options.port, '127.0.0.1');
  return { url, server, stop: () => closeServer(server) };
}
