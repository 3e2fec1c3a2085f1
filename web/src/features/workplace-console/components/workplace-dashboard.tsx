import { Link } from 'react-router-dom';
import { ConsoleScreen, QuickLinks, mutedText } from '../../../components/ui/console-page';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Tag } from '../../../components/ui/tag';
import { WaitingList, type WaitingItem } from '../../../components/ui/waiting-list';
import { useGivingSummary } from '../api/get-giving-summary';
import { useWorkplace } from '../api/get-workplace';
import { useWorkplaceCharities } from '../api/get-workplace-charities';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { GivingPanel } from './giving-panel';
import styles from './workplace-console.module.css';

/**
 * /admin/workplace/:workplaceId/dashboard — the workplace at a glance: what waits for its admins (external donations to
 * decide, payroll batches to reconcile or confirm), its people's giving this month beside last month, and its counts.
 */
export function WorkplaceDashboard() {
  const workplaceId = useWorkplaceId();
  const workplace = useWorkplace(workplaceId);
  const canSeeCharities = useWorkplaceCan({ anyOf: ['Workplace_ViewCharities'] });
  const canSeeMembers = useWorkplaceCan({ anyOf: ['Workplace_ViewMembers'] });
  const canSeeSettings = useWorkplaceCan({ anyOf: ['Workplace_ViewSettings'] });
  const canSeeReports = useWorkplaceCan({ anyOf: ['Workplace_ViewReports', 'Workplace_ManageReports'] });
  const charities = useWorkplaceCharities(workplaceId, { enabled: canSeeCharities });
  // The dashboard's own permission reads it (a content admin's too).
  const giving = useGivingSummary(workplaceId);
  const base = `/admin/workplace/${workplaceId}`;

  if (!workplace.isSuccess) return <QueryStates query={workplace} headingLevel={2} loading="Loading your workplace" failed="We couldn’t load your workplace" />;
  const { name, memberCount, businessUnits } = workplace.data;
  // The summary counts each kind of waiting work only for a caller who may open its screen.
  const counts = giving.data?.waiting ?? {};
  const waiting: WaitingItem[] = [
    ...(counts.externalDonations !== undefined
      ? [{ one: 'external donation to approve or decline', many: 'external donations to approve or decline', count: counts.externalDonations, to: `${base}/external-donations` }]
      : []),
    ...(counts.payrollBatchesToReconcile !== undefined
      ? [{ one: 'payroll batch waiting for what payroll deducted', many: 'payroll batches waiting for what payroll deducted', count: counts.payrollBatchesToReconcile, to: `${base}/payments` }]
      : []),
    ...(counts.payrollBatchesToConfirm !== undefined
      ? [{ one: 'payroll batch to confirm', many: 'payroll batches to confirm', count: counts.payrollBatchesToConfirm, to: `${base}/payments` }]
      : []),
  ];
  const charityCount = !canSeeCharities || charities.isError ? '—' : charities.isPending ? '…' : charities.data.items.length;

  return (
    <ConsoleScreen>
      <ScreenHeader title="Dashboard" description={`Workplace giving at ${name}.`} />
      {waiting.length > 0 ? (
        <Panel title="Waiting for you">
          <WaitingList items={waiting} />
        </Panel>
      ) : null}
      <StatTiles label="At a glance">
        <StatTile label="Members" value={memberCount} to={canSeeMembers ? `${base}/members` : undefined} />
        <StatTile label="Business units" value={businessUnits.length} to={canSeeSettings ? `${base}/settings` : undefined} />
        <StatTile label="Supported charities" value={charityCount} to={canSeeCharities ? `${base}/charities` : undefined} />
      </StatTiles>
      <GivingPanel summary={giving} reports={canSeeReports ? `${base}/reports/donation-reports` : undefined} />
      <Panel title="Business units">
        {businessUnits.length === 0 ? (
          <p className={mutedText}>
            No business units yet.{' '}
            {canSeeSettings ? (
              <>
                <Link to={`${base}/settings`}>Add them in Settings</Link> to group your members.
              </>
            ) : null}
          </p>
        ) : (
          <ul className={styles.chips} aria-label="Business units">
            {businessUnits.map((unit) => (
              <li key={unit.id}>
                <Tag>{unit.name}</Tag>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Quick links">
        <QuickLinks>
          {canSeeMembers ? (
            <>
              <li>
                <Link to={`${base}/invited-members`}>Invite your people</Link>
              </li>
              <li>
                <Link to={`${base}/corporate-members`}>Manage admins</Link>
              </li>
            </>
          ) : null}
          {canSeeCharities ? (
            <li>
              <Link to={`${base}/charities`}>Choose the charities you support</Link>
            </li>
          ) : null}
          {canSeeReports ? (
            <li>
              <Link to={`${base}/reports/engagement-reports`}>See who takes part</Link>
            </li>
          ) : null}
          <li>
            <Link to={`${base}/help`}>Get help</Link>
          </li>
        </QuickLinks>
      </Panel>
    </ConsoleScreen>
  );
}
