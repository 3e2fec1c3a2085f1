import type { ReactNode } from 'react';
import { PREVIEW_DESCRIPTION_LENGTH, PREVIEW_TITLE_LENGTH, truncate } from '../../lib/text';
import { Card, CardBody, CardLink } from './card';
import { Heading } from './heading';
import { ProgressBar } from './progress-bar';
import { Tag } from './tag';
import styles from './preview-card.module.css';

/** Spec 2 §2: the tag on an item whose charity is a preferred partner. */
export const PREFERRED_PARTNER = 'Preferred charity partner';

export interface PreviewCardProps {
  /** Where the card goes (its title is the link, stretched over the card). */
  to: string;
  image: string;
  /** The image's size in CSS pixels, where the spec fixes one (spec 2 §9: events 320 wide, gifts 380 high). */
  imageWidth?: number;
  imageHeight?: number;
  /** The price, or 'Area of greatest need'. */
  price?: string;
  title: string;
  description?: string;
  /** A line under the title, e.g. the charity. */
  byline?: ReactNode;
  /** What kind of result it is, on the search page ('Donation', 'Fundraising event'). */
  kind?: string;
  preferredPartner?: boolean;
  /** Progress against a target: the percentage raised and what it says ('$450 raised of $1,000'). */
  progress?: { percentage: number; text: string };
  /** How many donations it has had. */
  donations?: string;
  /** Anything else the item's type shows (a role's schedule and place, a charity's causes), under the description. */
  details?: ReactNode;
}

/**
 * Spec 2 §2 "Preview card": image, price or 'Area of greatest need', title cut to 50 characters and description to
 * 80, the 'Preferred charity partner' tag, a progress bar against a target and the donations count (each where the
 * item has it).
 */
export function PreviewCard({ to, image, imageWidth, imageHeight, price, title, description, byline, kind, preferredPartner, progress, donations, details }: PreviewCardProps) {
  const fixedHeight = imageHeight !== undefined;
  return (
    <Card interactive>
      <div className={fixedHeight ? styles.mediaFixed : styles.media} style={fixedHeight ? { height: imageHeight } : undefined}>
        {image ? <img src={image} alt="" width={imageWidth} height={imageHeight} loading="lazy" decoding="async" /> : null}
      </div>
      <CardBody>
        {price || kind || preferredPartner ? (
          <div className={styles.top}>
            {price ? <span className={styles.price}>{price}</span> : null}
            {kind ? <Tag>{kind}</Tag> : null}
            {preferredPartner ? <Tag tone="success">{PREFERRED_PARTNER}</Tag> : null}
          </div>
        ) : null}
        <Heading className={styles.title}>
          <CardLink to={to}>{truncate(title, PREVIEW_TITLE_LENGTH)}</CardLink>
        </Heading>
        {byline ? <div className={styles.byline}>{byline}</div> : null}
        {description ? <p className={styles.description}>{truncate(description, PREVIEW_DESCRIPTION_LENGTH)}</p> : null}
        {details}
        {progress || donations ? (
          <div className={styles.totals}>
            {progress ? <ProgressBar percentage={progress.percentage} valueText={`${Math.max(0, Math.round(progress.percentage))}% raised: ${progress.text}`} /> : null}
            <p className={styles.figures}>
              {progress ? <span>{progress.text}</span> : null}
              {donations ? <span className={styles.muted}>{donations}</span> : null}
            </p>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
