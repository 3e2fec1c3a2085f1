import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { inviteWorkplaceMemberSchema, type Invitation } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useWorkplaceInvitations } from '../api/get-workplace-invitations';
import { useInviteWorkplaceMember } from '../api/invite-workplace-member';
import { useRevokeWorkplaceInvitation } from '../api/revoke-workplace-invitation';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { WORKPLACE_ROLE_OPTIONS, workplaceRoleLabel } from '../roles';
import styles from './workplace-console.module.css';

type InviteInput = z.input<typeof inviteWorkplaceMemberSchema>;
type InviteValues = z.output<typeof inviteWorkplaceMemberSchema>;

/** /admin/workplace/:workplaceId/invited-members — pending invitations, revoke, and the invite form. */
export function WorkplaceInvitedMembers() {
  const workplaceId = useWorkplaceId();
  const invitations = useWorkplaceInvitations(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageMembers'] });
  const revoke = useRevokeWorkplaceInvitation(workplaceId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<string>();

  let list;
  if (invitations.isPending) list = <LoadingBlock label="Loading invitations" />;
  else if (invitations.isError) {
    list = <ErrorState title="We couldn’t load your invitations" message={errorMessageOf(invitations.error)} onRetry={() => void invitations.refetch()} />;
  } else if (invitations.data.items.length === 0) {
    list = <EmptyState title="No pending invitations" description={canManage ? 'Invite your people with the form above.' : 'Nobody is waiting to join.'} />;
  } else {
    list = (
      <Table caption="Pending invitations">
        <thead>
          <tr>
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
          {invitations.data.items.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row" className={styles.name}>
                {invitation.email}
              </th>
              <td>
                <Tag>{workplaceRoleLabel(invitation.role)}</Tag>
              </td>
              <td>
                <DateText value={invitation.createdAt} />
              </td>
              <td>
                <DateText value={invitation.expiresAt} />
              </td>
              {canManage ? (
                <ActionsCell>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      revoke.reset();
                      setRevoking(invitation);
                    }}
                  >
                    Revoke<span className="visually-hidden"> the invitation to {invitation.email}</span>
                  </Button>
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Invited members" description="People invited to join your workplace who haven’t accepted yet." />
      {canManage ? <InviteForm workplaceId={workplaceId} /> : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke invitation"
        busy={revoke.isPending}
        error={revoke.isError ? errorMessageOf(revoke.error) : undefined}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setNotice(`The invitation to ${revoking.email} was revoked.`);
              setRevoking(null);
            },
          });
        }}
      >
        {revoking ? `${revoking.email} will no longer be able to join with this invitation.` : null}
      </ConfirmDialog>
    </div>
  );
}

function InviteForm({ workplaceId }: { workplaceId: string }) {
  const invite = useInviteWorkplaceMember(workplaceId);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteWorkplaceMemberSchema),
    defaultValues: { email: '', role: 'WorkplaceGiver.Employee' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      await invite.mutateAsync(values);
      reset({ email: '', role: values.role });
      setMessage({ tone: 'info', text: `Invitation sent to ${values.email}.` });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['email', 'role']));
      if (text) setMessage({ tone: 'error', text });
    }
  });

  return (
    <Panel title="Invite a member" description="We’ll e-mail them a link. They join when they sign in with that address and accept.">
      <form className={styles.inviteForm} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Invite a member">
        <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" options={WORKPLACE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <Button type="submit" loading={isSubmitting}>
          Send invitation
        </Button>
      </form>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
    </Panel>
  );
}
