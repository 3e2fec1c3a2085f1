import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FileHandle } from 'node:fs/promises';
import type { StoredObject } from './store';

/** HTTP conditional and range handling shared by S3 GetObject/HeadObject and the public /media/* origin. */

export type Precondition = 'ok' | 'not-modified' | 'failed';

const stripTag = (tag: string) => tag.trim().replace(/^W\//, '');
const tagMatches = (header: string, etag: string) => header.split(',').some((tag) => stripTag(tag) === '*' || stripTag(tag) === etag);
const seconds = (time: string | number) => Math.floor(new Date(time).getTime() / 1000);

/** RFC 9110 §13.2.2 order, as S3 applies it. */
export function checkPreconditions(req: IncomingMessage, object: StoredObject): Precondition {
  const ifMatch = req.headers['if-match'];
  const ifUnmodifiedSince = req.headers['if-unmodified-since'];
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  const modified = seconds(object.lastModified);
  if (ifMatch !== undefined) {
    if (!tagMatches(ifMatch, object.etag)) return 'failed';
  } else if (ifUnmodifiedSince !== undefined) {
    const since = Date.parse(ifUnmodifiedSince);
    if (!Number.isNaN(since) && modified > seconds(since)) return 'failed';
  }
  if (ifNoneMatch !== undefined) {
    if (tagMatches(ifNoneMatch, object.etag)) return 'not-modified';
  } else if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    if (!Number.isNaN(since) && modified <= seconds(since)) return 'not-modified';
  }
  return 'ok';
}

export type ByteRange = { start: number; end: number };

/** One `bytes=` range (S3 serves no multi-range responses; it sends the whole object instead). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

export function objectHeaders(object: StoredObject): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': new Date(object.lastModified).toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (object.cacheControl) headers['cache-control'] = object.cacheControl;
  if (object.contentDisposition) headers['content-disposition'] = object.contentDisposition;
  if (object.contentEncoding) headers['content-encoding'] = object.contentEncoding;
  if (object.contentLanguage) headers['content-language'] = object.contentLanguage;
  if (object.expires) headers.expires = object.expires;
  return headers;
}

/** Writes the body (or the range of it) and closes the file; for HEAD only the headers. */
export function sendObjectBody(
  req: IncomingMessage,
  res: ServerResponse,
  file: FileHandle,
  object: StoredObject,
  range: ByteRange | undefined,
  headers: OutgoingHttpHeaders,
): void {
  const length = range ? range.end - range.start + 1 : object.size;
  const out: OutgoingHttpHeaders = { ...headers, 'content-length': length };
  if (range) out['content-range'] = `bytes ${range.start}-${range.end}/${object.size}`;
  res.writeHead(range ? 206 : 200, out);
  if (req.method === 'HEAD' || length === 0) {
    void file.close();
    res.end();
    return;
  }
  const stream = file.createReadStream(range ? { start: range.start, end: range.end } : {});
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
