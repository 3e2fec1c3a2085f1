import { useState } from 'react';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { BulkBar, SelectAllCheckbox, bulkSelectOnly, useSelection } from '../../../components/ui/bulk-select';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { SearchBox } from '../../../components/ui/search-box';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, SelectCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useMembers, type MemberSummary } from '../api/get-members';
import { useGrantAdmins } from '../api/grant-admin';
import styles from './back-office.module.css';

const nameOf = (member: MemberSummary) => `${member.firstName} ${member.lastName}`.trim() || member.email;
const isAdmin = (member: MemberSummary) => member.adminRoles.includes(ADMINISTRATOR);

/** /admin/backoffice/members — every member: search, load more, and make admins one at a time or in bulk. */
export function BackOfficeMembers() {
  const [query, setQuery] = useState('');
  const members = useMembers(query);
  const grant = useGrantAdmins();
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  // Only members who are not yet administrators can be chosen for 'Make admin'.
  const selection = useSelection(items.filter((member) => !isAdmin(member)).map((member) => member.id));
  const [granting, setGranting] = useState<readonly MemberSummary[]>([]);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();

  const askToGrant = (chosen: readonly MemberSummary[]) => {
    grant.reset();
    setGranting(chosen);
  };
  const confirmGrant = () => {
    grant.mutate(
      granting.map((member) => member.id),
      {
        onSuccess: ({ failed, reason }) => {
          const done = granting.length - failed.length;
          setNotice(
            failed.length === 0
              ? { tone: 'info', text: done === 1 ? `${nameOf(granting[0] as MemberSummary)} is now an administrator.` : `${done} members are now administrators.` }
              : { tone: 'error', text: `${done} made administrators; ${failed.length} could not be: ${errorMessageOf(reason)}` },
          );
          setGranting([]);
          selection.clear();
        },
      },
    );
  };

  let list;
  if (members.isPending) list = <LoadingBlock label="Loading members" />;
  else if (!members.data) {
    list = <ErrorState title="We couldn’t load the members" message={errorMessageOf(members.error)} onRetry={() => void members.refetch()} />;
  } else if (items.length === 0) {
    list = query ? <EmptyState title="No members found" description={`Nobody matches “${query}”.`} /> : <EmptyState title="No members yet" />;
  } else {
    list = (
      <>
        <Table caption={query ? `Members matching “${query}”` : 'Members'}>
          <thead>
            <tr>
              <SelectCell header className={bulkSelectOnly}>
                <SelectAllCheckbox selection={selection} label="Select all members who are not administrators" />
              </SelectCell>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((member) => (
              <tr key={member.id}>
                <SelectCell className={bulkSelectOnly}>
                  {isAdmin(member) ? null : (
                    <input type="checkbox" aria-label={`Select ${nameOf(member)}`} checked={selection.isSelected(member.id)} onChange={() => selection.toggle(member.id)} />
                  )}
                </SelectCell>
                <th scope="row" className={styles.name}>
                  {nameOf(member)}
                </th>
                <td>{member.email}</td>
                <td>{isAdmin(member) ? <Tag tone="accent">Administrator</Tag> : <Tag>Member</Tag>}</td>
                <td>
                  <DateText value={member.createdAt} />
                </td>
                <ActionsCell>
                  {isAdmin(member) ? null : (
                    <Button variant="ghost" size="sm" onClick={() => askToGrant([member])}>
                      Make admin<span className="visually-hidden"> {nameOf(member)}</span>
                    </Button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        {members.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" loading={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
              Load more
            </Button>
          </div>
        ) : null}
        {members.isFetchNextPageError ? <FormMessage>We couldn’t load more members: {errorMessageOf(members.error)}</FormMessage> : null}
        <BulkBar
          count={selection.selected.length}
          noun={selection.selected.length === 1 ? 'member' : 'members'}
          onClear={selection.clear}
          actions={[
            <Button key="grant" size="sm" onClick={() => askToGrant(items.filter((member) => selection.isSelected(member.id)))}>
              Make admin
            </Button>,
          ]}
        />
      </>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Members" description="Everyone with an account. Search by name or e-mail." />
      <Toolbar>
        <SearchBox label="Search members" placeholder="Search by name or e-mail" initialValue={query} onSearch={setQuery} />
      </Toolbar>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      {list}
      <ConfirmDialog
        open={granting.length > 0}
        title={granting.length === 1 ? 'Make administrator?' : `Make ${granting.length} members administrators?`}
        confirmLabel={granting.length === 1 ? 'Make admin' : 'Make admins'}
        busy={grant.isPending}
        error={grant.isError ? errorMessageOf(grant.error) : undefined}
        onConfirm={confirmGrant}
        onCancel={() => setGranting([])}
      >
        {`${granting.map(nameOf).join(', ')} will be able to use the whole back office, including other administrators’ access.`}
      </ConfirmDialog>
    </div>
  );
}
