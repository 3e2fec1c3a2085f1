import path from 'node:path';
import { S3Error } from './errors';

/**
 * How bucket names and object keys map to file-system paths. Each '/'-separated key segment becomes one path
 * segment, so `.local/s3/<bucket>/<key>` is browsable. Segments are escaped so that no key can name a path
 * outside its bucket ('.', '..' and '' are escaped, and so is '%', the escape character itself). Every name
 * this module produces is a valid escape sequence, so the reserved suffixes below (which contain '%' followed by
 * a non-hex character) can never collide with a key.
 */
export const MAX_KEY_BYTES = 1024;
/** A file name may hold 255 bytes; leave room for the metadata suffix. */
const MAX_SEGMENT_BYTES = 240;
export const META_SUFFIX = '.%meta.json';
/** Temporary files live under the root in a directory no bucket name can take (bucket names never start with '.'). */
export const TMP_DIR = '.tmp';

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function isBucketName(name: string): boolean {
  return BUCKET_NAME.test(name) && !name.includes('..') && !/^\d+\.\d+\.\d+\.\d+$/.test(name);
}

export function bucketDir(rootDir: string, bucket: string): string {
  if (!isBucketName(bucket)) throw new S3Error('InvalidBucketName', 400, 'The specified bucket is not valid.', { BucketName: bucket });
  return path.join(rootDir, bucket);
}

export function encodeSegment(segment: string): string {
  if (segment === '') return '%';
  if (segment === '.') return '%2E';
  if (segment === '..') return '%2E%2E';
  return segment.replace(/[%\0]/g, (c) => (c === '%' ? '%25' : '%00'));
}

export function decodeSegment(name: string): string | undefined {
  if (name === '%') return '';
  if (!/^(?:[^%]|%[0-9A-F]{2})+$/.test(name)) return undefined;
  return name.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Validates a key and returns its encoded path segments. */
export function keySegments(key: string): string[] {
  if (key.length === 0) throw new S3Error('InvalidArgument', 400, 'The key must not be empty.');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error('KeyTooLongError', 400, 'Your key is too long');
  const segments = key.split('/').map(encodeSegment);
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)) {
    throw new S3Error('KeyTooLongError', 400, `A part of the key between slashes is longer than ${MAX_SEGMENT_BYTES} bytes, which this local store cannot hold.`);
  }
  return segments;
}

export function objectPaths(rootDir: string, bucket: string, key: string): { dir: string; data: string; meta: string } {
  const segments = keySegments(key);
  const name = segments.pop() as string;
  const dir = path.join(bucketDir(rootDir, bucket), ...segments);
  return { dir, data: path.join(dir, name), meta: path.join(dir, name + META_SUFFIX) };
}

/** Compares keys as S3 orders them: by their UTF-8 bytes. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
