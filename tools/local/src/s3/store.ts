import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHasher, type ChecksumAlgorithm } from './checksums';
import { noSuchBucket, S3Error } from './errors';
import { bucketDir, compareKeys, decodeSegment, encodeSegment, isBucketName, META_SUFFIX, objectPaths, TMP_DIR } from './keys';

/** What S3 keeps about an object besides its bytes; stored as JSON beside the data file. */
export interface StoredObject {
  key: string;
  size: number;
  /** Quoted hex MD5, as S3 sends it. */
  etag: string;
  /** ISO time, whole seconds (HTTP dates carry no more). */
  lastModified: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  expires?: string;
  /** x-amz-meta-* with the prefix removed, names in lower case. */
  metadata: Record<string, string>;
  /** Base64 checksums the client sent and we verified. */
  checksums: Partial<Record<ChecksumAlgorithm, string>>;
  /** The data file's inode: a reader that finds another inode raced a rewrite and reads again. */
  inode: number;
}

export type ObjectHeaders = Pick<StoredObject, 'contentType' | 'cacheControl' | 'contentDisposition' | 'contentEncoding' | 'contentLanguage' | 'expires' | 'metadata'>;

export interface PutObjectInput extends ObjectHeaders {
  /** Checksums to compute while the body streams in. */
  algorithms: ChecksumAlgorithm[];
  /** What the client claims, read after the body ended (trailers arrive last). */
  expected(): { md5?: string; checksums: Partial<Record<ChecksumAlgorithm, string>>; size?: number };
}

const isCode = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException).code ?? '');

function keyConflict(key: string) {
  return new S3Error(
    'KeyConflict',
    409,
    'The local object store keeps keys as files and folders, so it cannot hold a key and other keys beneath it (like "a" and "a/b") at once.',
    { Key: key },
  );
}

export class ObjectStore {
  constructor(readonly rootDir: string) {}

  async listBuckets(): Promise<{ name: string; created: Date }[]> {
    await mkdir(this.rootDir, { recursive: true });
    const entries = await readdir(this.rootDir, { withFileTypes: true });
    const buckets = entries.filter((entry) => entry.isDirectory() && isBucketName(entry.name));
    return Promise.all(
      buckets.map(async (entry) => {
        const info = await stat(path.join(this.rootDir, entry.name));
        return { name: entry.name, created: info.birthtimeMs > 0 ? info.birthtime : info.mtime };
      }),
    ).then((list) => list.sort((a, b) => compareKeys(a.name, b.name)));
  }

  async bucketExists(bucket: string): Promise<boolean> {
    try {
      return (await stat(bucketDir(this.rootDir, bucket))).isDirectory();
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return false;
      throw error;
    }
  }

  async requireBucket(bucket: string): Promise<void> {
    if (!(await this.bucketExists(bucket))) throw noSuchBucket(bucket);
  }

  /** Returns false when the bucket already existed. */
  async createBucket(bucket: string): Promise<boolean> {
    const dir = bucketDir(this.rootDir, bucket);
    await mkdir(this.rootDir, { recursive: true });
    try {
      await mkdir(dir);
      return true;
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false;
      throw error;
    }
  }

  async deleteBucket(bucket: string): Promise<void> {
    await this.requireBucket(bucket);
    const dir = bucketDir(this.rootDir, bucket);
    if ((await readdir(dir)).length > 0) {
      throw new S3Error('BucketNotEmpty', 409, 'The bucket you tried to delete is not empty', { BucketName: bucket });
    }
    await rmdir(dir);
  }

