import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CharityMember } from '@giving/shared/contracts/accounts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharityMembers } from '../api/get-charity-members';
import { useRemoveCharityMember } from '../api/remove-charity-member';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import { charityRoleLabel } from '../roles';
import styles from './charity-console.module.css';

const nameOf = (member: CharityMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** /admin/charity/:charityId/members — who manages the charity; admins can remove members. */
export function CharityMembers() {
  const charityId = useCharityId();
  const members = useCharityMembers(charityId);
  const canManage = useCharityCan({ anyOf: ['Charity_MemberManage'] });
  const remove = useRemoveCharityMember(charityId);
  const [removing, setRemoving] = useState<CharityMember | null>(null);
  const [notice, setNotice] = useState<string>();

  const header = <ScreenHeader title="Members" description="People who can manage your charity on Koha, and their roles." />;
  if (members.isPending) return <>{header}<LoadingBlock label="Loading members" /></>;
  if (members.isError) {
    return <>{header}<ErrorState title="We couldn’t load your members" message={errorMessageOf(members.error)} onRetry={() => void members.refetch()} /></>;
  }

  const confirmRemove = () => {
    if (!removing) return;
    const name = nameOf(removing);
    remove.mutate(removing.memberId, {
      onSuccess: () => {
        setNotice(`${name} was removed from the charity.`);
        setRemoving(null);
      },
    });
  };

  return (
    <div className={styles.stack}>
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
              {canManage ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {members.data.items.map((member) => (
              <tr key={member.memberId}>
                <th scope="row" className={styles.name}>
                  {nameOf(member)}
                </th>
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
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        remove.reset();
                        setRemoving(member);
                      }}
                    >
                      Remove<span className="visually-hidden"> {nameOf(member)}</span>
                    </Button>
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove member?"
        confirmLabel="Remove member"
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : undefined}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? `${nameOf(removing)} (${removing.email}) will no longer be able to manage this charity.` : null}
      </ConfirmDialog>
    </div>
  );
}
