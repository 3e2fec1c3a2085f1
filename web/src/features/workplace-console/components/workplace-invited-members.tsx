import { useState } from 'react';
import { inviteWorkplaceMemberSchema, type Invitation } from '@giving/shared/contracts/accounts';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { InvitationsTable, RevokeInvitationsDialog } from '../../../components/ui/invitations';
import { InviteForm } from '../../../components/ui/invite-form';
import { ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { useConfirmedAction } from '../../../components/ui/row-actions';
import { useWorkplaceInvitations } from '../api/get-workplace-invitations';
import { useInviteWorkplaceMember } from '../api/invite-workplace-member';
import { useRevokeWorkplaceInvitation } from '../api/revoke-workplace-invitation';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { WORKPLACE_ROLE_OPTIONS, workplaceRoleLabel } from '../roles';

/** /admin/workplace/:workplaceId/invited-members — pending invitations, revoke, and the invite form. */
export function WorkplaceInvitedMembers() {
  const workplaceId = useWorkplaceId();
  const invitations = useWorkplaceInvitations(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageMembers'] });
  const invite = useInviteWorkplaceMember(workplaceId);
  const [notice, setNotice] = useState<string>();
  const revocation = useConfirmedAction(useRevokeWorkplaceInvitation(workplaceId), {
    variables: (invitation: Invitation) => invitation.id,
    onDone: (invitation) => setNotice(`The invitation to ${invitation.email} was revoked.`),
  });

  let list;
  if (!invitations.isSuccess) list = <QueryStates query={invitations} loading="Loading invitations" failed="We couldn’t load your invitations" />;
  else if (invitations.data.items.length === 0) {
    list = <EmptyState title="No pending invitations" description={canManage ? 'Invite your people with the form above.' : 'Nobody is waiting to join.'} />;
  } else {
    list = <InvitationsTable invitations={invitations.data.items} roleLabel={workplaceRoleLabel} onRevoke={canManage ? revocation.ask : undefined} />;
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Invited members" description="People invited to join your workplace who haven’t accepted yet." />
      {canManage ? (
        <InviteForm
          schema={inviteWorkplaceMemberSchema}
          roleOptions={WORKPLACE_ROLE_OPTIONS}
          defaultRole="WorkplaceGiver.Employee"
          onInvite={(invitation) => invite.mutateAsync(invitation)}
        />
      ) : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <RevokeInvitationsDialog invitations={revocation.item ? [revocation.item] : []} {...revocation.dialog} />
    </ConsoleScreen>
  );
}
