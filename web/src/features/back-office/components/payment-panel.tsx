import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { refundRequestSchema, type BackOfficePaymentDetail, type PaymentHistoryEntry, type Refund } from '@giving/shared/contracts/back-office-payments';
import { centsToDollarString, parseDollars } from '@giving/shared/money';
import { satisfies } from '@giving/shared/permissions';
import { toFieldErrors } from '@giving/shared/validation';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextareaField, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { StackedForm } from '../../../components/ui/console-page';
import { usePermissions } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { useRefundPayment } from '../api/refund-payment';
import { mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Tag } from '../../../components/ui/tag';
import { usePayment } from '../api/get-payments';
import { PAYMENT_STATUS_TONES, outcomeTone, paymentMoney } from './payment-text';
import styles from './back-office-payments.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/**
 * One payment, opened from its row: what it was and who paid, the amounts, the card (its brand and last 4 only), the
 * failure's messages, and its history through the payment workflow, oldest step first, for a support person to read
 * what happened to it.
 */
export function PaymentPanel({ trackingNumber, onClose, titleRef }: { trackingNumber: string; onClose: () => void; titleRef?: Ref<HTMLSpanElement> }) {
  const payment = usePayment(trackingNumber);
  const detail = payment.data ?? undefined;

  let body;
  if (!payment.isSuccess) body = <QueryStates query={payment} loading="Loading the payment" failed="We couldn’t load the payment" headingLevel={4} />;
  else if (!detail) body = <EmptyState headingLevel={4} title="That payment was not found." description={`No payment has the tracking number ${trackingNumber}.`} />;
  else body = <PaymentDetail payment={detail} />;

  return (
    <Panel
      title={
        <span ref={titleRef} tabIndex={-1} className={styles.panelTitle}>
          Payment <span className={styles.code}>{trackingNumber}</span>
        </span>
      }
      description={detail ? `${detail.kind}: ${detail.what}` : undefined}
      actions={
        <div className={styles.panelActions}>
          {detail ? <Tag tone={PAYMENT_STATUS_TONES[detail.status]}>{detail.status}</Tag> : null}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close<span className="visually-hidden"> payment {trackingNumber}</span>
          </Button>
        </div>
      }
    >
      {body}
    </Panel>
  );
}

