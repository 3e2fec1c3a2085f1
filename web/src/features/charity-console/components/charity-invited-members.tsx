import { useState } from 'react';
import { inviteCharityMemberSchema, type Invitation } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { BulkBar, useSelection } from '../../../components/ui/bulk-select';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { InvitationsTable, RevokeInvitationsDialog } from '../../../components/ui/invitations';
import { InviteForm } from '../../../components/ui/invite-form';
import { ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharityInvitations } from '../api/get-charity-invitations';
import { useInviteCharityMember } from '../api/invite-charity-member';
import { useRevokeCharityInvitations } from '../api/revoke-charity-invitation';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import { CHARITY_ROLE_OPTIONS, charityRoleLabel } from '../roles';

const NO_INVITATIONS: readonly Invitation[] = [];

/** /admin/charity/:charityId/invited-members — pending invitations, revoked one by one or in bulk, and the invite form. */
export function CharityInvitedMembers() {
  const charityId = useCharityId();
  const invitations = useCharityInvitations(charityId);
  const canManage = useCharityCan({ anyOf: ['Charity_MemberManage'] });
  const invite = useInviteCharityMember(charityId);
  const revoke = useRevokeCharityInvitations(charityId);
  const items = invitations.data?.items ?? NO_INVITATIONS;
  const selection = useSelection(items.map((invitation) => invitation.id));
  const [revoking, setRevoking] = useState<readonly Invitation[]>([]);
  const [notice, setNotice] = useState<Notice>();

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
  if (!invitations.isSuccess) list = <QueryStates query={invitations} loading="Loading invitations" failed="We couldn’t load your invitations" />;
  else if (items.length === 0) {
    list = <EmptyState title="No pending invitations" description={canManage ? 'Invite someone with the form above.' : 'Nobody is waiting to join.'} />;
  } else {
    list = (
      <>
        <InvitationsTable
          invitations={items}
          roleLabel={charityRoleLabel}
          selection={canManage ? selection : undefined}
          onRevoke={canManage ? (invitation) => askToRevoke([invitation]) : undefined}
        />
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
    <ConsoleScreen>
      <ScreenHeader title="Invited members" description="People invited to join your charity who haven’t accepted yet." />
      {canManage ? (
        <InviteForm schema={inviteCharityMemberSchema} roleOptions={CHARITY_ROLE_OPTIONS} defaultRole="Charity.Member" onInvite={(invitation) => invite.mutateAsync(invitation)} />
      ) : null}
      <NoticeMessage notice={notice} />
      {list}
      <RevokeInvitationsDialog
        invitations={revoking}
        open={revoking.length > 0}
        busy={revoke.isPending}
        error={revoke.isError ? errorMessageOf(revoke.error) : undefined}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking([])}
      />
    </ConsoleScreen>
  );
}
