import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MemberExportFiles } from '../domain/member-exports';

/**
 * Members files in the private personal-data bucket (domain/member-exports.ts). A file is streamed to the function's
 * /tmp first (the text is pulled a page at a time, as the disk takes it) and uploaded from there with its length, so
 * memory stays flat however many members a charity has. Own code rather than shared/lambda/personal-data.ts's store,
 * whose objects are members' own data exports.
 */
export function s3MemberExportFiles(client: S3Client, bucket: string, scratchRoot = tmpdir()): MemberExportFiles {
  return {
    async put(key, text) {
      const dir = await mkdtemp(path.join(scratchRoot, 'members-export-'));
      try {
        const file = path.join(dir, 'members.csv');
        await pipeline(Readable.from(text), createWriteStream(file));
        const { size } = await stat(file);
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: 'text/csv; charset=utf-8' }));
        return { bytes: size };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async getText(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToString('utf-8');
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string })?.name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    downloadUrl: (key, fileName, expiresInSeconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"` }), {
        expiresIn: expiresInSeconds,
      }),
  };
}
