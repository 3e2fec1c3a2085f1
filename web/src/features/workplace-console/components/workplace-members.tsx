import { useState } from 'react';
import type { EmploymentType, WorkplaceMember } from '@giving/shared/contracts/accounts';
import { employmentTypeSchema } from '@giving/shared/contracts/accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { personName } from '../../../components/ui/person-name';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useWorkplace } from '../api/get-workplace';
import { useWorkplaceMembers } from '../api/get-workplace-members';
import { useRemoveWorkplaceMember } from '../api/remove-workplace-member';
import { useUpdateWorkplaceMember, type UpdateWorkplaceMember } from '../api/update-workplace-member';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import { workplaceRoleLabel } from '../roles';
import styles from './workplace-console.module.css';

const EMPLOYMENT_TYPES = employmentTypeSchema.options;
/** The filter's value for members without a business unit. */
export const NO_UNIT = '(none)';

/** /admin/workplace/:workplaceId/members — members with employment type and business unit, edited inline; filter by unit. */
export function WorkplaceMembers() {
  const workplaceId = useWorkplaceId();
  const members = useWorkplaceMembers(workplaceId);
  const workplace = useWorkplace(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageMembers'] });
  const update = useUpdateWorkplaceMember(workplaceId);
  const [unitFilter, setUnitFilter] = useState('');
  const [saving, setSaving] = useState<string>();
  const [message, setMessage] = useState<Notice>();
  const removal = useConfirmedAction(useRemoveWorkplaceMember(workplaceId), {
    variables: (member: WorkplaceMember) => member.memberId,
    onDone: (member) => setMessage({ tone: 'info', text: `${personName(member)} was removed from the workplace.` }),
  });
  const units = workplace.data?.businessUnits ?? [];
  const unitName = (id: string | undefined) => (id ? (units.find((unit) => unit.id === id)?.name ?? 'Unknown unit') : 'None');

  const header = <ScreenHeader title="Members" description="Everyone in your workplace, their employment type and business unit." />;
  if (!members.isSuccess) return <>{header}<QueryStates query={members} loading="Loading members" failed="We couldn’t load your members" /></>;

  const change = (member: WorkplaceMember, changes: UpdateWorkplaceMember) => {
    setSaving(member.memberId);
    setMessage(undefined);
    update.mutate(
      { memberId: member.memberId, changes },
      {
        onSuccess: () => setMessage({ tone: 'info', text: `${personName(member)} was updated.` }),
        onError: (error) => setMessage({ tone: 'error', text: `We couldn’t update ${personName(member)}: ${errorMessageOf(error)}` }),
        onSettled: () => setSaving(undefined),
      },
    );
  };

  const shown = members.data.items.filter((member) =>
    unitFilter === '' ? true : unitFilter === NO_UNIT ? !member.businessUnitId : member.businessUnitId === unitFilter,
  );

  return (
    <ConsoleScreen>
      {header}
      {units.length > 0 ? (
        <Toolbar>
          <SelectField
            label="Business unit"
            value={unitFilter}
            onChange={(event) => setUnitFilter(event.target.value)}
            options={[{ value: '', label: 'All business units' }, ...units.map((unit) => ({ value: unit.id, label: unit.name })), { value: NO_UNIT, label: 'No business unit' }]}
          />
        </Toolbar>
      ) : null}
      <NoticeMessage notice={message} />
      {shown.length === 0 ? (
        <EmptyState
          title={members.data.items.length === 0 ? 'No members yet' : 'No members in this business unit'}
          description={members.data.items.length === 0 ? 'Invite your people from Invited members.' : 'Choose another business unit.'}
        />
      ) : (
        <Table caption="Members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Roles</th>
              <th scope="col">Employment type</th>
              <th scope="col">Business unit</th>
              <th scope="col">Joined</th>
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((member) => {
              const name = personName(member);
              const busy = saving === member.memberId;
              return (
                <tr key={member.memberId} aria-busy={busy || undefined}>
                  <RowHeader>{name}</RowHeader>
                  <td>{member.email}</td>
                  <td>
                    <TagList>
                      {member.roles.map((role) => (
                        <Tag key={role}>{workplaceRoleLabel(role)}</Tag>
                      ))}
                    </TagList>
                  </td>
                  <td>
                    {canManage ? (
                      <select
                        className={styles.inlineSelect}
                        aria-label={`Employment type of ${name}`}
                        value={member.employmentType}
                        disabled={busy}
                        onChange={(event) => change(member, { employmentType: event.target.value as EmploymentType })}
                      >
                        {EMPLOYMENT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {type}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.employmentType
                    )}
                  </td>
                  <td>
                    {canManage ? (
                      <select
                        className={styles.inlineSelect}
                        aria-label={`Business unit of ${name}`}
                        value={member.businessUnitId ?? ''}
                        disabled={busy}
                        onChange={(event) => change(member, { businessUnitId: event.target.value || null })}
                      >
                        <option value="">None</option>
                        {units.map((unit) => (
                          <option key={unit.id} value={unit.id}>
                            {unit.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      unitName(member.businessUnitId)
                    )}
                  </td>
                  <td>
                    <DateText value={member.joinedAt} />
                  </td>
                  {canManage ? (
                    <ActionsCell>
                      <RowAction label="Remove" target={name} onClick={() => removal.ask(member)} />
                    </ActionsCell>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...removal.dialog} title="Remove member?" confirmLabel="Remove member">
        {removal.item ? `${personName(removal.item)} (${removal.item.email}) will leave your workplace and its workplace giving.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
