import { useEffect } from 'react';
import type { PaymentStatus } from '@giving/shared/contracts/donations';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { PROCESSING_BE_PATIENT, PROCESSING_STAY, PROCESSING_TITLE, WORKING_ON_IT } from '../messages';
import styles from './processing-modal.module.css';

/** Spec §2: shown from the moment the card is tokenised until the payment completes or fails. It cannot be dismissed. */
export function ProcessingModal({ open, status, workingOnIt = false }: { open: boolean; status?: PaymentStatus; workingOnIt?: boolean }) {
  // Leaving mid-payment is what the modal warns against; the browser asks before closing or reloading the tab.
  useEffect(() => {
    if (!open) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open]);

  return (
    <Modal open={open} title={PROCESSING_TITLE}>
      <div className={styles.body}>
        <span className={styles.spinner}>
          <Spinner size="lg" label="" />
        </span>
        <p>{PROCESSING_BE_PATIENT}</p>
        <p className={styles.stay}>{PROCESSING_STAY}</p>
        <p className={styles.progress} aria-live="polite">
          {workingOnIt ? WORKING_ON_IT : status ? `Progress: ${status}` : null}
        </p>
      </div>
    </Modal>
  );
}
