import { useState } from 'react';
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
import { Tag } from '../../../components/ui/tag';
import { useSession } from '../../../lib/session';
import { useAdmins } from '../api/get-admins';
import type { MemberSummary } from '../api/get-members';
import { useRevokeAdmin } from '../api/revoke-admin';

/** /admin/backoffice/admins — the administrators; remove one (never yourself: the API answers 409). */
export function BackOfficeAdmins() {
  const admins = useAdmins();
  const session = useSession();
  const myId = session.status === 'signedIn' ? session.memberId : undefined;
  const [notice, setNotice] = useState<string>();
  const removal = useConfirmedAction(useRevokeAdmin(), {
    variables: (admin: MemberSummary) => admin.id,
    onDone: (admin) => setNotice(`${personName(admin)} is no longer an administrator.`),
  });

  const header = <ScreenHeader title="Admins" description="Members who hold the Administrator role. Make more from Members." />;
  if (!admins.isSuccess) return <>{header}<QueryStates query={admins} loading="Loading administrators" failed="We couldn’t load the administrators" /></>;
  return (
    <ConsoleScreen>
      {header}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {admins.data.items.length === 0 ? (
        <EmptyState title="No administrators" description="Make a member an administrator from Members." />
      ) : (
        <Table caption="Administrators">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Member since</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {admins.data.items.map((admin) => (
              <tr key={admin.id}>
                <RowHeader>{personName(admin)} {admin.id === myId ? <Tag tone="accent">You</Tag> : null}</RowHeader>
                <td>{admin.email}</td>
                <td>
                  <DateText value={admin.createdAt} />
                </td>
                <ActionsCell>
                  <RowAction label="Remove admin" target={personName(admin)} onClick={() => removal.ask(admin)} />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...removal.dialog} title="Remove administrator?" confirmLabel="Remove admin">
        {removal.item ? `${personName(removal.item)} will lose access to the back office. Their own account stays.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
