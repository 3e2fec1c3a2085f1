import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  NoSuchBucket,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadCors } from '@giving/shared/download-cors';
import { startObjectStore, type RunningObjectStore } from './server';

let root: string;
let store: RunningObjectStore;
let s3: S3Client;
const BUCKET = 'media';
/** A bucket the site's large downloads are redirected to: the site may read it from its origin. */
const DOWNLOADS = 'downloads';
const SITE = 'http://localhost:3000';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function s3Error(promise: Promise<unknown>): Promise<S3ServiceException> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof S3ServiceException) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** fetch() normalises '..' out of URLs; this sends the path exactly as written. */
function rawRequest(method: string, rawPath: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(store.url);
    const req = request({ hostname, port, path: rawPath, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const put = (Key: string, Body: string | Buffer, extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]> = {}) =>
  s3.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body, ...extra }));
const getText = async (Key: string) => (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body?.transformToString();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 's3-'));
  store = await startObjectStore({ port: 0, rootDir: path.join(root, 's3'), buckets: [BUCKET, DOWNLOADS], cors: { [DOWNLOADS]: downloadCors([SITE]) } });
  s3 = new S3Client({
    endpoint: store.url,
    region: 'ap-southeast-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  s3.destroy();
  await store.stop();
  await rm(root, { recursive: true, force: true });
});

describe('buckets', () => {
  it('creates, heads, lists and deletes buckets', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'receipts', CreateBucketConfiguration: { LocationConstraint: 'ap-southeast-2' } }));
    await expect(s3.send(new HeadBucketCommand({ Bucket: 'receipts' }))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    const again = await s3Error(s3.send(new CreateBucketCommand({ Bucket: 'receipts' })));
    expect(again.name).toBe('BucketAlreadyOwnedByYou');
    const listed = await s3.send(new ListBucketsCommand({}));
    expect(listed.Buckets?.map((b) => b.Name)).toEqual(expect.arrayContaining(['media', 'receipts']));
    await s3.send(new DeleteBucketCommand({ Bucket: 'receipts' }));
    const missing = await s3Error(s3.send(new HeadBucketCommand({ Bucket: 'receipts' })));
    expect(missing.$metadata.httpStatusCode).toBe(404);
    expect(missing.name).toBe('NotFound');
  });

  it('refuses to delete a bucket that holds objects', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'full-bucket' }));
    await s3.send(new PutObjectCommand({ Bucket: 'full-bucket', Key: 'a', Body: 'a' }));
    expect((await s3Error(s3.send(new DeleteBucketCommand({ Bucket: 'full-bucket' })))).name).toBe('BucketNotEmpty');
  });

  it('answers NoSuchBucket for objects in a bucket that does not exist', async () => {
    const get = await s3Error(s3.send(new GetObjectCommand({ Bucket: 'nope-bucket', Key: 'x' })));
    expect(get).toBeInstanceOf(NoSuchBucket);
    expect(get.$metadata.httpStatusCode).toBe(404);
    const putError = await s3Error(s3.send(new PutObjectCommand({ Bucket: 'nope-bucket', Key: 'x', Body: 'x' })));
    expect(putError.name).toBe('NoSuchBucket');
  });

  it('refuses bucket names S3 refuses (which also keeps them inside the root)', async () => {
    const response = await rawRequest('PUT', '/..%2F..%2Fetc');
    expect(response.status).toBe(400);
    expect(response.text).toContain('<Code>InvalidBucketName</Code>');
  });
});

