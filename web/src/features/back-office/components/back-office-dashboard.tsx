import { QueryScreen } from '../../../components/ui/console-page';
import { ScreenHeader } from '../../../components/ui/panel';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { useBackOfficeDashboard } from '../api/get-back-office-dashboard';
import { useVolunteeringDashboard } from '../api/get-volunteering-dashboard';
import { SearchIndexes } from './search-indexes';
import { satisfies } from '@giving/shared/permissions';
import { usePermissions } from '../../../lib/account';

const BASE = '/admin/backoffice';

/**
 * /admin/backoffice/dashboard — the platform's counts. Everything waiting for approval is counted: charities' profile
 * changes (accounts) and volunteer roles (volunteering, which owns them; asked through its own API). Below them, for
 * those who look after content, the search indexes and their re-indexing.
 */
export function BackOfficeDashboard() {
  const dashboard = useBackOfficeDashboard();
  const volunteering = useVolunteeringDashboard();
  const roles = volunteering.data?.opportunitiesWaitingForApproval;
  const permissions = usePermissions();
  const canSeeSearch = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['BackOffice_ViewContent', 'BackOffice_ManageContent'] });
  return (
    <QueryScreen header={<ScreenHeader title="Dashboard" description="The platform at a glance." />} query={dashboard} loading="Loading the dashboard" failed="We couldn’t load the dashboard">
      {({ charities, members, admins, workplaces, pendingContent }) => (
        <>
          <StatTiles label="Counts">
            <StatTile label="Charities" value={charities} to={`${BASE}/charities`} />
            <StatTile label="Members" value={members} to={`${BASE}/members`} />
            <StatTile label="Administrators" value={admins} to={`${BASE}/admins`} />
            <StatTile label="Workplaces" value={workplaces} to={`${BASE}/workplaces`} />
            <StatTile label="Waiting for approval" value={roles === undefined ? '—' : pendingContent + roles} />
            <StatTile label="Profile changes waiting for approval" value={pendingContent} to={`${BASE}/content-approval`} />
            <StatTile label="Volunteer roles waiting for approval" value={roles ?? '—'} to={`${BASE}/volunteer-roles`} />
          </StatTiles>
          {canSeeSearch ? <SearchIndexes /> : null}
        </>
      )}
    </QueryScreen>
  );
}
