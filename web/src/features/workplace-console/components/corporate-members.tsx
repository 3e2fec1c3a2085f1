import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import type { WorkplaceMember } from '@giving/shared/contracts/accounts';
import type { WorkplaceRole } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, InlineForm, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { personName } from '../../../components/ui/person-name';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { useWorkplaceMembers } from '../api/get-workplace-members';
import { useUpdateWorkplaceMember } from '../api/update-workplace-member';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { CORPORATE_ROLES, CORPORATE_ROLE_OPTIONS, isCorporateRole, withRole, withoutRole, workplaceRoleLabel } from '../roles';
import { useAppForm } from '../../../lib/use-app-form';

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
  const [notice, setNotice] = useState<string>();
  const revocation = useConfirmedAction(useUpdateWorkplaceMember(workplaceId), {
    variables: ({ member, role }: { member: WorkplaceMember; role: string }) => ({ memberId: member.memberId, changes: { roles: withoutRole(member.roles, role) } }),
    onDone: ({ member, role }) => setNotice(`${personName(member)} is no longer ${workplaceRoleLabel(role).toLowerCase()}.`),
  });

  const header = <ScreenHeader title="Corporate members" description="Members who run your workplace on Koha: admins, and content admins who edit its pages." />;
  if (!members.isSuccess) return <>{header}<QueryStates query={members} loading="Loading corporate members" failed="We couldn’t load your members" /></>;
  const corporate = members.data.items.filter((member) => member.roles.some(isCorporateRole));

  return (
    <ConsoleScreen>
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
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </thead>
          <tbody>
            {corporate.map((member) => (
              <tr key={member.memberId}>
                <RowHeader>{personName(member)}</RowHeader>
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
                      <RowAction
                        key={role}
                        label={`Revoke ${workplaceRoleLabel(role).toLowerCase()}`}
                        target={`from ${personName(member)}`}
                        onClick={() => revocation.ask({ member, role })}
                      />
                    ))}
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...revocation.dialog} title="Revoke role?" confirmLabel="Revoke role">
        {revocation.item
          ? `${personName(revocation.item.member)} will no longer be ${workplaceRoleLabel(revocation.item.role).toLowerCase()} of your workplace. They stay a member.`
          : null}
      </ConfirmDialog>
    </ConsoleScreen>
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
  } = useAppForm<GrantInput, unknown, GrantValues>({ resolver: zodResolver(grantSchema), defaultValues: { memberId: '', role: 'WorkplaceGiver.Admin' } });

  const onSubmit = handleSubmit(async ({ memberId, role }) => {
    setFailure(undefined);
    const member = members.find((candidate) => candidate.memberId === memberId);
    if (!member) return;
    if (member.roles.includes(role)) {
      setError('memberId', { message: `${personName(member)} is already ${workplaceRoleLabel(role).toLowerCase()}.` });
      return;
    }
    try {
      await update.mutateAsync({ memberId, changes: { roles: withRole(member.roles, role) } });
      reset({ memberId: '', role });
      onGranted(`${personName(member)} is now ${workplaceRoleLabel(role).toLowerCase()}.`);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, (path) => (path === 'roles' ? 'role' : undefined)));
    }
  });

  return (
    <Panel title="Grant a role">
      <InlineForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Grant a role">
        <SelectField
          label="Member"
          placeholder="Choose a member"
          options={members.map((member) => ({ value: member.memberId, label: `${personName(member)} (${member.email})` }))}
          error={errors.memberId?.message}
          {...register('memberId')}
        />
        <SelectField label="Role" options={CORPORATE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <Button type="submit" loading={isSubmitting}>
          Grant role
        </Button>
      </InlineForm>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
    </Panel>
  );
}
