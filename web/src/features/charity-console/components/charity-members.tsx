import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CharityMember } from '@giving/shared/contracts/accounts';
import { buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { personName } from '../../../components/ui/person-name';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { useCharityMembers } from '../api/get-charity-members';
import { useRemoveCharityMember } from '../api/remove-charity-member';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import { charityRoleLabel } from '../roles';

/** /admin/charity/:charityId/members — who manages the charity; admins can remove members. */
export function CharityMembers() {
  const charityId = useCharityId();
  const members = useCharityMembers(charityId);
  const canManage = useCharityCan({ anyOf: ['Charity_MemberManage'] });
  const [notice, setNotice] = useState<string>();
  const removal = useConfirmedAction(useRemoveCharityMember(charityId), {
    variables: (member: CharityMember) => member.memberId,
    onDone: (member) => setNotice(`${personName(member)} was removed from the charity.`),
  });

  const header = <ScreenHeader title="Members" description="People who can manage your charity on Koha, and their roles." />;
  if (!members.isSuccess) return <>{header}<QueryStates query={members} loading="Loading members" failed="We couldn’t load your members" /></>;

  return (
    <ConsoleScreen>
      {header}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {members.data.items.length === 0 ? (
        <EmptyState
          title="No members yet"
          description="Invite people to help run your charity’s page, gifts and volunteering."
          action={
            <Link to={`/admin/charity/${charityId}/invited-members`} className={buttonClassName()}>
              Invite members
            </Link>
          }
        />
      ) : (
        <Table caption="Members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Roles</th>
              <th scope="col">Joined</th>
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </thead>
          <tbody>
            {members.data.items.map((member) => (
              <tr key={member.memberId}>
                <RowHeader>{personName(member)}</RowHeader>
                <td>{member.email}</td>
                <td>
                  <TagList>
                    {member.roles.map((role) => (
                      <Tag key={role} tone={role === 'Charity.Admin' ? 'accent' : 'neutral'}>
                        {charityRoleLabel(role)}
                      </Tag>
                    ))}
                  </TagList>
                </td>
                <td>
                  <DateText value={member.joinedAt} />
                </td>
                {canManage ? (
                  <ActionsCell>
                    <RowAction label="Remove" target={personName(member)} onClick={() => removal.ask(member)} />
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...removal.dialog} title="Remove member?" confirmLabel="Remove member">
        {removal.item ? `${personName(removal.item)} (${removal.item.email}) will no longer be able to manage this charity.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
