import type { AdminGift, GiftImageKind } from '@giving/shared/contracts/dollar-handles';
import { ImageUploadField } from '../../../components/ui/image-upload';
import { Panel } from '../../../components/ui/panel';
import { useUploadGiftImage } from '../api/upload-gift-image';
import styles from './charity-donations.module.css';

const LABELS: Record<GiftImageKind, { label: string; hint: string }> = {
  image: { label: 'Gift page picture', hint: 'Shown large on the gift’s page.' },
  icon: { label: 'Card picture', hint: 'Shown on the gift’s card in your charity’s list; the page picture is used when there is none.' },
};

/** One picture of the gift: what it is now, and a file field that uploads a new one at once. */
function PictureField({ charityId, gift, kind }: { charityId: string; gift: AdminGift; kind: GiftImageKind }) {
  const upload = useUploadGiftImage(charityId);
  return (
    <ImageUploadField
      label={LABELS[kind].label}
      hint={LABELS[kind].hint}
      currentUrl={kind === 'image' ? gift.imageUrl : gift.iconUrl}
      previewAlt={`${LABELS[kind].label} of ${gift.title}`}
      upload={(image) => upload.mutateAsync({ giftId: gift.id, upload: { kind, ...image } })}
    />
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