function PaymentDetail({ payment }: { payment: BackOfficePaymentDetail }) {
  const { amounts, country } = payment;
  const money = (value: BackOfficePaymentDetail['total']) => paymentMoney(value, country);
  // The API's donation is the whole donation (a gift's price x quantity): one unit is its share.
  const each = { cents: Math.round(amounts.donation.cents / Math.max(1, amounts.quantity)), currency: amounts.donation.currency };
  return (
    <div className={styles.sections}>
      <Section title="Summary">
        <dl className={styles.facts}>
          <Fact label="Made">
            <DateText value={payment.createdAt} withTime country={country} />
          </Fact>
          <Fact label="Last changed">
            <DateText value={payment.updatedAt} withTime country={country} />
          </Fact>
          <Fact label="Kind">
            {payment.kind}
            {payment.isRecurring && payment.kind !== 'Monthly charge' ? ', monthly' : ''}
          </Fact>
          <Fact label="For">{payment.what}</Fact>
          <Fact label="Charity">{payment.charity?.name ?? '—'}</Fact>
          <Fact label="Donor">
            {payment.donor.name}
            <span className={styles.under}>{payment.donor.email}</span>
            <span className={styles.under}>{payment.memberId ? 'Signed in' : 'Guest'}</span>
          </Fact>
          <Fact label="Country">{COUNTRIES[country].name}</Fact>
        </dl>
      </Section>

      <Section title="Amounts">
        <dl className={`${styles.facts} ${styles.amounts}`}>
          <Fact label="Donation">
            {amounts.quantity === 1 ? money(amounts.donation) : `${money(each)} × ${amounts.quantity} = ${money(amounts.donation)}`}
          </Fact>
          <Fact label="Tip">{money(amounts.tip)}</Fact>
          <Fact label="Card fee">{money(amounts.fee)}</Fact>
          <Fact label="Paid by voucher">{money(amounts.voucher)}</Fact>
          <Fact label="Total" className={styles.total}>
            {money(payment.total)}
          </Fact>
        </dl>
      </Section>

      <Section title="Card">
        <dl className={styles.facts}>
          <Fact label="Paid with">{payment.paymentType === 'VOUCHER' ? 'Gift voucher' : 'Card'}</Fact>
          <Fact label="Card">{payment.card ? `${payment.card.cardType} ending ${payment.card.last4}` : '—'}</Fact>
          <Fact label="Charge id">{payment.chargeId ? <span className={styles.code}>{payment.chargeId}</span> : '—'}</Fact>
        </dl>
      </Section>

      <Section title="Refunds" wide>
        <Refunds payment={payment} />
      </Section>

      {payment.messages.length > 0 ? (
        <Section title="What the donor was told">
          <ul className={styles.messages}>
            {payment.messages.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="History" wide>
        <History entries={payment.history} country={country} />
      </Section>
    </div>
  );
}

const REFUND_STATUS_TONES = { Requested: 'accent', Completed: 'success', Failed: 'danger' } as const;
const REFUND_STATUS_TEXT = { Requested: 'Being refunded', Completed: 'Refunded', Failed: 'Refused' } as const;

/**
 * How the refund form and list name what a payment's refund gives back: a donation's, a voucher purchase's unspent
 * value (taken off its vouchers), or a membership's fee (a full refund ends the membership).
 */
function refundWords(payment: BackOfficePaymentDetail) {
  const charity = payment.charity?.name ?? 'the charity';
  if (payment.kind === 'Gift voucher' || payment.kind === 'Workplace vouchers') {
    const one = payment.kind === 'Gift voucher';
    const vouchers = one ? 'the voucher' : 'the vouchers';
    return {
      part: one ? 'of the voucher’s unspent value' : 'of the vouchers’ unspent value',
      everything: `what ${vouchers} ${one ? 'has' : 'have'} left unspent`,
      hint: 'Paid back to the card.',
      records: 'Kept with the refund for the buyer’s and Koha’s records.',
      effect: `The buyer is e-mailed. What is refunded is taken off ${vouchers} at once, so it can no longer be spent; if the card refund is refused, it is put back.`,
    };
  }
  if (payment.kind === 'Membership') {
    return {
      part: 'of the membership fee',
      everything: 'the membership fee, and any tip and card fee',
      hint: 'Paid back to the card.',
      records: 'Kept with the refund for the member’s and the charity’s records.',
      effect: `The member is e-mailed and ${charity} is owed less. A full refund ends the membership at once; a part refund leaves it as it is.`,
    };
  }
  return {
    part: 'of the donation',
    everything: 'the donation, tip and card fee',
    hint: 'Paid back to the card first, then to any gift voucher.',
    records: 'Kept with the refund for the donor’s and the charity’s records.',
    effect: `The donor is e-mailed a receipt that replaces theirs; ${charity} is owed less, and any workplace match is given back.`,
  };
}

/**
 * The payment's refunds, newest first, and — for BackOffice_ManagePayments, while something is left — "Refund", which
 * opens the refund form. A refund being given back is read again until its workflow ends.
 */
function Refunds({ payment }: { payment: BackOfficePaymentDetail }) {
  const permissions = usePermissions();
  const canRefund = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['BackOffice_ManagePayments'] });
  const [open, setOpen] = useState(false);
  const money = (cents: number, currency: Refund['currency']) => paymentMoney({ cents, currency }, payment.country);
  const left = payment.refundable;
  const words = refundWords(payment);
  return (
    <div className={styles.refunds}>
      {payment.refunds.length === 0 ? (
        <p className={mutedText}>{left ? 'Nothing has been refunded.' : payment.status === 'Completed' ? 'Nothing is left to refund.' : 'Only a completed payment can be refunded.'}</p>
      ) : (
        <ul className={styles.refundList} aria-label="Refunds">
          {payment.refunds.map((refund) => (
            <li key={refund.refundId} className={styles.refund}>
              <span className={styles.refundAmount}>
                {money(refund.total, refund.currency)} {refund.isFull ? 'in full' : words.part}
              </span>
              <Tag tone={REFUND_STATUS_TONES[refund.status]}>{REFUND_STATUS_TEXT[refund.status]}</Tag>
              <span className={styles.under}>
                {[refund.parts.card > 0 ? `${money(refund.parts.card, refund.currency)} to the card` : '', refund.parts.voucher > 0 ? `${money(refund.parts.voucher, refund.currency)} to the voucher` : '']
                  .filter(Boolean)
                  .join(' and ')}
              </span>
              <span className={styles.under}>
                “{refund.reason}” — {refund.requestedBy}, <DateText value={refund.requestedAt} withTime country={payment.country} />
              </span>
              {refund.message ? <span className={styles.under}>{refund.message}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {left && canRefund ? (
        open ? (
          <RefundForm payment={payment} onDone={() => setOpen(false)} />
        ) : (
          <div>
            <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
              Refund<span className="visually-hidden"> payment {payment.trackingNumber}</span>
            </Button>{' '}
            <span className={mutedText}>
              {money(left.total.cents, left.total.currency)} left to refund ({money(left.donation.cents, left.donation.currency)} {words.part}).
            </span>
          </div>
        )
      ) : null}
    </div>
  );
}

interface RefundValues {
  scope: 'all' | 'part';
  amount: string;
  reason: string;
}
const REFUND_FIELDS = ['amount', 'reason'] as const;

/**
 * Refund everything left (the donation, the tip and the card fee) or part of the donation, with the reason. Its
 * Idempotency-Key is made when the form opens and sent again with the same refund (a retry after no answer refunds
 * once); a changed refund gets a new one. The API's 409 (more than is left, or nothing is) shows in the form.
 */
function RefundForm({ payment, onDone }: { payment: BackOfficePaymentDetail; onDone: () => void }) {
  const refund = useRefundPayment();
  const [failure, setFailure] = useState<string>();
  const sent = useRef<{ body?: string; key: string }>({ key: randomId() });
  const left = payment.refundable!;
  const words = refundWords(payment);
  const money = (cents: number) => paymentMoney({ cents, currency: left.total.currency }, payment.country);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useAppForm<RefundValues>({ defaultValues: { scope: 'all', amount: centsToDollarString(left.donation.cents), reason: '' } });
  const scope = watch('scope');

  useEffect(() => {
    setFocus('scope');
    // Once, as the form opens.
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    const parsed = refundRequestSchema.safeParse({ ...(values.scope === 'part' ? { amount: parseDollars(values.amount) ?? Number.NaN } : {}), reason: values.reason });
    if (!parsed.success) {
      let first = true;
      for (const { field, message } of toFieldErrors(parsed.error.issues)) {
        if ((REFUND_FIELDS as readonly string[]).includes(field)) {
          setError(field as keyof RefundValues, { type: 'validate', message }, { shouldFocus: first });
          first = false;
        } else setFailure(message);
      }
      return;
    }
    const body = JSON.stringify(parsed.data);
    if (sent.current.body !== undefined && sent.current.body !== body) sent.current.key = randomId();
    sent.current.body = body;
    try {
      await refund.mutateAsync({ trackingNumber: payment.trackingNumber, refund: parsed.data, idempotencyKey: sent.current.key });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setFailure(error.problem.detail ?? error.message);
      else setFailure(applyServerErrors(error, setError, formFields(REFUND_FIELDS)));
    }
  });

  const title = `Refund payment ${payment.trackingNumber}`;
  return (
    <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <SelectField
        label="What to refund"
        options={[
          { value: 'all', label: `Everything left: ${money(left.total.cents)} (${words.everything})` },
          { value: 'part', label: `Part ${words.part} (up to ${money(left.donation.cents)})` },
        ]}
        {...register('scope')}
      />
      {scope === 'part' ? (
        <TextField label="Amount ($)" hint={words.hint} inputMode="decimal" numeric autoComplete="off" error={errors.amount?.message} {...register('amount')} />
      ) : null}
      <TextareaField label="Reason" hint={words.records} rows={2} error={errors.reason?.message} {...register('reason')} />
      <p className={mutedText}>{words.effect}</p>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Refund
        </Button>
      </FormActions>
    </StackedForm>
  );
}

/** The workflow's steps in the order they ran (the oldest first; steps at the same instant keep the API's order). */
function History({ entries, country }: { entries: readonly PaymentHistoryEntry[]; country: BackOfficePaymentDetail['country'] }) {
  if (entries.length === 0) return <p className={mutedText}>Nothing has been recorded for this payment yet.</p>;
  const ordered = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <ol className={styles.history} aria-label="History">
      {ordered.map((entry, index) => (
        <li key={index} className={styles.step}>
          <span className={styles.stepTime}>
            <DateText value={entry.at} withTime country={country} />
          </span>
          <span className={styles.stepWhat}>
            <span className={styles.stepName}>{entry.step}</span>
            <Tag tone={outcomeTone(entry.outcome)}>{entry.outcome}</Tag>
            {entry.detail ? <span className={styles.stepDetail}>{entry.detail}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Section({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`${styles.section} ${wide ? styles.wideSection : ''}`} aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      {children}
    </section>
  );
}

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
