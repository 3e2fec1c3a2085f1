import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import type { WorkplaceMember } from '@giving/shared/contracts/accounts';
import type { WorkplaceRole } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useWorkplaceMembers } from '../api/get-workplace-members';
import { useUpdateWorkplaceMember } from '../api/update-workplace-member';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { CORPORATE_ROLES, CORPORATE_ROLE_OPTIONS, isCorporateRole, withRole, withoutRole, workplaceRoleLabel } from '../roles';
import { memberName } from '../member-name';
import styles from './workplace-console.module.css';

const grantSchema = z.object({
  memberId: z.string().check(z.minLength(1, 'Choose a member.')),
  role: z.enum(CORPORATE_ROLES as [WorkplaceRole, ...WorkplaceRole[]]),
});
type GrantInput = z.input<typeof grantSchema>;
type GrantValues = z.output<typeof grantSchema>;

/** /admin/workplace/:workplaceId/corporate-members — who administers the workplace (admins and content admins). */
export function CorporateMembers() {
  const workplaceId = useWorkplaceId();
  const members = useWorkplaceMembers(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageMembers'] });
  const update = useUpdateWorkplaceMember(workplaceId);
  const [revoking, setRevoking] = useState<{ member: WorkplaceMember; role: string } | null>(null);
  const [notice, setNotice] = useState<string>();

  const header = <ScreenHeader title="Corporate members" description="Members who run your workplace on Koha: admins, and content admins who edit its pages." />;
  if (members.isPending) return <>{header}<LoadingBlock label="Loading corporate members" /></>;
  if (members.isError) {
    return <>{header}<ErrorState title="We couldn’t load your members" message={errorMessageOf(members.error)} onRetry={() => void members.refetch()} /></>;
  }
  const corporate = members.data.items.filter((member) => member.roles.some(isCorporateRole));

  return (
    <div className={styles.stack}>
      {header}
      {canManage ? <GrantRole workplaceId={workplaceId} members={members.data.items} onGranted={setNotice} /> : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {corporate.length === 0 ? (
        <EmptyState title="No corporate members yet" description="Make a member an admin or a content admin to share the work." />
      ) : (
        <Table caption="Corporate members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Corporate roles</th>
              {canManage ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {corporate.map((member) => (
              <tr key={member.memberId}>
                <th scope="row" className={styles.name}>
                  {memberName(member)}
                </th>
                <td>{member.email}</td>
                <td>
                  <TagList>
                    {member.roles.filter(isCorporateRole).map((role) => (
                      <Tag key={role} tone="accent">
                        {workplaceRoleLabel(role)}
                      </Tag>
                    ))}
                  </TagList>
                </td>
                {canManage ? (
                  <ActionsCell>
                    {member.roles.filter(isCorporateRole).map((role) => (
                      <Button
                        key={role}
                        variant="ghost"
                        size="sm"
                        onClick={() => {
                          update.reset();
                          setRevoking({ member, role });
                        }}
                      >
                        Revoke {workplaceRoleLabel(role).toLowerCase()}
                        <span className="visually-hidden"> from {memberName(member)}</span>
                      </Button>
                    ))}
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke role?"
        confirmLabel="Revoke role"
        busy={update.isPending}
        error={update.isError ? errorMessageOf(update.error) : undefined}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const { member, role } = revoking;
          update.mutate(
            { memberId: member.memberId, changes: { roles: withoutRole(member.roles, role) } },
            {
              onSuccess: () => {
                setNotice(`${memberName(member)} is no longer ${workplaceRoleLabel(role).toLowerCase()}.`);
                setRevoking(null);
              },
            },
          );
        }}
      >
        {revoking
          ? `${memberName(revoking.member)} will no longer be ${workplaceRoleLabel(revoking.role).toLowerCase()} of your workplace. They stay a member.`
          : null}
      </ConfirmDialog>
    </div>
  );
}

function GrantRole({ workplaceId, members, onGranted }: { workplaceId: string; members: readonly WorkplaceMember[]; onGranted: (notice: string) => void }) {
  const update = useUpdateWorkplaceMember(workplaceId);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GrantInput, unknown, GrantValues>({ resolver: zodResolver(grantSchema), defaultValues: { memberId: '', role: 'WorkplaceGiver.Admin' } });

  const onSubmit = handleSubmit(async ({ memberId, role }) => {
    setFailure(undefined);
    const member = members.find((candidate) => candidate.memberId === memberId);
    if (!member) return;
    if (member.roles.includes(role)) {
      setError('memberId', { message: `${memberName(member)} is already ${workplaceRoleLabel(role).toLowerCase()}.` });
      return;
    }
    try {
      await update.mutateAsync({ memberId, changes: { roles: withRole(member.roles, role) } });
      reset({ memberId: '', role });
      onGranted(`${memberName(member)} is now ${workplaceRoleLabel(role).toLowerCase()}.`);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, (path) => (path === 'roles' ? 'role' : undefined)));
    }
  });

  return (
    <Panel title="Grant a role">
      <form className={styles.inviteForm} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Grant a role">
        <SelectField
          label="Member"
          placeholder="Choose a member"
          options={members.map((member) => ({ value: member.memberId, label: `${memberName(member)} (${member.email})` }))}
          error={errors.memberId?.message}
          {...register('memberId')}
        />
        <SelectField label="Role" options={CORPORATE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <Button type="submit" loading={isSubmitting}>
          Grant role
        </Button>
      </form>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
    </Panel>
  );
}