describe('objects', () => {
  it('stores an object with its content type and metadata, under root/bucket/key, with an MD5 ETag', async () => {
    const body = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const md5 = createHash('md5').update(body).digest('hex');
    const written = await put('charities/01J/logo.svg', body, { ContentType: 'image/svg+xml', Metadata: { uploadedBy: 'member-1' }, CacheControl: 'public, max-age=31536000, immutable' });
    expect(written.ETag).toBe(`"${md5}"`);

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'charities/01J/logo.svg' }));
    expect(await got.Body?.transformToString()).toBe(body);
    expect(got.ContentType).toBe('image/svg+xml');
    expect(got.ContentLength).toBe(Buffer.byteLength(body));
    expect(got.ETag).toBe(`"${md5}"`);
    expect(got.LastModified).toBeInstanceOf(Date);
    expect(Math.abs(got.LastModified!.getTime() - Date.now())).toBeLessThan(5000);
    expect(got.Metadata).toEqual({ uploadedby: 'member-1' });
    expect(got.CacheControl).toBe('public, max-age=31536000, immutable');

    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'charities/01J/logo.svg' }));
    expect(head).toMatchObject({ ContentType: 'image/svg+xml', ContentLength: Buffer.byteLength(body), ETag: `"${md5}"`, Metadata: { uploadedby: 'member-1' } });

    expect(await readFile(path.join(store.rootDir, BUCKET, 'charities', '01J', 'logo.svg'), 'utf8')).toBe(body);
  });

  it('defaults the content type as S3 does', async () => {
    await rawRequest('PUT', `/${BUCKET}/plain`, 'abc');
    expect((await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'plain' }))).ContentType).toBe('binary/octet-stream');
  });

  it('accepts stream bodies (sent aws-chunked with a CRC32 trailer) and verifies the checksum', async () => {
    const bytes = Buffer.alloc(200_000, 7);
    bytes.write('start');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'streams/big.bin', Body: Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]), ContentLength: bytes.length }));
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'streams/big.bin', ChecksumMode: 'ENABLED' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    expect(got.ChecksumCRC32).toBeDefined();
    expect(got.ETag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
  });

  it('refuses a body whose Content-MD5 or checksum does not match', async () => {
    const badMd5 = await fetch(`${store.url}/${BUCKET}/bad-md5`, { method: 'PUT', body: 'hello', headers: { 'content-md5': createHash('md5').update('other').digest('base64') } });
    expect(badMd5.status).toBe(400);
    expect(await badMd5.text()).toContain('<Code>BadDigest</Code>');
    const badCrc = await fetch(`${store.url}/${BUCKET}/bad-crc`, { method: 'PUT', body: 'hello', headers: { 'x-amz-checksum-crc32': 'AAAAAA==' } });
    expect(badCrc.status).toBe(400);
    expect((await s3Error(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'bad-crc' })))).$metadata.httpStatusCode).toBe(404);
  });

  it('round-trips keys with slashes, unicode, spaces and dot segments, all inside the bucket folder', async () => {
    const keys = ['charities/Te Whare Ōrite/logo (1)+final.png', '日本/ファイル.txt', 'a/./b', 'a/../b', '..', '.', 'x//y', '/leading', 'folder/', 'pct%2Fname', 'emoji/🎁.txt'];
    for (const key of keys) await put(key, `body of ${key}`);
    for (const key of keys) expect(await getText(key)).toBe(`body of ${key}`);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(expect.arrayContaining(keys));
    // Nothing was written outside the store's root.
    expect(await readdir(root)).toEqual(['s3']);
    expect(existsSync(path.join(store.rootDir, 'b'))).toBe(false);
  });

  it('cannot be walked out of its root with a raw path', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'walk' }));
    for (const raw of ['/walk/../../../etc/passwd', '/walk/..%2F..%2F..%2Fetc%2Fpasswd', '/walk/%2E%2E/%2E%2E/x']) {
      const response = await rawRequest('GET', raw);
      expect(response.status).toBe(404);
      expect(response.text).toContain('<Code>NoSuchKey</Code>');
    }
    expect((await rawRequest('PUT', '/walk/../../escaped.txt', 'x')).status).toBe(200);
    expect((await rawRequest('GET', '/walk/../../escaped.txt')).text).toBe('x');
    expect((await rawRequest('PUT', '/../escaped.txt', 'x')).text).toContain('<Code>InvalidBucketName</Code>');
    expect(await readdir(root)).toEqual(['s3']);
    expect(await readdir(store.rootDir)).not.toContain('escaped.txt');
  });

  it('answers NoSuchKey with S3 XML for a missing key', async () => {
    const error = await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'missing/key.png' })));
    expect(error).toBeInstanceOf(NoSuchKey);
    expect(error.$metadata.httpStatusCode).toBe(404);
    const raw = await fetch(`${store.url}/${BUCKET}/missing/key.png`);
    const text = await raw.text();
    expect(raw.headers.get('content-type')).toBe('application/xml');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>NoSuchKey<\/Code><Message>The specified key does not exist.<\/Message><Key>missing\/key.png<\/Key><RequestId>/);
    const head = await s3Error(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'missing/key.png' })));
    expect(head.$metadata.httpStatusCode).toBe(404);
  });

  it('answers 304 for a matching If-None-Match and 412 for a failing If-Match', async () => {
    const { ETag } = await put('conditional.txt', 'v1');
    const notModified = await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'conditional.txt', IfNoneMatch: ETag })));
    expect(notModified.$metadata.httpStatusCode).toBe(304);
    const changed = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'conditional.txt', IfNoneMatch: '"other"' }));
    expect(await changed.Body?.transformToString()).toBe('v1');
    const failed = await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'conditional.txt', IfMatch: '"other"' })));
    expect(failed.name).toBe('PreconditionFailed');
    expect(failed.$metadata.httpStatusCode).toBe(412);
    const since = await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'conditional.txt', IfModifiedSince: new Date(Date.now() + 60_000) })));
    expect(since.$metadata.httpStatusCode).toBe(304);
  });

  it('serves byte ranges', async () => {
    await put('range.txt', '0123456789');
    const part = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Range: 'bytes=2-5' }));
    expect(await part.Body?.transformToString()).toBe('2345');
    expect(part.ContentRange).toBe('bytes 2-5/10');
    const suffix = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Range: 'bytes=-3' }));
    expect(await suffix.Body?.transformToString()).toBe('789');
    expect((await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Range: 'bytes=20-' })))).name).toBe('InvalidRange');
  });

  it('overwrites an object and deletes it, pruning the emptied folders', async () => {
    await put('to-delete/deep/x.txt', 'one');
    await put('to-delete/deep/x.txt', 'two');
    expect(await getText('to-delete/deep/x.txt')).toBe('two');
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'to-delete/deep/x.txt' }));
    expect(await s3Error(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'to-delete/deep/x.txt' })))).toBeInstanceOf(NoSuchKey);
    expect(existsSync(path.join(store.rootDir, BUCKET, 'to-delete'))).toBe(false);
    // Deleting what is not there succeeds, as in S3.
    await expect(s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'to-delete/never' }))).resolves.toMatchObject({ $metadata: { httpStatusCode: 204 } });
  });

  it('explains, rather than corrupts, a key that is both an object and a folder', async () => {
    await put('conflict/a', 'file');
    const error = await s3Error(put('conflict/a/b', 'nested'));
    expect(error.name).toBe('KeyConflict');
    expect(error.$metadata.httpStatusCode).toBe(409);
    expect(await getText('conflict/a')).toBe('file');
  });

  it('keeps its objects across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 's3-restart-'));
    const first = await startObjectStore({ port: 0, rootDir: dir, buckets: ['keep'] });
    await fetch(`${first.url}/keep/a/b.txt`, { method: 'PUT', body: 'kept', headers: { 'content-type': 'text/plain' } });
    await first.stop();
    const second = await startObjectStore({ port: 0, rootDir: dir, buckets: ['keep'] });
    const response = await fetch(`${second.url}/keep/a/b.txt`);
    expect(await response.text()).toBe('kept');
    expect(response.headers.get('content-type')).toBe('text/plain');
    await second.stop();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('ListObjectsV2', () => {
  const bucket = 'listing';
  const keys = ['photos/2024/a.jpg', 'photos/2024/b.jpg', 'photos/2025/c.jpg', 'photos/top.jpg', 'docs/readme.md', 'root.txt', 'z/ä.txt', 'z/é.txt', 'z/😀.txt', 'z/ｚ.txt'];

  beforeAll(async () => {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: Key }));
  });

  it('lists every key in UTF-8 byte order with sizes and ETags', async () => {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(sorted);
    expect(listed.KeyCount).toBe(keys.length);
    expect(listed.IsTruncated).toBe(false);
    const first = listed.Contents?.[0];
    expect(first).toMatchObject({ Key: 'docs/readme.md', Size: Buffer.byteLength('docs/readme.md'), ETag: `"${createHash('md5').update('docs/readme.md').digest('hex')}"`, StorageClass: 'STANDARD' });
    expect(first?.LastModified).toBeInstanceOf(Date);
  });

  it('filters by prefix and rolls keys up by the delimiter', async () => {
    const top = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Delimiter: '/' }));
    expect(top.Contents?.map((c) => c.Key)).toEqual(['root.txt']);
    expect(top.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['docs/', 'photos/', 'z/']);
    expect(top.KeyCount).toBe(4);

    const photos = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'photos/', Delimiter: '/' }));
    expect(photos.Contents?.map((c) => c.Key)).toEqual(['photos/top.jpg']);
    expect(photos.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['photos/2024/', 'photos/2025/']);

    const partial = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'photos/20' }));
    expect(partial.Contents?.map((c) => c.Key)).toEqual(['photos/2024/a.jpg', 'photos/2024/b.jpg', 'photos/2025/c.jpg']);

    const none = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'nothing/' }));
    expect(none.Contents).toBeUndefined();
    expect(none.KeyCount).toBe(0);
  });

  it('pages with max-keys and continuation tokens, prefixes counting as entries', async () => {
    const pages: string[][] = [];
    for await (const page of paginateListObjectsV2({ client: s3, pageSize: 3 }, { Bucket: bucket })) {
      pages.push([...(page.Contents ?? []).map((c) => c.Key!), ...(page.CommonPrefixes ?? []).map((p) => p.Prefix!)]);
      expect(page.KeyCount).toBeLessThanOrEqual(3);
    }
    expect(pages.flat()).toHaveLength(keys.length);
    expect(pages).toHaveLength(4);

    const first = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Delimiter: '/', MaxKeys: 2 }));
    expect(first.IsTruncated).toBe(true);
    expect(first.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['docs/', 'photos/']);
    const second = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Delimiter: '/', MaxKeys: 2, ContinuationToken: first.NextContinuationToken }));
    expect(second.Contents?.map((c) => c.Key)).toEqual(['root.txt']);
    expect(second.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['z/']);
    expect(second.IsTruncated).toBe(false);
    expect(second.NextContinuationToken).toBeUndefined();

    const after = await s3.send(new ListObjectsV2Command({ Bucket: bucket, StartAfter: 'photos/top.jpg' }));
    expect(after.Contents?.[0]?.Key).toBe('root.txt');
  });

  it('rejects a forged continuation token and a bad max-keys', async () => {
    expect((await s3Error(s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: '!!' })))).name).toBe('InvalidArgument');
    const response = await fetch(`${store.url}/${bucket}?list-type=2&max-keys=many`);
    expect(response.status).toBe(400);
  });

  it('also answers ListObjects (v1) with markers', async () => {
    const first = await s3.send(new ListObjectsCommand({ Bucket: bucket, Delimiter: '/', MaxKeys: 2 }));
    expect(first.IsTruncated).toBe(true);
    expect(first.NextMarker).toBe('photos/');
    const second = await s3.send(new ListObjectsCommand({ Bucket: bucket, Delimiter: '/', Marker: first.NextMarker }));
    expect(second.Contents?.map((c) => c.Key)).toEqual(['root.txt']);
    expect(second.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['z/']);
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    expect(await s3Error(s3.send(new ListObjectsV2Command({ Bucket: 'no-such-bucket' })))).toBeInstanceOf(NoSuchBucket);
  });
});

