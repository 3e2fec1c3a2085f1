import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { EXTERNAL_DONATION_STATUSES, externalDonationDecisionSchema, type ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, StackedForm, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText, DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextareaField } from '../../../components/ui/field';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { Modal } from '../../../components/ui/modal';
import { FormActions, ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { useDecideExternalDonation } from '../api/decide-external-donation';
import { downloadExternalDonationReceipt } from '../api/download-external-donation-receipt';
import { useExternalDonations, type ExternalDonationStatus } from '../api/get-external-donations';
import { MANAGE_PAYMENTS, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import { moneyText } from '../payroll-text';
import styles from './member-records.module.css';
import { useAppForm } from '../../../lib/use-app-form';

const STATUS_TONES: Readonly<Record<ExternalDonationStatus, 'accent' | 'success' | 'danger'>> = { Pending: 'accent', Approved: 'success', Declined: 'danger' };
/** A declined donation's reason (the member reads it): the contract's limit. */
const DECLINE_REASON_MAX = 300;

const STATUS_OPTIONS = EXTERNAL_DONATION_STATUSES.map((status) => ({ value: status, label: status }));

const EMPTY: Record<ExternalDonationStatus | 'All', { title: string; description: string }> = {
  All: { title: 'No external donations yet', description: 'When a member records a donation they made elsewhere, it shows here with its receipt for you to approve or decline.' },
  Pending: { title: 'Nothing waiting for a decision', description: 'Donations members record show here until someone approves or declines them.' },
  Approved: { title: 'No approved external donations', description: 'Donations you approve show here.' },
  Declined: { title: 'No declined external donations', description: 'Donations you decline show here, with your reason.' },
};

/** 'Aroha Ngata’s $50.00 to Forest & Bird' */
const donationWords = (donation: ExternalDonation) => `${donation.memberName}’s ${moneyText(donation.amount)} to ${donation.charityName}`;

/**
 * /admin/workplace/:workplaceId/external-donations — External Donations: gifts members made elsewhere and recorded
 * with a receipt, pending first, by status; each receipt to download; for payments managers, Approve (it counts for
 * matching) and Decline with a reason the member reads. Any payments permission reads them.
 */
export function ExternalDonations() {
  const workplaceId = useWorkplaceId();
  const canDecide = useWorkplaceCan(MANAGE_PAYMENTS);
  const [status, setStatus] = useState<ExternalDonationStatus | ''>('');
  const donations = useExternalDonations(workplaceId, status || undefined);
  const decide = useDecideExternalDonation(workplaceId);
  const [approving, setApproving] = useState<string>();
  const [declining, setDeclining] = useState<ExternalDonation | null>(null);
  const [notice, setNotice] = useState<Notice>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const { download, error: downloadError } = useDownload();
  const [downloading, setDownloading] = useState<string>();

  // A decided row loses its buttons: focus goes to what was done (or why not).
  const tell = (next: Notice) => {
    setNotice(next);
    setTimeout(() => noticeRef.current?.focus());
  };

  const approve = (donation: ExternalDonation) => {
    setNotice(undefined);
    setApproving(donation.id);
    decide.mutate(
      { externalDonationId: donation.id, decision: { decision: 'Approve' } },
      {
        onSuccess: () => tell({ tone: 'info', text: `Approved ${donationWords(donation)}. It counts for matching now.` }),
        onError: (error) => tell({ tone: 'error', text: `We couldn’t approve ${donationWords(donation)}: ${errorMessageOf(error)}` }),
        onSettled: () => setApproving(undefined),
      },
    );
  };

  const downloadReceipt = (donation: ExternalDonation) => {
    setDownloading(donation.id);
    void download(() => downloadExternalDonationReceipt({ workplaceId, externalDonationId: donation.id, fileName: donation.receiptFileName })).finally(() => setDownloading(undefined));
  };

  let list;
  if (!donations.isSuccess) list = <QueryStates query={donations} loading="Loading external donations" failed="We couldn’t load the external donations" />;
  else if (donations.data.items.length === 0) list = <EmptyState {...EMPTY[status || 'All']} />;
  else {
    list = (
      <Table caption="External donations">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Charity</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col">Donated on</th>
            <th scope="col">Status</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {donations.data.items.map((donation) => (
            <tr key={donation.id}>
              <RowHeader>
                {donation.memberName}
                <span className={styles.under}>{donation.memberEmail}</span>
              </RowHeader>
              <td>
                {donation.charityName}
                {donation.note ? <span className={styles.note}>“{donation.note}”</span> : null}
              </td>
              <td className={styles.number}>{moneyText(donation.amount)}</td>
              <td>
                <span className={styles.nowrap}>
                  <CalendarDayText date={donation.donatedOn} />
                </span>
                <span className={styles.under}>
                  recorded <DateText value={donation.createdAt} />
                </span>
              </td>
              <td>
                <Tag tone={STATUS_TONES[donation.status]}>{donation.status}</Tag>
                {donation.status !== 'Pending' && donation.decidedAt ? (
                  <span className={styles.under}>
                    by {donation.decidedBy || 'an administrator'}, <DateText value={donation.decidedAt} />
                  </span>
                ) : null}
                {donation.status === 'Declined' && donation.declineReason ? (
                  <span className={styles.reason}>
                    <strong>Reason:</strong> {donation.declineReason}
                  </span>
                ) : null}
              </td>
              <ActionsCell>
                <div className={styles.rowActions}>
                  <Button variant="secondary" size="sm" loading={downloading === donation.id} onClick={() => downloadReceipt(donation)}>
                    Receipt<span className="visually-hidden"> for {donationWords(donation)}</span>
                  </Button>
                  {canDecide && donation.status === 'Pending' ? (
                    <>
                      <Button size="sm" loading={approving === donation.id} disabled={approving !== undefined} onClick={() => approve(donation)}>
                        Approve<span className="visually-hidden"> {donationWords(donation)}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={approving !== undefined}
                        onClick={() => {
                          setNotice(undefined);
                          setDeclining(donation);
                        }}
                      >
                        Decline<span className="visually-hidden"> {donationWords(donation)}</span>
                      </Button>
                    </>
                  ) : null}
                </div>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="External Donations"
        description="Donations your members made elsewhere and recorded with a receipt, pending first. Approved ones count for matching as external donations."
      />
      <Toolbar>
        <SelectField label="Status" placeholder="All" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as ExternalDonationStatus | '')} />
      </Toolbar>
      <div ref={noticeRef} tabIndex={-1} className={styles.noticeAnchor}>
        <NoticeMessage notice={notice} />
      </div>
      {downloadError ? <FormMessage>We couldn’t download the receipt: {downloadError}</FormMessage> : null}
      {!canDecide && donations.data?.items.some((donation) => donation.status === 'Pending') ? (
        <p className={mutedText}>Someone who manages payments approves or declines these donations.</p>
      ) : null}
      {list}
      <DeclineDialog
        donation={declining}
        onClose={() => setDeclining(null)}
        returnFocus={() => (noticeRef.current?.textContent ? noticeRef.current : null)}
        onDeclined={(donation) => {
          setDeclining(null);
          tell({ tone: 'info', text: `Declined ${donationWords(donation)}. The member sees your reason.` });
        }}
      />
    </ConsoleScreen>
  );
}

type DecisionInput = z.input<typeof externalDonationDecisionSchema>;
type DecisionValues = z.output<typeof externalDonationDecisionSchema>;

/** Declining needs a reason (up to 300 characters); the member reads it beside their donation. */
function DeclineDialog({
  donation,
  onClose,
  onDeclined,
  returnFocus,
}: {
  donation: ExternalDonation | null;
  onClose: () => void;
  onDeclined: (donation: ExternalDonation) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const workplaceId = useWorkplaceId();
  const decide = useDecideExternalDonation(workplaceId);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<DecisionInput, unknown, DecisionValues>({ resolver: zodResolver(externalDonationDecisionSchema), defaultValues: { decision: 'Decline', reason: '' } });

  const close = () => {
    reset({ decision: 'Decline', reason: '' });
    setFailure(undefined);
    onClose();
  };
  const onSubmit = handleSubmit(async (decision) => {
    if (!donation || decision.decision !== 'Decline') return;
    setFailure(undefined);
    try {
      await decide.mutateAsync({ externalDonationId: donation.id, decision });
      reset({ decision: 'Decline', reason: '' });
      onDeclined(donation);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['reason'])));
    }
  });
  const reasonError = 'reason' in errors ? errors.reason?.message : undefined;

  return (
    <Modal open={donation !== null} title="Decline this donation?" onClose={isSubmitting ? undefined : close} returnFocus={returnFocus}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Decline this donation">
        <p className={mutedText}>
          {donation ? `${donationWords(donation)}, donated ` : null}
          {donation ? <CalendarDayText date={donation.donatedOn} /> : null}
          {donation ? '. ' : null}
          Tell the member why: they see your reason beside their donation, and it won’t be matched.
        </p>
        <TextareaField label="Reason" hint={`Up to ${DECLINE_REASON_MAX} characters.`} rows={4} error={reasonError} {...register('reason')} />
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Decline donation
          </Button>
        </FormActions>
      </StackedForm>
    </Modal>
  );
}
