import { useId, type ReactNode, type Ref } from 'react';
import type { BackOfficePaymentDetail, PaymentHistoryEntry } from '@giving/shared/contracts/back-office-payments';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Tag } from '../../../components/ui/tag';
import { usePayment } from '../api/get-payments';
import { PAYMENT_STATUS_TONES, outcomeTone, paymentMoney } from './payment-text';
import styles from './back-office-payments.module.css';

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
  const donationTotal = { cents: amounts.donation.cents * amounts.quantity, currency: amounts.donation.currency };
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
            {amounts.quantity === 1 ? money(amounts.donation) : `${money(amounts.donation)} × ${amounts.quantity} = ${money(donationTotal)}`}
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