  async putObject(bucket: string, key: string, body: Readable, input: PutObjectInput): Promise<StoredObject> {
    const paths = objectPaths(this.rootDir, bucket, key);
    await this.requireBucket(bucket);
    const tmpDir = path.join(this.rootDir, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const md5 = createHasher('md5');
    const hashers = input.algorithms.map((algorithm) => ({ algorithm, hasher: createHasher(algorithm) }));
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            md5.update(chunk);
            for (const { hasher } of hashers) hasher.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
      const expected = input.expected();
      if (expected.size !== undefined && expected.size !== size) {
        throw new S3Error('IncompleteBody', 400, 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
      }
      const md5Digest = md5.digest();
      if (expected.md5 !== undefined && expected.md5 !== md5Digest.toString('base64')) {
        throw new S3Error('BadDigest', 400, 'The Content-MD5 you specified did not match what we received.');
      }
      const checksums: Partial<Record<ChecksumAlgorithm, string>> = {};
      for (const { algorithm, hasher } of hashers) {
        const actual = hasher.digest().toString('base64');
        const claimed = expected.checksums[algorithm];
        if (claimed === undefined) continue;
        if (claimed !== actual) {
          throw new S3Error('BadDigest', 400, `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
        }
        checksums[algorithm] = actual;
      }
      const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      const object: StoredObject = {
        key,
        size,
        etag: `"${md5Digest.toString('hex')}"`,
        lastModified,
        contentType: input.contentType,
        cacheControl: input.cacheControl,
        contentDisposition: input.contentDisposition,
        contentEncoding: input.contentEncoding,
        contentLanguage: input.contentLanguage,
        expires: input.expires,
        metadata: input.metadata,
        checksums,
        inode: (await stat(tmp)).ino,
      };
      await this.place(paths, tmp, object);
      return object;
    } finally {
      await rm(tmp, { force: true });
      await rm(`${tmp}.meta`, { force: true });
    }
  }

  /** Moves the data into place first and the metadata last, so the metadata names the data's inode. */
  private async place(paths: ReturnType<typeof objectPaths>, tmp: string, object: StoredObject): Promise<void> {
    await writeFile(`${tmp}.meta`, JSON.stringify(object));
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(paths.dir, { recursive: true });
        await rename(tmp, paths.data);
        await rename(`${tmp}.meta`, paths.meta);
        return;
      } catch (error) {
        if (isCode(error, 'EEXIST', 'ENOTDIR', 'EISDIR', 'ENOTEMPTY')) throw keyConflict(object.key);
        // A concurrent delete may prune the folder between mkdir and rename.
        if (isCode(error, 'ENOENT') && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** Opens the object's data with the metadata that belongs to it; undefined when there is no such object. */
  async openObject(bucket: string, key: string): Promise<{ object: StoredObject; file: FileHandle } | undefined> {
    const paths = objectPaths(this.rootDir, bucket, key);
    await this.requireBucket(bucket);
    for (let attempt = 0; attempt < 5; attempt++) {
      let file: FileHandle;
      try {
        file = await open(paths.data, 'r');
      } catch (error) {
        if (isCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return undefined;
        throw error;
      }
      try {
        const info = await file.stat();
        if (!info.isFile()) {
          await file.close();
          return undefined;
        }
        const object = await this.readMeta(paths.meta);
        if (object?.inode === info.ino) return { object, file };
        await file.close();
        if (!object) return undefined;
      } catch (error) {
        await file.close();
        throw error;
      }
    }
    throw new S3Error('SlowDown', 503, 'The object is being rewritten; please retry.');
  }

  async headObject(bucket: string, key: string): Promise<StoredObject | undefined> {
    const opened = await this.openObject(bucket, key);
    await opened?.file.close();
    return opened?.object;
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    const paths = objectPaths(this.rootDir, bucket, key);
    await this.requireBucket(bucket);
    for (const file of [paths.data, paths.meta]) {
      try {
        await unlink(file);
      } catch (error) {
        if (!isCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM')) throw error;
      }
    }
    // Empty folders would make a later key of the same name look like a folder.
    const root = bucketDir(this.rootDir, bucket);
    for (let dir = paths.dir; dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }

  /** Every object whose key starts with the prefix, in S3's order (UTF-8 bytes). */
  async listObjects(bucket: string, prefix: string): Promise<StoredObject[]> {
    await this.requireBucket(bucket);
    const folders = prefix.split('/').slice(0, -1);
    const encoded = folders.map(encodeSegment);
    const start = path.join(bucketDir(this.rootDir, bucket), ...encoded);
    const found: StoredObject[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isCode(error, 'ENOENT', 'ENOTDIR', 'ENAMETOOLONG')) return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.isDirectory()) {
          const segment = decodeSegment(entry.name);
          if (segment === undefined) continue;
          const folder = `${keyPrefix}${segment}/`;
          if (folder.startsWith(prefix) || prefix.startsWith(folder)) await walk(path.join(dir, entry.name), folder);
        } else if (entry.name.endsWith(META_SUFFIX)) {
          const segment = decodeSegment(entry.name.slice(0, -META_SUFFIX.length));
          if (segment === undefined || !`${keyPrefix}${segment}`.startsWith(prefix)) continue;
          const object = await this.readMeta(path.join(dir, entry.name));
          if (object) found.push(object);
        }
      }
    };
    await walk(start, folders.length ? `${folders.join('/')}/` : '');
    return found.sort((a, b) => compareKeys(a.key, b.key));
  }

  private async readMeta(file: string): Promise<StoredObject | undefined> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as StoredObject;
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return undefined;
      throw error;
    }
  }
}
