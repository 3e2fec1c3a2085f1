import { useId, useState, type ChangeEvent } from 'react';
import {
  GIFT_IMAGE_TOO_BIG_MESSAGE,
  GIFT_IMAGE_TYPE_MESSAGE,
  GIFT_IMAGE_TYPES,
  MAX_GIFT_IMAGE_BYTES,
  type AdminGift,
  type GiftImageKind,
  type GiftImageType,
} from '@giving/shared/contracts/dollar-handles';
import { FormMessage } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useUploadGiftImage } from '../api/upload-gift-image';
import styles from './charity-donations.module.css';

const isImageType = (type: string): type is GiftImageType => (GIFT_IMAGE_TYPES as readonly string[]).includes(type);

/** The file's bytes as base64 (what the upload call carries). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const LABELS: Record<GiftImageKind, { label: string; hint: string }> = {
  image: { label: 'Gift page picture', hint: 'Shown large on the gift’s page.' },
  icon: { label: 'Card picture', hint: 'Shown on the gift’s card in your charity’s list; the page picture is used when there is none.' },
};

/** One picture of the gift: what it is now, and a file field that uploads a new one at once. */
function PictureField({ charityId, gift, kind }: { charityId: string; gift: AdminGift; kind: GiftImageKind }) {
  const id = useId();
  const upload = useUploadGiftImage(charityId);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const current = kind === 'image' ? gift.imageUrl : gift.iconUrl;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(undefined);
    if (!isImageType(file.type)) return setMessage({ tone: 'error', text: GIFT_IMAGE_TYPE_MESSAGE });
    if (file.size > MAX_GIFT_IMAGE_BYTES) return setMessage({ tone: 'error', text: GIFT_IMAGE_TOO_BIG_MESSAGE });
    try {
      await upload.mutateAsync({ giftId: gift.id, upload: { kind, contentType: file.type, data: await base64Of(file) } });
      setMessage({ tone: 'info', text: `${LABELS[kind].label} uploaded.` });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessageOf(error) });
    }
  };

  return (
    <div className={styles.picture}>
      <div className={styles.preview}>{current ? <img src={current} alt={`${LABELS[kind].label} of ${gift.title}`} /> : <span>No picture yet</span>}</div>
      <div className={styles.pictureField}>
        <label htmlFor={id}>{LABELS[kind].label}</label>
        <span className={styles.hint} id={`${id}-hint`}>
          {LABELS[kind].hint} PNG, JPEG, WebP or GIF, up to 1 MB.
        </span>
        <input id={id} type="file" accept={GIFT_IMAGE_TYPES.join(',')} aria-describedby={`${id}-hint`} disabled={upload.isPending} onChange={(event) => void onChange(event)} />
        {upload.isPending ? <Spinner size="sm" label="Uploading" /> : null}
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>
    </div>
  );
}

/** The gift's page picture and card picture, each uploaded as soon as it is chosen. */
export function GiftPictures({ charityId, gift }: { charityId: string; gift: AdminGift }) {
  return (
    <Panel title="Pictures" description={`For “${gift.title}”.`}>
      <div className={styles.pictures}>
        <PictureField charityId={charityId} gift={gift} kind="image" />
        <PictureField charityId={charityId} gift={gift} kind="icon" />
      </div>
    </Panel>
  );
}
