import type { ReactNode } from 'react';
import { Button } from './button';
import { FormMessage } from './field';
import { Modal, type ModalProps } from './modal';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is running: the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  /** Why the last attempt failed (e.g. a 409's detail); the dialog stays open so the user can read it. */
  error?: ReactNode;
  /** Where focus goes when it closes (e.g. the message saying it was done, when the button that opened it is gone). */
  returnFocus?: ModalProps['returnFocus'];
}

/** Asks before a destructive action (remove, revoke, delete). Cancel comes first, so Enter on open does not destroy. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, busy = false, error, returnFocus }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} role="alertdialog" onClose={busy ? undefined : onCancel} returnFocus={returnFocus}>
      <div className={styles.body}>
        {children ? <div className={styles.message}>{children}</div> : null}
        {error ? <FormMessage>{error}</FormMessage> : null}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
