import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { MEDIA_CONTENT_SECURITY_POLICY } from '@giving/shared/security-headers';
import { S3Error } from './errors';
import { checkPreconditions, objectHeaders, parseRange, sendObjectBody } from './object-response';
import { ObjectStore } from './store';

/** Used when the uploader set no Cache-Control: short, so a replaced image shows soon; the ETag makes revalidation cheap. */
export const DEFAULT_MEDIA_CACHE_CONTROL = 'public, max-age=60';

/**
 * Serves one object of a bucket publicly, as CloudFront does for /media/* in AWS: GET and HEAD, the stored
 * content type and cache headers, 304 for a matching If-None-Match/If-Modified-Since, byte ranges.
 * `key` is the decoded object key (the path after /media/, URL-decoded).
 * Uploaded files share the site's origin, so they are served sandboxed: an uploaded HTML or SVG file cannot run script there.
 */
export async function serveObject(rootDir: string, bucket: string, key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const common: OutgoingHttpHeaders = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...common, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
    return;
  }
  let opened: Awaited<ReturnType<ObjectStore['openObject']>>;
  try {
    opened = await new ObjectStore(rootDir).openObject(bucket, key);
  } catch (error) {
    if (!(error instanceof S3Error) || error.status >= 500) throw error;
    opened = undefined;
  }
  if (!opened) {
    res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : 'Not Found');
    return;
  }
  const { object, file } = opened;
  const headers: OutgoingHttpHeaders = { ...common, ...objectHeaders(object), 'cache-control': object.cacheControl ?? DEFAULT_MEDIA_CACHE_CONTROL };
  const precondition = checkPreconditions(req, object);
  if (precondition !== 'ok') {
    await file.close();
    const status = precondition === 'not-modified' ? 304 : 412;
    res.writeHead(status, { ...common, etag: object.etag, 'last-modified': headers['last-modified'], 'cache-control': headers['cache-control'] }).end();
    return;
  }
  const range = parseRange(req.headers.range, object.size);
  if (range === 'unsatisfiable') {
    await file.close();
    res.writeHead(416, { ...common, 'content-range': `bytes */${object.size}` }).end();
    return;
  }
  sendObjectBody(req, res, file, object, range, headers);
}
