import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useMyBadges } from '../api/get-my-badges';
import { BadgeCard } from './badge-card';
import styles from './user-area.module.css';

/** /admin/user/badges — every badge the member has earned. */
export function UserBadges() {
  const badges = useMyBadges();
  const country = useCountry();
  const header = <ScreenHeader title="Badges" description="Badges you’ve earned by giving." />;
  if (badges.isPending) return <>{header}<LoadingBlock label="Loading your badges" /></>;
  if (badges.isError) {
    return <>{header}<ErrorState title="We couldn’t load your badges" message={errorMessageOf(badges.error)} onRetry={() => void badges.refetch()} /></>;
  }
  return (
    <div className={styles.stack}>
      {header}
      {badges.data.items.length === 0 ? (
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
          {badges.data.items.map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </ul>
      )}
    </div>
  );
}
