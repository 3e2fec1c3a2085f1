import { Link } from 'react-router-dom';
import { FormMessage } from '../../../components/ui/field';
import { ConsoleScreen, QuickLinks } from '../../../components/ui/console-page';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { DateText } from '../../../components/ui/date-text';
import { paths } from '../../../lib/paths';
import { useCharityInvitations } from '../api/get-charity-invitations';
import { useCharityMembers } from '../api/get-charity-members';
import { useCharitySettings } from '../../../lib/charity-settings';
import { useCharityId } from '../hooks/use-charity';
import styles from './charity-dashboard.module.css';

/** /admin/charity/:charityId/dashboard — the charity at a glance. */
export function CharityDashboard() {
  const charityId = useCharityId();
  const settings = useCharitySettings(charityId);
  const members = useCharityMembers(charityId);
  const invitations = useCharityInvitations(charityId);
  const base = `/admin/charity/${charityId}`;

  if (!settings.isSuccess) return <QueryStates query={settings} headingLevel={2} loading="Loading your charity" failed="We couldn’t load your charity" />;
  const { profile, pendingChange, deniedChange } = settings.data;
  const count = (query: { isPending: boolean; isError: boolean; data?: { items: readonly unknown[] } }) =>
    query.isPending ? '…' : query.isError || !query.data ? '—' : query.data.items.length;

  return (
    <ConsoleScreen>
      <ScreenHeader title="Dashboard" />
      <div className={styles.profile}>
        {profile.logoImageUrl ? <img src={profile.logoImageUrl} alt="" className={styles.logo} /> : null}
        <div>
          <h3>{profile.name}</h3>
          <Link to={paths.charity(profile.country, profile.charityUrl)}>View your public page</Link>
        </div>
      </div>
      {pendingChange ? (
        <FormMessage tone="info">
          Your profile changes sent on <DateText value={pendingChange.submittedAt} /> are waiting for approval.{' '}
          <Link to={`${base}/settings`}>See the proposed changes</Link>
        </FormMessage>
      ) : null}
      {deniedChange ? (
        <FormMessage tone="info">
          Your profile changes sent on <DateText value={deniedChange.submittedAt} /> were not approved: {deniedChange.reason}{' '}
          <Link to={`${base}/settings`}>Correct them and send them again</Link>
        </FormMessage>
      ) : null}
      <StatTiles label="At a glance">
        <StatTile label="Members" value={count(members)} to={`${base}/members`} />
        <StatTile label="Pending invitations" value={count(invitations)} to={`${base}/invited-members`} />
      </StatTiles>
      <Panel title="Quick links">
        <QuickLinks>
          <li>
            <Link to={`${base}/invited-members`}>Invite someone to your team</Link>
          </li>
          <li>
            <Link to={`${base}/members`}>See your members</Link>
          </li>
          <li>
            <Link to={`${base}/settings`}>Edit your charity’s profile</Link>
          </li>
          <li>
            <Link to={`${base}/help`}>Get help</Link>
          </li>
        </QuickLinks>
      </Panel>
    </ConsoleScreen>
  );
}
