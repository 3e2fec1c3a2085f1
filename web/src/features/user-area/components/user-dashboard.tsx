import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Invitation } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, mutedText, stackedList } from '../../../components/ui/console-page';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Spinner } from '../../../components/ui/spinner';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { errorMessageOf } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useMyDashboard } from '../api/get-my-dashboard';
import { useMyInvitations } from '../api/get-my-invitations';
import { roleLabel } from '../role-label';
import { BadgeCard } from './badge-card';
import styles from './user-area.module.css';

const consolePath = (invitation: Invitation) => `/admin/${invitation.tenant.kind}/${invitation.tenant.id}/dashboard`;

/** /admin/user/dashboard — a greeting, the member's giving, badges and invitations waiting for them. */
export function UserDashboard() {
  const dashboard = useMyDashboard();
  const header = <ScreenHeader title="Dashboard" />;
  if (!dashboard.isSuccess) return <>{header}<QueryStates query={dashboard} loading="Loading your dashboard" failed="We couldn’t load your dashboard" /></>;
  const { profile, badges, completedDonations, pendingInvitations } = dashboard.data;
  return (
    <ConsoleScreen>
      {header}
      <p className={styles.greeting}>Kia ora{profile.firstName ? `, ${profile.firstName}` : ''}! Thank you for giving.</p>
      <StatTiles label="Your giving">
        <StatTile label="Completed donations" value={completedDonations} />
        <StatTile label="Badges" value={badges.length} to="/admin/user/badges" />
        <StatTile label="Pending invitations" value={pendingInvitations} />
      </StatTiles>
      <Invitations />
      <Panel title="Your badges" actions={badges.length > 0 ? <Link to="/admin/user/badges">See all badges</Link> : null}>
        {badges.length === 0 ? (
          <p className={mutedText}>Your first badge comes with your first completed donation.</p>
        ) : (
          <ul className={styles.badges} aria-label="Your badges">
            {badges.slice(0, 4).map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </ul>
        )}
      </Panel>
    </ConsoleScreen>
  );
}

function Invitations() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const [accepting, setAccepting] = useState<string>();
  const [joined, setJoined] = useState<Invitation>();
  const [failure, setFailure] = useState<string>();

  const onAccept = (invitation: Invitation) => {
    setAccepting(invitation.id);
    setFailure(undefined);
    accept.mutate(invitation.id, {
      onSuccess: () => setJoined(invitation),
      onError: (error) => setFailure(`We couldn’t accept the invitation from ${invitation.tenant.name}: ${errorMessageOf(error)}`),
      onSettled: () => setAccepting(undefined),
    });
  };

  let body;
  if (invitations.isPending) body = <Spinner label="Loading invitations" />;
  else if (invitations.isError) body = <FormMessage>We couldn’t load your invitations: {errorMessageOf(invitations.error)}</FormMessage>;
  else if (invitations.data.items.length === 0) body = <p className={mutedText}>No invitations waiting for you.</p>;
  else {
    body = (
      <ul className={stackedList} aria-label="Invitations">
        {invitations.data.items.map((invitation) => (
          <li key={invitation.id} className={styles.invitation}>
            <span>
              <strong>{invitation.tenant.name}</strong> invited you to join as {roleLabel(invitation.role)}.
            </span>
            <Button size="sm" loading={accepting === invitation.id} disabled={accepting !== undefined} onClick={() => onAccept(invitation)}>
              Accept<span className="visually-hidden"> the invitation from {invitation.tenant.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Panel title="Invitations">
      {joined ? (
        <FormMessage tone="info">
          You joined {joined.tenant.name}. <Link to={consolePath(joined)}>Go to its dashboard</Link>
        </FormMessage>
      ) : null}
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {body}
    </Panel>
  );
}
