import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { DateText } from '../../../components/ui/date-text';
import { errorMessageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCharityInvitations } from '../api/get-charity-invitations';
import { useCharityMembers } from '../api/get-charity-members';
import { useCharitySettings } from '../api/get-charity-settings';
import { useCharityId } from '../hooks/use-charity';
import styles from './charity-console.module.css';

/** /admin/charity/:charityId/dashboard — the charity at a glance. */
export function CharityDashboard() {
  const charityId = useCharityId();
  const settings = useCharitySettings(charityId);
  const members = useCharityMembers(charityId);
  const invitations = useCharityInvitations(charityId);
  const base = `/admin/charity/${charityId}`;

  if (settings.isPending) return <LoadingBlock label="Loading your charity" />;
  if (settings.isError) {
    return <ErrorState headingLevel={2} title="We couldn’t load your charity" message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} />;
  }
  const { profile, pendingChange } = settings.data;
  const count = (query: { isPending: boolean; isError: boolean; data?: { items: readonly unknown[] } }) =>
    query.isPending ? '…' : query.isError || !query.data ? '—' : query.data.items.length;

  return (
    <div className={styles.stack}>
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
      <StatTiles label="At a glance">
        <StatTile label="Members" value={count(members)} to={`${base}/members`} />
        <StatTile label="Pending invitations" value={count(invitations)} to={`${base}/invited-members`} />
      </StatTiles>
      <Panel title="Quick links">
        <ul className={styles.links}>
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
        </ul>
      </Panel>
    </div>
  );
}
