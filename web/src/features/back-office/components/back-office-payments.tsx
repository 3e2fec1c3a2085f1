import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_STATUSES, type PaymentStatus } from '@giving/shared/contracts/donations-public';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useCharityChoices } from '../api/get-charities';
import { usePayments } from '../api/get-payments';
import { PaymentPanel } from './payment-panel';
import { PAYMENT_STATUS_TONES, paymentMoney } from './payment-text';
import styles from './back-office-payments.module.css';

const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: value }));

/**
 * /admin/backoffice/payments — every payment made on Koha (gifts, donations, fundraising pages, vouchers, monthly
 * charges), newest first, a page at a time: search by tracking number or donor's e-mail, narrow by status or charity.
 * A row's Details opens the payment above the list (?payment=<tracking number>, so a link to it can be shared): its
 * amounts, card, failure messages and its history through the payment workflow.
 */
export function BackOfficePayments() {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [charityId, setCharityId] = useState('');
  const payments = usePayments({ q: query || undefined, status: status || undefined, charityId: charityId || undefined });
  const charities = useCharityChoices();
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];

  const [search, setSearch] = useSearchParams();
  const open = search.get('payment') ?? undefined;
  const ids = useId();
  const detailsId = (trackingNumber: string) => `${ids}-${trackingNumber}`;
  const panelId = `${ids}-panel`;

  // Opened from a row: focus moves to the panel's title; opened by the address: the panel is scrolled to.
  const panelTitle = useRef<HTMLSpanElement>(null);
  const focusPanel = useRef(false);
  const closedFrom = useRef<string>(undefined);
  useEffect(() => {
    if (!open) {
      if (closedFrom.current) document.getElementById(detailsId(closedFrom.current))?.focus();
      closedFrom.current = undefined;
      return;
    }
    if (focusPanel.current) panelTitle.current?.focus();
    else document.getElementById(panelId)?.scrollIntoView?.({ block: 'start' });
    focusPanel.current = false;
    // Once per payment opened or closed.
  }, [open]);

  const show = (trackingNumber: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (trackingNumber) next.set('payment', trackingNumber);
        else next.delete('payment');
        return next;
      },
      { preventScrollReset: true },
    );
  const openPayment = (trackingNumber: string) => {
    focusPanel.current = true;
    show(trackingNumber);
  };
  const close = () => {
    closedFrom.current = open;
    show(undefined);
  };

  const filtered = status !== '' || charityId !== '';
  let list;
  // A failed first page; a failed later page keeps the loaded ones and LoadMore says so below them.
  if (!payments.data) list = <QueryStates query={payments} loading="Loading payments" failed="We couldn’t load the payments" />;
  else if (items.length === 0) {
    if (query) list = <EmptyState title="No payments found" description={`No payments match “${query}”.${filtered ? ' Try All in the filters.' : ''}`} />;
    else if (filtered) list = <EmptyState title="No payments found" description="No payments match these filters." />;
    else list = <EmptyState title="No payments yet" description="Each payment made on Koha shows here, newest first." />;
  } else {
    list = (
      <>
        <Table caption={query ? `Payments matching “${query}”` : 'Payments'}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Tracking number</th>
              <th scope="col">Kind</th>
              <th scope="col">What</th>
              <th scope="col">Charity</th>
              <th scope="col">Donor</th>
              <th scope="col" className={styles.number}>
                Total
              </th>
              <th scope="col">Status</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((payment) => (
              <tr key={payment.trackingNumber} className={payment.trackingNumber === open ? styles.marked : undefined} aria-current={payment.trackingNumber === open ? 'true' : undefined}>
                <td className={styles.nowrap}>
                  <DateText value={payment.createdAt} withTime country={payment.country} />
                </td>
                <th scope="row" className={styles.tracking}>
                  {payment.trackingNumber}
                </th>
                <td className={styles.nowrap}>{payment.kind}</td>
                <td className={styles.what}>{payment.what}</td>
                <td>{payment.charity?.name ?? '—'}</td>
                <td>
                  {payment.donor.name}
                  <span className={styles.under}>{payment.donor.email}</span>
                </td>
                <td className={styles.number}>{paymentMoney(payment.total, payment.country)}</td>
                <td>
                  <Tag tone={PAYMENT_STATUS_TONES[payment.status]}>{payment.status}</Tag>
                </td>
                <ActionsCell>
                  <Button id={detailsId(payment.trackingNumber)} variant="secondary" size="sm" onClick={() => openPayment(payment.trackingNumber)}>
                    Details<span className="visually-hidden"> of {payment.trackingNumber}</span>
                  </Button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={payments} noun="payments" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Payments"
        description="Every payment made on Koha, newest first. Open one to see its amounts and what happened to it, step by step."
      />
      <Toolbar label="Find payments">
        <SearchBox label="Tracking number or e-mail" placeholder="Tracking number or e-mail" initialValue={query} onSearch={setQuery} />
        <SelectField label="Status" placeholder="All" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as PaymentStatus | '')} />
        <SelectField
          label="Charity"
          placeholder={charities.isError ? 'All (we couldn’t load the charities)' : 'All charities'}
          options={charities.data ?? []}
          value={charityId}
          onChange={(event) => setCharityId(event.target.value)}
        />
      </Toolbar>
      {open ? (
        <div id={panelId} className={styles.panelAnchor}>
          <PaymentPanel key={open} trackingNumber={open} onClose={close} titleRef={panelTitle} />
        </div>
      ) : null}
      {list}
    </ConsoleScreen>
  );
}
