import { MonthComparison } from '../../../components/charts/month-comparison';
import { QueryScreen } from '../../../components/ui/console-page';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { WaitingList, type WaitingItem } from '../../../components/ui/waiting-list';
import { useBackOfficeDashboard } from '../api/get-back-office-dashboard';
import { useDonationsDashboard } from '../api/get-donations-dashboard';
import { useUnpaidMatchingMonths } from '../api/get-unpaid-matching-months';
import { useVolunteeringDashboard } from '../api/get-volunteering-dashboard';
import { SearchIndexes } from './search-indexes';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { usePermissions } from '../../../lib/account';

const BASE = '/admin/backoffice';

/**
 * /admin/backoffice/dashboard — the platform at a glance. First what waits for the back office, each leading to where
 * it is handled: charities' profile changes (accounts), volunteer roles (volunteering, which owns them; asked through
 * its own API) and workplaces' matching months ended unpaid (matching's list). Then the platform's donations this
 * month beside last month, per currency, and the counts. Below them, for those who look after content, the search
 * indexes and their re-indexing.
 */
export function BackOfficeDashboard() {
  const dashboard = useBackOfficeDashboard();
  const volunteering = useVolunteeringDashboard();
  const donations = useDonationsDashboard();
  const permissions = usePermissions();
  const can = (check: PermissionCheck) => permissions.isSuccess && satisfies(permissions.data.permissions, check);
  const canSeePayments = can({ anyOf: ['BackOffice_ViewPayments', 'BackOffice_ManagePayments'] });
  const unpaidMonths = useUnpaidMatchingMonths({ enabled: canSeePayments });
  const canSeeSearch = can({ anyOf: ['BackOffice_ViewContent', 'BackOffice_ManageContent'] });
  return (
    <QueryScreen header={<ScreenHeader title="Dashboard" description="The platform at a glance." />} query={dashboard} loading="Loading the dashboard" failed="We couldn’t load the dashboard">
      {({ charities, members, admins, workplaces, pendingContent }) => {
        const waiting: WaitingItem[] = [
          { one: 'profile change waiting for approval', many: 'profile changes waiting for approval', count: pendingContent, to: `${BASE}/content-approval` },
          { one: 'volunteer role waiting for approval', many: 'volunteer roles waiting for approval', count: volunteering.data?.opportunitiesWaitingForApproval, to: `${BASE}/volunteer-roles` },
          ...(canSeePayments ? [{ one: 'matching month ended unpaid', many: 'matching months ended unpaid', count: unpaidMonths.data, to: `${BASE}/matching-payments` }] : []),
        ];
        return (
          <>
            <Panel title="Waiting for you">
              <WaitingList items={waiting} />
            </Panel>
            <Panel title="Donations" description="Donations across the platform this month, beside last month, in each country’s currency.">
              {donations.isSuccess ? (
                <MonthComparison label="Donations" lines={donations.data.donations} />
              ) : (
                <QueryStates query={donations} headingLevel={4} loading="Loading the donations" failed="We couldn’t load the donations" />
              )}
            </Panel>
            <StatTiles label="Counts">
              <StatTile label="Charities" value={charities} to={`${BASE}/charities`} />
              <StatTile label="Members" value={members} to={`${BASE}/members`} />
              <StatTile label="Administrators" value={admins} to={`${BASE}/admins`} />
              <StatTile label="Workplaces" value={workplaces} to={`${BASE}/workplaces`} />
            </StatTiles>
            {canSeeSearch ? <SearchIndexes /> : null}
          </>
        );
      }}
    </QueryScreen>
  );
}
