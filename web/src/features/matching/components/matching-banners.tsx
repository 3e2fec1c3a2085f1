import { useState } from 'react';
import { publicCampaignSchema, type PublicCampaign } from '@giving/shared/contracts/matching-public';
import { describeCampaign } from '../campaign-text';
import styles from './matching-banners.module.css';

const DISMISSED_KEY = 'matching.dismissed';

/** Dismissals last for the browser session (sessionStorage), so a banner stays hidden on every gift it is on. */
function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function remember(ids: string[]) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // Storage may be unavailable (private mode): the banner still goes away for this page.
  }
}

/** The campaigns the call answered that match the contract (the first paint only checked the list). */
export const campaignsOf = (items: readonly unknown[]): PublicCampaign[] =>
  items.flatMap((item) => {
    const parsed = publicCampaignSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

/** Spec 2 §2 "Matching banner": the rules of each campaign, each with a 'Dismiss notification' control. */
export function MatchingBanners({ items }: { items: readonly unknown[] }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = campaignsOf(items).filter((campaign) => !dismissed.includes(campaign.id));
  if (shown.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...new Set([...readDismissed(), ...dismissed, id])];
    remember(next);
    setDismissed(next);
  };
  return (
    <div className={styles.banners}>
      {shown.map((campaign) => (
        <aside key={campaign.id} className={styles.banner} aria-label={`Matching campaign: ${campaign.name}`} data-testid="matching-banner">
          <div className={styles.text}>
            <p className={styles.name}>{campaign.name}</p>
            <p>{describeCampaign(campaign)}</p>
            {campaign.description ? <p className={styles.description}>{campaign.description}</p> : null}
          </div>
          <button type="button" className={styles.dismiss} aria-label="Dismiss notification" title="Dismiss notification" onClick={() => dismiss(campaign.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </aside>
      ))}
    </div>
  );
}
