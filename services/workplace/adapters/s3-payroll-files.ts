import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PayrollFileStore } from '../domain/ports';
import { writeJsonLines, writePayrollFile } from './payroll-file';

/**
 * The private payroll-files bucket. Files are written to the function's /tmp first (streamed) and uploaded from
 * there with their length, so memory stays flat however many lines a file has.
 */
export function s3PayrollFileStore(client: S3Client, bucket: string, scratchRoot = tmpdir()): PayrollFileStore {
  async function withScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(scratchRoot, 'payroll-'));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  async function upload(key: string, file: string, contentType: string) {
    const { size } = await stat(file);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
  }
  const missing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string })?.name === 'NotFound';

  return {
    putPayrollFile: (prefix, fileName, structure, lines) =>
      withScratch(async (dir) => {
        const file = path.join(dir, 'file');
        const { bytes, sha256 } = await writePayrollFile(file, structure, lines);
        const key = `${prefix}/${sha256}/${fileName}`;
        await upload(key, file, fileName.endsWith('.tsv') ? 'text/tab-separated-values; charset=utf-8' : 'text/csv; charset=utf-8');
        return { key, sha256, bytes };
      }),
    putLines: (key, lines) =>
      withScratch(async (dir) => {
        const file = path.join(dir, 'lines');
        await writeJsonLines(file, lines);
        await upload(key, file, 'application/x-ndjson');
      }),
    async readLines(key) {
      const text = await this.getText(key);
      if (text === undefined) return [];
      return text
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line));
    },
    async getText(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToString('utf-8');
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async putJson(key, value) {
      const body = JSON.stringify(value);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }));
    },
    async putBytes(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async getBytes(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToByteArray();
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async getJson(key) {
      const text = await this.getText(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    async deleteObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    downloadUrl: (key, fileName, expiresInSeconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"` }), {
        expiresIn: expiresInSeconds,
      }),
  };
}
