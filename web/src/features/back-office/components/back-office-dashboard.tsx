import { ErrorState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { errorMessageOf } from '../../../lib/api-client';
import { useBackOfficeDashboard } from '../api/get-back-office-dashboard';
import styles from './back-office.module.css';

const BASE = '/admin/backoffice';

/** /admin/backoffice/dashboard — the platform's counts. */
export function BackOfficeDashboard() {
  const dashboard = useBackOfficeDashboard();
  const header = <ScreenHeader title="Dashboard" description="The platform at a glance." />;
  if (dashboard.isPending) return <>{header}<LoadingBlock label="Loading the dashboard" /></>;
  if (dashboard.isError) {
    return <>{header}<ErrorState title="We couldn’t load the dashboard" message={errorMessageOf(dashboard.error)} onRetry={() => void dashboard.refetch()} /></>;
  }
  const { charities, members, admins, workplaces, pendingContent } = dashboard.data;
  return (
    <div className={styles.stack}>
      {header}
      <StatTiles label="Counts">
        <StatTile label="Charities" value={charities} to={`${BASE}/charities`} />
        <StatTile label="Members" value={members} to={`${BASE}/members`} />
        <StatTile label="Administrators" value={admins} to={`${BASE}/admins`} />
        <StatTile label="Workplaces" value={workplaces} to={`${BASE}/workplaces`} />
        <StatTile label="Waiting for approval" value={pendingContent} to={`${BASE}/content-approval`} />
      </StatTiles>
    </div>
  );
}
