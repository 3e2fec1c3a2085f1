import { useEffect } from 'react';
import type { PaymentStatus } from '@giving/shared/contracts/donations-public';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { MAX_STATUS_ERRORS, isMissingBeforeFirstStatus, usePaymentStatus } from '../../../lib/payment-status';
import type { PaymentRun } from '../hooks/use-payment-flow';
import { DEFAULT_PAYMENT_FAILURE, PAYMENT_STATUS_MISSING, PAYMENT_STATUS_UNKNOWN, PROCESSING_BE_PATIENT, PROCESSING_STAY, PROCESSING_TITLE, WORKING_ON_IT } from '../messages';
import styles from './processing-modal.module.css';

/**
 * Spec §2: shown from the moment the card is tokenised until the payment completes or fails. It cannot be dismissed.
 * When it closes, focus goes where `returnFocus` says (the form's first error: why the payment failed).
 */
export function ProcessingModal({
  open,
  status,
  workingOnIt = false,
  returnFocus,
}: {
  open: boolean;
  status?: PaymentStatus;
  workingOnIt?: boolean;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  // Leaving mid-payment is what the modal warns against; the browser asks before closing or reloading the tab.
  useEffect(() => {
    if (!open) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open]);

  return (
    <Modal open={open} title={PROCESSING_TITLE} returnFocus={returnFocus}>
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

/**
 * Spec §4 payment flow, once the payment is accepted: polls its status every 2 seconds (usePaymentStatus) and shows
 * it in the processing modal. Completed and Failed (with the first server message, or the default) end the run; a
 * missing first status shows 'Working on it' and fails if still missing after the one retry; a status call that keeps
 * failing ends it with a careful message. Before the payment is accepted (`run` undefined) it is the modal alone.
 */
export function PaymentProgress({
  open,
  run,
  returnFocus,
}: {
  open: boolean;
  run: PaymentRun | undefined;
  /** Where focus goes when the modal closes on a failure (the form's first error). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const status = usePaymentStatus(run?.trackingNumber);
  const answer = status.data;
  const missing = run !== undefined && isMissingBeforeFirstStatus(status);
  const stillMissing = missing && status.errorUpdateCount >= 2;
  const gaveUp = status.isError && status.errorUpdateCount >= MAX_STATUS_ERRORS;
  const ended =
    answer?.paymentProcessingStatus === 'Completed'
      ? 'completed'
      : answer?.paymentProcessingStatus === 'Failed'
        ? (answer.messages[0] ?? DEFAULT_PAYMENT_FAILURE)
        : stillMissing
          ? PAYMENT_STATUS_MISSING
          : gaveUp
            ? PAYMENT_STATUS_UNKNOWN
            : undefined;

  useEffect(() => {
    if (!run || !ended) return;
    if (ended === 'completed') run.completed();
    else run.failed(ended);
    // Once per ending: `run` is a new object on every render of the page.
  }, [ended, run?.trackingNumber]);

  return (
    <ProcessingModal open={open} status={run ? answer?.paymentProcessingStatus : undefined} workingOnIt={missing && !stillMissing} returnFocus={returnFocus} />
  );
}
