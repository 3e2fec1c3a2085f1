import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { QueryScreen } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useMyBadges } from '../api/get-my-badges';
import { BadgeCard } from './badge-card';
import styles from './user-area.module.css';

/** /admin/user/badges — every badge the member has earned. */
export function UserBadges() {
  const badges = useMyBadges();
  const country = useCountry();
  return (
    <QueryScreen header={<ScreenHeader title="Badges" description="Badges you’ve earned by giving." />} query={badges} loading="Loading your badges" failed="We couldn’t load your badges">
      {({ items }) =>
        items.length === 0 ? (
          <EmptyState
            title="No badges yet"
            description="Badges come with the donations you complete. Your first one is a gift away."
            action={
              <Link to={paths.charities(country.code)} className={buttonClassName()}>
                Find a charity to give to
              </Link>
            }
          />
        ) : (
          <ul className={styles.badges} aria-label="Your badges">
            {items.map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </ul>
        )
      }
    </QueryScreen>
  );
}
