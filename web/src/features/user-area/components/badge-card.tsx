import type * as z from 'zod/mini';
import type { memberBadgeSchema } from '@giving/shared/contracts/accounts';
import { DateText } from '../../../components/ui/date-text';
import styles from './user-area.module.css';

type MemberBadge = z.infer<typeof memberBadgeSchema>;

export function BadgeCard({ badge }: { badge: MemberBadge }) {
  return (
    <li className={styles.badge}>
      <span className={styles.icon} aria-hidden="true">
        {badge.icon}
      </span>
      <h3>{badge.name}</h3>
      <p>{badge.description}</p>
      <p className={styles.awarded}>
        Awarded <DateText value={badge.awardedAt} />
      </p>
    </li>
  );
}
