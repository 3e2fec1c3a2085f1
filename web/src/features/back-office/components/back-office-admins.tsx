import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useAdmins } from '../api/get-admins';
import type { MemberSummary } from '../api/get-members';
import { useRevokeAdmin } from '../api/revoke-admin';
import styles from './back-office.module.css';

const nameOf = (member: MemberSummary) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** /admin/backoffice/admins — the administrators; remove one (never yourself: the API answers 409). */
export function BackOfficeAdmins() {
  const admins = useAdmins();
  const revoke = useRevokeAdmin();
  const session = useSession();
  const myId = session.status === 'signedIn' ? session.memberId : undefined;
  const [removing, setRemoving] = useState<MemberSummary | null>(null);
  const [notice, setNotice] = useState<string>();

  const header = <ScreenHeader title="Admins" description="Members who hold the Administrator role. Make more from Members." />;
  if (admins.isPending) return <>{header}<LoadingBlock label="Loading administrators" /></>;
  if (admins.isError) {
    return <>{header}<ErrorState title="We couldn’t load the administrators" message={errorMessageOf(admins.error)} onRetry={() => void admins.refetch()} /></>;
  }
  return (
    <div className={styles.stack}>
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
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {admins.data.items.map((admin) => (
              <tr key={admin.id}>
                <th scope="row" className={styles.name}>
                  {nameOf(admin)} {admin.id === myId ? <Tag tone="accent">You</Tag> : null}
                </th>
                <td>{admin.email}</td>
                <td>
                  <DateText value={admin.createdAt} />
                </td>
                <ActionsCell>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      revoke.reset();
                      setRemoving(admin);
                    }}
                  >
                    Remove admin<span className="visually-hidden"> {nameOf(admin)}</span>
                  </Button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove administrator?"
        confirmLabel="Remove admin"
        busy={revoke.isPending}
        error={revoke.isError ? errorMessageOf(revoke.error) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          revoke.mutate(removing.id, {
            onSuccess: () => {
              setNotice(`${nameOf(removing)} is no longer an administrator.`);
              setRemoving(null);
            },
          });
        }}
      >
        {removing ? `${nameOf(removing)} will lose access to the back office. Their own account stays.` : null}
      </ConfirmDialog>
    </div>
  );
}
