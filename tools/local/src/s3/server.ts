import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DownloadCorsRule } from '@giving/shared/download-cors';
import { REGION, stateDir } from '../config';
import { AwsChunkedDecoder } from './aws-chunked';
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm } from './checksums';
import { noSuchKey, S3Error } from './errors';
import { compareKeys } from './keys';
import { checkPreconditions, objectHeaders, parseRange, sendObjectBody } from './object-response';
import { ObjectStore, type StoredObject } from './store';
import { closeServer, listenOn } from '../runtime/http-server';

/**
 * A file-system object store speaking the path-style S3 REST API subset our code and the AWS SDK v3 use:
 * buckets (create, head, delete, list), objects (put, get, head, delete) and ListObjects v1/v2, with S3's
 * XML bodies and errors. Requests are not authenticated (the SDK signs them; nothing checks the signature).
 */
export interface ObjectStoreOptions {
  port: number;
  /** Defaults to .local/s3; each bucket is a folder in it. */
  rootDir?: string;
  hostname?: string;
  /** Buckets to create at start (existing ones are kept). */
  buckets?: string[];
  /** Buckets' CORS rules, as the deployment gives its buckets (S3's: preflights answered, matching reads marked). */
  cors?: Record<string, DownloadCorsRule>;
}

export interface RunningObjectStore {
  url: string;
  rootDir: string;
  stop(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const OWNER = { ID: '75aa57f09aa0c8caeab4f8c24e99d10f8e7faeebf76c078efc7c6caea54ba06a', DisplayName: 'local' };
const DEFAULT_CONTENT_TYPE = 'binary/octet-stream';
/** Query parameters that name a sub-resource this store does not implement (ACLs, policies, multipart, …). */
const UNSUPPORTED_SUBRESOURCES = [
  'acl', 'accelerate', 'analytics', 'cors', 'delete', 'encryption', 'intelligent-tiering', 'inventory', 'lifecycle',
  'logging', 'metrics', 'notification', 'object-lock', 'ownershipControls', 'partNumber', 'policy', 'policyStatus',
  'publicAccessBlock', 'replication', 'requestPayment', 'restore', 'retention', 'legal-hold', 'select', 'tagging',
  'torrent', 'uploadId', 'uploads', 'versioning', 'versions', 'website', 'attributes', 'session',
];

export async function startObjectStore(options: ObjectStoreOptions): Promise<RunningObjectStore> {
  const rootDir = path.resolve(options.rootDir ?? path.join(stateDir(), 's3'));
  const store = new ObjectStore(rootDir);
  for (const bucket of options.buckets ?? []) await store.createBucket(bucket);

  const server = createServer((req, res) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('x-amz-id-2', randomBytes(24).toString('base64'));
    handle(store, req, res, options.cors ?? {}).catch((error: unknown) => sendError(req, res, error, requestId));
  });
  const { url } = await listenOn(server, options.port, options.hostname);
  return {
    url,
    rootDir,
    stop: () => closeServer(server),
  };
}

async function handle(store: ObjectStore, req: IncomingMessage, res: ServerResponse, cors: Record<string, DownloadCorsRule>): Promise<void> {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
  const query = new URLSearchParams(rawQuery);
  // Keys are taken from the raw path: URL parsing would fold '..' and '.' segments that are part of a key.
  const slash = rawPath.indexOf('/', 1);
  const bucket = decode(slash === -1 ? rawPath.slice(1) : rawPath.slice(1, slash));
  const rawKey = slash === -1 ? '' : rawPath.slice(slash + 1);
  const method = req.method ?? 'GET';

  const rule = bucket === '' ? undefined : cors[bucket];
  if (method === 'OPTIONS') return preflight(rule, req, res);
  if (rule) allowCrossOrigin(rule, req, method, res);

  const unsupported = UNSUPPORTED_SUBRESOURCES.find((name) => query.has(name));
  if (unsupported) throw notImplemented(`The '${unsupported}' sub-resource is not implemented by the local object store.`);

  if (bucket === '') {
    if (method !== 'GET') throw methodNotAllowed();
    return listBuckets(store, res);
  }
  if (rawKey === '') {
    switch (method) {
      case 'PUT':
        return createBucket(store, bucket, req, res);
      case 'HEAD':
        if (!(await store.bucketExists(bucket))) throw new S3Error('NoSuchBucket', 404, 'Not Found', { BucketName: bucket });
        res.writeHead(200, { 'x-amz-bucket-region': REGION }).end();
        return;
      case 'DELETE':
        await store.deleteBucket(bucket);
        res.writeHead(204).end();
        return;
      case 'GET':
        if (query.has('location')) {
          await store.requireBucket(bucket);
          return sendXml(res, 200, `<LocationConstraint xmlns="${XMLNS}">${REGION}</LocationConstraint>`);
        }
        return listObjects(store, bucket, query, res);
      default:
        throw methodNotAllowed();
    }
  }
  const key = decode(rawKey);
  switch (method) {
    case 'PUT':
      return putObject(store, bucket, key, req, res);
    case 'GET':
    case 'HEAD':
      return getObject(store, bucket, key, query, req, res);
    case 'DELETE':
      await store.deleteObject(bucket, key);
      res.writeHead(204).end();
      return;
    default:
      throw methodNotAllowed();
  }
}

const corsRefused = () =>
  new S3Error(
    'AccessForbidden',
    403,
    "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
  );

const allowsOrigin = (rule: DownloadCorsRule, origin: string) => rule.allowedOrigins.includes('*') || rule.allowedOrigins.includes(origin);

/** A preflight (OPTIONS), answered as S3 does from the bucket's rule: 200 with what is allowed, else 403. */
function preflight(rule: DownloadCorsRule | undefined, req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  const method = req.headers['access-control-request-method'];
  const headers = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((header) => header.trim().toLowerCase())
    .filter(Boolean);
  const headersAllowed = rule?.allowedHeaders.includes('*') || headers.every((header) => rule?.allowedHeaders.some((allowed) => allowed.toLowerCase() === header));
  if (!rule || !origin || !method || !allowsOrigin(rule, origin) || !(rule.allowedMethods as readonly string[]).includes(method) || !headersAllowed) throw corsRefused();
  res
    .writeHead(200, {
      'access-control-allow-origin': rule.allowedOrigins.includes('*') ? '*' : origin,
      'access-control-allow-methods': rule.allowedMethods.join(', '),
      ...(headers.length > 0 ? { 'access-control-allow-headers': headers.join(', ') } : {}),
      'access-control-expose-headers': rule.exposedHeaders.join(', '),
      'access-control-max-age': String(rule.maxAgeSeconds),
      vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
      'content-length': 0,
    })
    .end();
}

/** A request from another origin that the bucket's rule allows: the answer says so, and which headers it may read. */
function allowCrossOrigin(rule: DownloadCorsRule, req: IncomingMessage, method: string, res: ServerResponse): void {
  res.setHeader('vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
  const origin = req.headers.origin;
  if (!origin || !allowsOrigin(rule, origin) || !(rule.allowedMethods as readonly string[]).includes(method)) return;
  res.setHeader('access-control-allow-origin', rule.allowedOrigins.includes('*') ? '*' : origin);
  res.setHeader('access-control-allow-methods', rule.allowedMethods.join(', '));
  res.setHeader('access-control-expose-headers', rule.exposedHeaders.join(', '));
}

async function createBucket(store: ObjectStore, bucket: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The body (CreateBucketConfiguration) only names a region; there is one region here.
  for await (const _chunk of req) void _chunk;
  if (!(await store.createBucket(bucket))) {
    throw new S3Error('BucketAlreadyOwnedByYou', 409, 'Your previous request to create the named bucket succeeded and you already own it.', {
      BucketName: bucket,
    });
  }
  res.writeHead(200, { location: `/${bucket}`, 'content-length': 0 }).end();
}

async function listBuckets(store: ObjectStore, res: ServerResponse): Promise<void> {
  const buckets = await store.listBuckets();
  const items = buckets
    .map((b) => `<Bucket><Name>${xml(b.name)}</Name><CreationDate>${b.created.toISOString()}</CreationDate><BucketRegion>${REGION}</BucketRegion></Bucket>`)
    .join('');
  sendXml(
    res,
    200,
    `<ListAllMyBucketsResult xmlns="${XMLNS}"><Owner>${owner()}</Owner><Buckets>${items}</Buckets></ListAllMyBucketsResult>`,
  );
}

async function putObject(store: ObjectStore, bucket: string, key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.headers['x-amz-copy-source']) throw notImplemented('CopyObject is not implemented by the local object store.');
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const encodings = (header('content-encoding') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const chunked = encodings.includes('aws-chunked');
  const decoder = chunked ? new AwsChunkedDecoder() : undefined;
  const body: Readable = decoder ? req.pipe(decoder) : req;
  if (decoder) req.on('error', (error) => decoder.destroy(error));
  const trailer = (header('x-amz-trailer') ?? '').toLowerCase();
  const algorithms = CHECKSUM_ALGORITHMS.filter((a) => header(`x-amz-checksum-${a}`) !== undefined || trailer === `x-amz-checksum-${a}`);
  const decodedLength = header('x-amz-decoded-content-length');

  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-amz-meta-') && value !== undefined) metadata[name.slice('x-amz-meta-'.length)] = String(value);
  }
  let object: StoredObject;
  try {
    object = await store.putObject(bucket, key, body, {
      contentType: header('content-type') ?? DEFAULT_CONTENT_TYPE,
      cacheControl: header('cache-control'),
      contentDisposition: header('content-disposition'),
      contentEncoding: encodings.filter((e) => e !== 'aws-chunked').join(',') || undefined,
      contentLanguage: header('content-language'),
      expires: header('expires'),
      metadata,
      algorithms,
      expected: () => ({
        md5: header('content-md5'),
        size: decodedLength !== undefined ? Number(decodedLength) : undefined,
        checksums: Object.fromEntries(
          algorithms.map((a) => [a, header(`x-amz-checksum-${a}`) ?? decoder?.trailers[`x-amz-checksum-${a}`]]),
        ) as Partial<Record<ChecksumAlgorithm, string>>,
      }),
    });
  } catch (error) {
    if (error instanceof S3Error) throw error;
    if (req.destroyed || (error as Error).message.includes('aws-chunked')) {
      throw new S3Error('IncompleteBody', 400, 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
    }
    throw error;
  }
  res.writeHead(200, { etag: object.etag, 'content-length': 0, ...checksumHeaders(object) }).end();
}

async function getObject(
  store: ObjectStore,
  bucket: string,
  key: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const opened = await store.openObject(bucket, key);
  if (!opened) throw noSuchKey(key);
  const { object, file } = opened;
  try {
    const headers: OutgoingHttpHeaders = objectHeaders(object);
    for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
    const precondition = checkPreconditions(req, object);
    if (precondition === 'failed') throw new S3Error('PreconditionFailed', 412, 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-Match' });
    if (precondition === 'not-modified') {
      await file.close();
      res.writeHead(304, { etag: object.etag, 'last-modified': headers['last-modified'] }).end();
      return;
    }
    // Presigned download links override response headers this way.
    const overrides = ['content-type', 'content-language', 'expires', 'cache-control', 'content-disposition', 'content-encoding'];
    for (const name of overrides) {
      const value = query.get(`response-${name}`);
      if (value !== null) headers[name] = value;
    }
    const range = parseRange(req.headers.range, object.size);
    if (range === 'unsatisfiable') {
      throw new S3Error('InvalidRange', 416, 'The requested range is not satisfiable', { RangeRequested: String(req.headers.range), ActualObjectSize: String(object.size) });
    }
    if (!range && String(req.headers['x-amz-checksum-mode']).toUpperCase() === 'ENABLED') Object.assign(headers, checksumHeaders(object));
    sendObjectBody(req, res, file, object, range, headers);
  } catch (error) {
    await file.close();
    throw error;
  }
}

function checksumHeaders(object: StoredObject): OutgoingHttpHeaders {
  const entries = Object.entries(object.checksums);
  if (entries.length === 0) return {};
  return { ...Object.fromEntries(entries.map(([a, v]) => [`x-amz-checksum-${a}`, v])), 'x-amz-checksum-type': 'FULL_OBJECT' };
}

async function listObjects(store: ObjectStore, bucket: string, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const v2 = query.get('list-type') === '2';
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const maxKeysText = query.get('max-keys');
  const maxKeys = maxKeysText === null ? 1000 : Number(maxKeysText);
  if (!Number.isInteger(maxKeys) || maxKeys < 0) throw new S3Error('InvalidArgument', 400, 'Provided max-keys not an integer or within integer range', { ArgumentName: 'max-keys' });
  const encodingType = query.get('encoding-type');
  if (encodingType !== null && encodingType !== 'url') throw new S3Error('InvalidArgument', 400, 'Invalid Encoding Method specified in Request', { ArgumentName: 'encoding-type' });
  const token = query.get('continuation-token');
  const startAfter = query.get('start-after') ?? '';
  const marker = v2 ? (token !== null ? decodeToken(token) : startAfter) : (query.get('marker') ?? '');

  const page = listPage(await store.listObjects(bucket, prefix), { prefix, delimiter, marker, maxKeys: Math.min(maxKeys, 1000) });
  const enc = (value: string) => xml(encodingType === 'url' ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
  const fetchOwner = !v2 || query.get('fetch-owner') === 'true';
  const contents = page.objects
    .map(
      (o) =>
        `<Contents><Key>${enc(o.key)}</Key><LastModified>${new Date(o.lastModified).toISOString()}</LastModified><ETag>${xml(o.etag)}</ETag>` +
        Object.keys(o.checksums).map((a) => `<ChecksumAlgorithm>${a.toUpperCase()}</ChecksumAlgorithm>`).join('') +
        `<Size>${o.size}</Size>${fetchOwner ? `<Owner>${owner()}</Owner>` : ''}<StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const prefixes = page.commonPrefixes.map((p) => `<CommonPrefixes><Prefix>${enc(p)}</Prefix></CommonPrefixes>`).join('');
  const parts = [`<Name>${xml(bucket)}</Name>`, `<Prefix>${enc(prefix)}</Prefix>`];
  if (v2) {
    if (token !== null) parts.push(`<ContinuationToken>${xml(token)}</ContinuationToken>`);
    if (startAfter) parts.push(`<StartAfter>${enc(startAfter)}</StartAfter>`);
    parts.push(`<KeyCount>${page.objects.length + page.commonPrefixes.length}</KeyCount>`);
  } else {
    parts.push(`<Marker>${enc(marker)}</Marker>`);
  }
  parts.push(`<MaxKeys>${maxKeys}</MaxKeys>`);
  if (delimiter) parts.push(`<Delimiter>${enc(delimiter)}</Delimiter>`);
  if (encodingType) parts.push(`<EncodingType>url</EncodingType>`);
  parts.push(`<IsTruncated>${page.next !== undefined}</IsTruncated>`);
  if (page.next !== undefined) {
    if (v2) parts.push(`<NextContinuationToken>${xml(encodeToken(page.next))}</NextContinuationToken>`);
    else if (delimiter) parts.push(`<NextMarker>${enc(page.next)}</NextMarker>`);
  }
  sendXml(res, 200, `<ListBucketResult xmlns="${XMLNS}">${parts.join('')}${contents}${prefixes}</ListBucketResult>`);
}

/**
 * One page of a listing: objects after the marker, rolled up into common prefixes by the delimiter, at most
 * maxKeys entries (objects and prefixes together). `next` is the last entry when more remain.
 */
export function listPage(
  sorted: StoredObject[],
  options: { prefix: string; delimiter: string; marker: string; maxKeys: number },
): { objects: StoredObject[]; commonPrefixes: string[]; next?: string } {
  const { prefix, delimiter, marker, maxKeys } = options;
  const objects: StoredObject[] = [];
  const commonPrefixes: string[] = [];
  let last: string | undefined;
  for (const object of sorted) {
    if (!object.key.startsWith(prefix)) continue;
    if (marker && compareKeys(object.key, marker) <= 0) continue;
    // A marker that is a common prefix stands for every key under it.
    if (marker && delimiter && marker.endsWith(delimiter) && object.key.startsWith(marker)) continue;
    const cut = delimiter ? object.key.indexOf(delimiter, prefix.length) : -1;
    const commonPrefix = cut === -1 ? undefined : object.key.slice(0, cut + delimiter.length);
    if (commonPrefix !== undefined && commonPrefix === last) continue;
    if (objects.length + commonPrefixes.length >= maxKeys) return { objects, commonPrefixes, next: last };
    if (commonPrefix !== undefined) commonPrefixes.push(commonPrefix);
    else objects.push(object);
    last = commonPrefix ?? object.key;
  }
  return { objects, commonPrefixes };
}

const encodeToken = (after: string) => Buffer.from(after, 'utf8').toString('base64url');

function decodeToken(token: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new S3Error('InvalidArgument', 400, 'The continuation token provided is incorrect', { ArgumentName: 'continuation-token' });
  return Buffer.from(token, 'base64url').toString('utf8');
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new S3Error('InvalidURI', 400, "Couldn't parse the specified URI.");
  }
}

const notImplemented = (message: string) => new S3Error('NotImplemented', 501, message);
const methodNotAllowed = () => new S3Error('MethodNotAllowed', 405, 'The specified method is not allowed against this resource.');
const owner = () => `<ID>${OWNER.ID}</ID><DisplayName>${OWNER.DisplayName}</DisplayName>`;

export function xml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(text) }).end(text);
}

function sendError(req: IncomingMessage, res: ServerResponse, error: unknown, requestId: string): void {
  const s3Error =
    error instanceof S3Error ? error : new S3Error('InternalError', 500, 'We encountered an internal error. Please try again.');
  if (!(error instanceof S3Error)) console.error('[s3] request failed:', req.method, req.url, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Read and drop a body the error left unread, so the client gets this answer rather than a broken pipe.
  if (!req.complete) req.resume();
  if (req.method === 'HEAD') {
    res.writeHead(s3Error.status).end();
    return;
  }
  const details = Object.entries(s3Error.details)
    .map(([name, value]) => `<${name}>${xml(value)}</${name}>`)
    .join('');
  sendXml(
    res,
    s3Error.status,
    `<Error><Code>${s3Error.code}</Code><Message>${xml(s3Error.message)}</Message>${details}<RequestId>${requestId}</RequestId></Error>`,
  );
}
