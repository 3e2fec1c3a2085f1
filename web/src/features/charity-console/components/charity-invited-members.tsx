import { useState } from 'react';
import type { Invitation } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { BulkBar, SelectAllCheckbox, bulkSelectOnly, useSelection } from '../../../components/ui/bulk-select';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, SelectCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharityInvitations } from '../api/get-charity-invitations';
import { useRevokeCharityInvitations } from '../api/revoke-charity-invitation';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import { charityRoleLabel } from '../roles';
import { InviteCharityMemberForm } from './invite-charity-member-form';
import styles from './charity-console.module.css';

const NO_INVITATIONS: readonly Invitation[] = [];

/** /admin/charity/:charityId/invited-members — pending invitations, revoked one by one or in bulk, and the invite form. */
export function CharityInvitedMembers() {
  const charityId = useCharityId();
  const invitations = useCharityInvitations(charityId);
  const canManage = useCharityCan({ anyOf: ['Charity_MemberManage'] });
  const revoke = useRevokeCharityInvitations(charityId);
  const items = invitations.data?.items ?? NO_INVITATIONS;
  const selection = useSelection(items.map((invitation) => invitation.id));
  const [revoking, setRevoking] = useState<readonly Invitation[]>([]);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();

  const askToRevoke = (chosen: readonly Invitation[]) => {
    revoke.reset();
    setRevoking(chosen);
  };
  const confirmRevoke = () => {
    revoke.mutate(
      revoking.map((invitation) => invitation.id),
      {
        onSuccess: ({ failed, reason }) => {
          const done = revoking.length - failed.length;
          setNotice(
            failed.length === 0
              ? { tone: 'info', text: done === 1 ? `The invitation to ${revoking[0]?.email} was revoked.` : `${done} invitations were revoked.` }
              : { tone: 'error', text: `${done} revoked; ${failed.length} could not be revoked: ${errorMessageOf(reason)}` },
          );
          setRevoking([]);
          selection.clear();
        },
      },
    );
  };

  let list;
  if (invitations.isPending) list = <LoadingBlock label="Loading invitations" />;
  else if (invitations.isError) {
    list = <ErrorState title="We couldn’t load your invitations" message={errorMessageOf(invitations.error)} onRetry={() => void invitations.refetch()} />;
  } else if (items.length === 0) {
    list = <EmptyState title="No pending invitations" description={canManage ? 'Invite someone with the form above.' : 'Nobody is waiting to join.'} />;
  } else {
    list = (
      <>
        <Table caption="Pending invitations">
          <thead>
            <tr>
              {canManage ? (
                <SelectCell header className={bulkSelectOnly}>
                  <SelectAllCheckbox selection={selection} label="Select all invitations" />
                </SelectCell>
              ) : null}
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Invited</th>
              <th scope="col">Expires</th>
              {canManage ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((invitation) => (
              <tr key={invitation.id}>
                {canManage ? (
                  <SelectCell className={bulkSelectOnly}>
                    <input
                      type="checkbox"
                      aria-label={`Select ${invitation.email}`}
                      checked={selection.isSelected(invitation.id)}
                      onChange={() => selection.toggle(invitation.id)}
                    />
                  </SelectCell>
                ) : null}
                <th scope="row" className={styles.name}>
                  {invitation.email}
                </th>
                <td>
                  <Tag>{charityRoleLabel(invitation.role)}</Tag>
                </td>
                <td>
                  <DateText value={invitation.createdAt} />
                </td>
                <td>
                  <DateText value={invitation.expiresAt} />
                </td>
                {canManage ? (
                  <ActionsCell>
                    <Button variant="ghost" size="sm" onClick={() => askToRevoke([invitation])}>
                      Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
                    </Button>
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
        {canManage ? (
          <BulkBar
            count={selection.selected.length}
            noun={selection.selected.length === 1 ? 'invitation' : 'invitations'}
            onClear={selection.clear}
            actions={[
              <Button key="revoke" size="sm" onClick={() => askToRevoke(items.filter((invitation) => selection.isSelected(invitation.id)))}>
                Revoke selected
              </Button>,
            ]}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Invited members" description="People invited to join your charity who haven’t accepted yet." />
      {canManage ? <InviteCharityMemberForm charityId={charityId} /> : null}
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      {list}
      <ConfirmDialog
        open={revoking.length > 0}
        title={revoking.length === 1 ? 'Revoke invitation?' : `Revoke ${revoking.length} invitations?`}
        confirmLabel={revoking.length === 1 ? 'Revoke invitation' : 'Revoke invitations'}
        busy={revoke.isPending}
        error={revoke.isError ? errorMessageOf(revoke.error) : undefined}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking([])}
      >
        {revoking.length === 1
          ? `${revoking[0]?.email} will no longer be able to join with this invitation.`
          : `${revoking.map((invitation) => invitation.email).join(', ')} will no longer be able to join with their invitations.`}
      </ConfirmDialog>
    </div>
  );
}
