import { createHash } from 'node:crypto';
import { IMAGE_TOO_BIG_MESSAGE, IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES, type ImageType, type ImageUpload } from './contracts/media';
import { invalid } from './errors';

/** Public images (gift pictures, volunteering roles' images) in the media bucket (adapter: shared/s3-media.ts). */
export interface MediaStore {
  /** Stores the bytes under the key and answers their public address. */
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
}

const SIGNATURES: Record<ImageType, { extension: string; matches: (bytes: Uint8Array) => boolean }> = {
  'image/png': { extension: 'png', matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  'image/jpeg': { extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { extension: 'gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  'image/webp': { extension: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
};
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * Stores an uploaded image as `{keyPrefix}-{hash}.{extension}` and answers its address. The bytes must really be the
 * declared type (the browser shows what the type says). The name is the content's hash, so a retried upload stores
 * nothing new and a changed picture gets a new address (no stale caches). Refusals are `body.data` field errors.
 */
export async function storeImage(media: MediaStore, keyPrefix: string, upload: ImageUpload): Promise<string> {
  const bytes = new Uint8Array(Buffer.from(upload.data, 'base64'));
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid([{ field: 'body.data', message: IMAGE_TOO_BIG_MESSAGE }]);
  const signature = SIGNATURES[upload.contentType];
  if (!signature.matches(bytes)) throw invalid([{ field: 'body.data', message: IMAGE_TYPE_MESSAGE }]);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  return media.put(`${keyPrefix}-${hash}.${signature.extension}`, bytes, upload.contentType);
}
