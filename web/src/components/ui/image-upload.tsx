import { useId, useState, type ChangeEvent } from 'react';
import { IMAGE_TOO_BIG_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_TYPES, MAX_IMAGE_BYTES, isImageType, type ImageUpload } from '@giving/shared/contracts/media';
import { errorMessageOf } from '../../lib/api-client';
import { FormMessage } from './field';
import { Spinner } from './spinner';
import styles from './image-upload.module.css';

/** The file's bytes as base64 (what an image upload call carries). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A picture as it is now and a file field that uploads a new one as soon as it is chosen (shared/contracts/media.ts:
 * PNG, JPEG, WebP or GIF up to 1 MB, checked here before any call and again by the API). `upload` makes the call;
 * its error's message is shown under the field.
 */
export function ImageUploadField({
  label,
  hint,
  currentUrl,
  previewAlt,
  doneMessage = `${label} uploaded.`,
  upload,
}: {
  label: string;
  hint?: string;
  currentUrl?: string;
  previewAlt: string;
  /** Said once the upload is done ('{label} uploaded.' by default). */
  doneMessage?: string;
  upload: (image: ImageUpload) => Promise<unknown>;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(undefined);
    if (!isImageType(file.type)) return setMessage({ tone: 'error', text: IMAGE_TYPE_MESSAGE });
    if (file.size > MAX_IMAGE_BYTES) return setMessage({ tone: 'error', text: IMAGE_TOO_BIG_MESSAGE });
    setUploading(true);
    try {
      await upload({ contentType: file.type, data: await base64Of(file) });
      setMessage({ tone: 'info', text: doneMessage });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessageOf(error) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.picture}>
      <div className={styles.preview}>{currentUrl ? <img src={currentUrl} alt={previewAlt} /> : <span>No picture yet</span>}</div>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <span className={styles.hint} id={`${id}-hint`}>
          {hint ? `${hint} ` : ''}PNG, JPEG, WebP or GIF, up to 1 MB.
        </span>
        <input id={id} type="file" accept={IMAGE_TYPES.join(',')} aria-describedby={`${id}-hint`} disabled={uploading} onChange={(event) => void onChange(event)} />
        {uploading ? <Spinner size="sm" label="Uploading" /> : null}
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>
    </div>
  );
}
