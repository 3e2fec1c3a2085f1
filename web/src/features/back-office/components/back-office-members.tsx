import { useEffect, useId, useRef, useState } from 'react';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { BulkBar, SelectAllCheckbox, bulkSelectOnly, useSelection } from '../../../components/ui/bulk-select';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { personName } from '../../../components/ui/person-name';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { ActionsCell, SelectCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useMembers, type MemberSummary } from '../api/get-members';
import { useGrantAdmins } from '../api/grant-admin';
import { MemberHistory } from './member-history';
import historyStyles from './member-history.module.css';

const isAdmin = (member: MemberSummary) => member.adminRoles.includes(ADMINISTRATOR);

/**
 * /admin/backoffice/members — every member: search, load more, make admins one at a time or in bulk, and open a
 * member's history (the audit trail of changes to their records) above the list.
 */
export function BackOfficeMembers() {
  const [query, setQuery] = useState('');
  const members = useMembers(query);
  const grant = useGrantAdmins();
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  // Only members who are not yet administrators can be chosen for 'Make admin'.
  const selection = useSelection(items.filter((member) => !isAdmin(member)).map((member) => member.id));
  const [granting, setGranting] = useState<readonly MemberSummary[]>([]);
  const [notice, setNotice] = useState<Notice>();

  // The history opened from a row: its title takes focus; closing it gives focus back to the row's History button.
  const [historyOf, setHistoryOf] = useState<MemberSummary>();
  const ids = useId();
  const historyButtonId = (memberId: string) => `${ids}-history-${memberId}`;
  const historyTitle = useRef<HTMLSpanElement>(null);
  const closedFrom = useRef<string>(undefined);
  useEffect(() => {
    if (historyOf) historyTitle.current?.focus();
    else if (closedFrom.current) document.getElementById(historyButtonId(closedFrom.current))?.focus();
    closedFrom.current = undefined;
    // Once per history opened or closed.
  }, [historyOf]);
  const closeHistory = () => {
    closedFrom.current = historyOf?.id;
    setHistoryOf(undefined);
  };

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
              ? { tone: 'info', text: done === 1 ? `${personName(granting[0] as MemberSummary)} is now an administrator.` : `${done} members are now administrators.` }
              : { tone: 'error', text: `${done} made administrators; ${failed.length} could not be: ${errorMessageOf(reason)}` },
          );
          setGranting([]);
          selection.clear();
        },
      },
    );
  };

  let list;
  if (!members.data) list = <QueryStates query={members} loading="Loading members" failed="We couldn’t load the members" />;
  else if (items.length === 0) {
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
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((member) => (
              <tr key={member.id}>
                <SelectCell className={bulkSelectOnly}>
                  {isAdmin(member) ? null : (
                    <input type="checkbox" aria-label={`Select ${personName(member)}`} checked={selection.isSelected(member.id)} onChange={() => selection.toggle(member.id)} />
                  )}
                </SelectCell>
                <RowHeader>{personName(member)}</RowHeader>
                <td>{member.email}</td>
                <td>{isAdmin(member) ? <Tag tone="accent">Administrator</Tag> : <Tag>Member</Tag>}</td>
                <td>
                  <DateText value={member.createdAt} />
                </td>
                {/* History and Make admin stack at a laptop's width: the table has six columns besides. */}
                <ActionsCell wrap>
                  <Button id={historyButtonId(member.id)} variant="ghost" size="sm" onClick={() => setHistoryOf(member)}>
                    History<span className="visually-hidden"> of {personName(member)}</span>
                  </Button>
                  {isAdmin(member) ? null : (
                    <RowAction label="Make admin" target={personName(member)} onClick={() => askToGrant([member])} />
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={members} noun="members" />
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
    <ConsoleScreen>
      <ScreenHeader title="Members" description="Everyone with an account. Search by name or e-mail." />
      <Toolbar>
        <SearchBox label="Search members" placeholder="Search by name or e-mail" initialValue={query} onSearch={setQuery} />
      </Toolbar>
      <NoticeMessage notice={notice} />
      {historyOf ? (
        <div className={historyStyles.anchor}>
          <MemberHistory key={historyOf.id} memberId={historyOf.id} name={personName(historyOf)} onClose={closeHistory} titleRef={historyTitle} />
        </div>
      ) : null}
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
        {`${granting.map(personName).join(', ')} will be able to use the whole back office, including other administrators’ access.`}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