describe("a download bucket's CORS rule (a large download is a 303 from the API to a signed address here)", () => {
  const preflight = (bucket: string, origin: string, method: string, headers?: string) =>
    fetch(`${store.url}/${bucket}/file.zip`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, ...(headers ? { 'access-control-request-headers': headers } : {}) },
    });

  it("lets the site's origin read a file and the name it is saved under, and no other origin", async () => {
    await s3.send(new PutObjectCommand({ Bucket: DOWNLOADS, Key: 'file.zip', Body: 'PK', ContentType: 'application/zip' }));
    const read = await fetch(`${store.url}/${DOWNLOADS}/file.zip`, { headers: { origin: SITE } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(read.headers.get('access-control-expose-headers')).toContain('Content-Disposition');
    expect(read.headers.get('vary')).toContain('Origin');
    expect(await read.text()).toBe('PK');

    const stranger = await fetch(`${store.url}/${DOWNLOADS}/file.zip`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    // A bucket without the rule (the media bucket: CloudFront serves it) allows no other origin.
    await put('logo.png', 'png');
    expect((await fetch(`${store.url}/${BUCKET}/logo.png`, { headers: { origin: SITE } })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight for reading from the site, and refuses one from elsewhere or for writing, as S3 does', async () => {
    const allowed = await preflight(DOWNLOADS, SITE, 'GET', 'range');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('range');

    for (const refused of [preflight(DOWNLOADS, 'https://evil.example', 'GET'), preflight(DOWNLOADS, SITE, 'PUT'), preflight(BUCKET, SITE, 'GET')]) {
      const response = await refused;
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<Code>AccessForbidden</Code>');
    }
  });
});

describe('unsupported operations', () => {
  it('answers 501 NotImplemented rather than pretending', async () => {
    const response = await fetch(`${store.url}/${BUCKET}/x?uploads`, { method: 'POST' });
    expect(response.status).toBe(501);
    expect(await response.text()).toContain('<Code>NotImplemented</Code>');
  });
});

describe('files', () => {
  it('keeps metadata beside the data and temporary files out of the buckets', async () => {
    await put('meta/check.txt', 'x', { ContentType: 'text/plain' });
    const files = await filesUnder(path.join(store.rootDir, BUCKET, 'meta'));
    expect(files.sort()).toEqual(['check.txt', 'check.txt.%meta.json']);
    expect(JSON.parse(await readFile(path.join(store.rootDir, BUCKET, 'meta', 'check.txt.%meta.json'), 'utf8'))).toMatchObject({ key: 'meta/check.txt', contentType: 'text/plain', size: 1 });
  });
});

describe('errors before the body is read', () => {
  it('still answer a large PutObject with the S3 error', async () => {
    const error = await s3Error(s3.send(new PutObjectCommand({ Bucket: 'missing-bucket', Key: 'big', Body: Buffer.alloc(3 * 1024 * 1024, 1) })));
    expect(error).toBeInstanceOf(NoSuchBucket);
  });
});
