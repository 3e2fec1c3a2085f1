import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaStore } from './media';

/**
 * The media bucket (served at /media/* by CloudFront, and by the local origin). Keys are content hashes, so an
 * object never changes and can be cached for a year.
 */
export function s3MediaStore(client: S3Client, bucket: string, baseUrl: string): MediaStore {
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
      return `${baseUrl.replace(/\/$/, '')}/${key}`;
    },
  };
}

/** Path-style addressing when an endpoint is set (the local object store has no per-bucket host names). */
export const s3Client = () => new S3Client(process.env.AWS_ENDPOINT_URL_S3 ? { forcePathStyle: true } : {});
