import { SelectAllCheckbox, bulkSelectOnly, type Selection } from './bulk-select';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { RowHeader } from './console-page';
import { DateText } from './date-text';
import { ActionsHeader, RowAction } from './row-actions';
import { ActionsCell, SelectCell, Table } from './table';
import { Tag } from './tag';

/** An invitation waiting to be accepted. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
}

export interface InvitationsTableProps<Invitation extends PendingInvitation> {
  invitations: readonly Invitation[];
  roleLabel: (role: string) => string;
  /** Adds the selection checkboxes for bulk actions. */
  selection?: Selection<string>;
  /** Adds each row's 'Revoke' button. */
  onRevoke?: (invitation: Invitation) => void;
}

/** Pending invitations: e-mail, role, when sent and when they expire. */
export function InvitationsTable<Invitation extends PendingInvitation>({ invitations, roleLabel, selection, onRevoke }: InvitationsTableProps<Invitation>) {
  return (
    <Table caption="Pending invitations">
      <thead>
        <tr>
          {selection ? (
            <SelectCell header className={bulkSelectOnly}>
              <SelectAllCheckbox selection={selection} label="Select all invitations" />
            </SelectCell>
          ) : null}
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Invited</th>
          <th scope="col">Expires</th>
          {onRevoke ? <ActionsHeader /> : null}
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id}>
            {selection ? (
              <SelectCell className={bulkSelectOnly}>
                <input
                  type="checkbox"
                  aria-label={`Select ${invitation.email}`}
                  checked={selection.isSelected(invitation.id)}
                  onChange={() => selection.toggle(invitation.id)}
                />
              </SelectCell>
            ) : null}
            <RowHeader>{invitation.email}</RowHeader>
            <td>
              <Tag>{roleLabel(invitation.role)}</Tag>
            </td>
            <td>
              <DateText value={invitation.createdAt} />
            </td>
            <td>
              <DateText value={invitation.expiresAt} />
            </td>
            {onRevoke ? (
              <ActionsCell>
                <RowAction label="Revoke" target={`the invitation to ${invitation.email}`} onClick={() => onRevoke(invitation)} />
              </ActionsCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Asks before revoking one invitation or several. */
export function RevokeInvitationsDialog({
  invitations,
  ...dialog
}: { invitations: readonly PendingInvitation[] } & Omit<ConfirmDialogProps, 'title' | 'confirmLabel' | 'children'>) {
  const one = invitations.length === 1;
  return (
    <ConfirmDialog {...dialog} title={one ? 'Revoke invitation?' : `Revoke ${invitations.length} invitations?`} confirmLabel={one ? 'Revoke invitation' : 'Revoke invitations'}>
      {one
        ? `${invitations[0]?.email} will no longer be able to join with this invitation.`
        : `${invitations.map((invitation) => invitation.email).join(', ')} will no longer be able to join with their invitations.`}
    </ConfirmDialog>
  );
}
