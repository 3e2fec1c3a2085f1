import * as z from 'zod/mini';
import { MESSAGES } from './messages';

/** Raster images only: an uploaded SVG could carry script. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const IMAGE_TOO_BIG_MESSAGE = 'Choose an image of 1 MB or less.';
export const IMAGE_TYPE_MESSAGE = 'Choose a PNG, JPEG, WebP or GIF image.';
export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/**
 * An uploaded picture (gift pictures, volunteering roles' images), base64 in JSON. The API checks the bytes really
 * are the declared type before storing them in the media bucket (shared/media.ts).
 */
export const imageUploadFields = {
  contentType: z.enum(IMAGE_TYPES, { error: IMAGE_TYPE_MESSAGE }),
  data: z.base64({ error: MESSAGES.invalidInput }).check(z.minLength(4, MESSAGES.requiredField), z.maxLength(Math.ceil(MAX_IMAGE_BYTES / 3) * 4, IMAGE_TOO_BIG_MESSAGE)),
};
export const imageUploadSchema = z.object(imageUploadFields);
export type ImageUpload = z.infer<typeof imageUploadSchema>;
