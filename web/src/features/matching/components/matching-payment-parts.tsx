import { useState } from 'react';
import type { MatchingPaymentList, MatchingPeriod } from '@giving/shared/contracts/matching-payments';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import type { Currency } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { CalendarDayText } from '../../../components/ui/date-text';
import { MoneyStatTiles, StatTile } from '../../../components/ui/stat-tile';
import { moneyText } from '../../../lib/money-text';
import { useDownload } from '../../../lib/use-download';
import { downloadMatchingReport, type MatchingReportFormat } from '../api/download-matching-report';
import styles from './matching-payments.module.css';

/** The parts the workplace's and the back office's Matching Payments screens share. */

/** '2026-11' -> 'November 2026' (a period is a calendar month; read as itself, in no time zone). */
export function monthText(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  if (!year || !month) return period;
  return new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** An amount in cents of the row's currency, e.g. '$1,250.00'. */
export const amountText = (cents: number, currency: Currency): string => moneyText({ cents, currency });

/** The country whose money this is: its dates read there. */
export const countryOfCurrency = (currency: Currency): CountryCode => COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz';

/**
 * 'Kiwi chick match, November 2026' (or, across workplaces, 'Tasman Engineering, Kiwi chick match, November 2026'):
 * what a row's buttons and payments belong to, for assistive technology.
 */
export const rowName = (row: MatchingPeriod, withWorkplace = false): string =>
  `${withWorkplace ? `${row.workplace.name}, ` : ''}${row.campaignName}, ${monthText(row.period)}`;

/** A row's key: one campaign's month. */
export const rowKey = (row: MatchingPeriod): string => `${row.workplace.id}/${row.campaignId}/${row.period}`;

/** What was matched; under it, how it was paid out, when it was both ways. */
export function MatchedAmount({ row }: { row: MatchingPeriod }) {
  const { Donation, Voucher } = row.byMatchType;
  return (
    <>
      {amountText(row.matchedAmount, row.currency)}
      {Donation > 0 && Voucher > 0 ? (
        <>
          <span className={styles.under}>{amountText(Donation, row.currency)} to charities</span>
          <span className={styles.under}>{amountText(Voucher, row.currency)} as gift vouchers</span>
        </>
      ) : null}
    </>
  );
}

/** What is still owed; under it, when a month is paid in full, that it is. */
export function OwedAmount({ row }: { row: MatchingPeriod }) {
  return (
    <>
      {amountText(row.owedAmount, row.currency)}
      {row.owedAmount <= 0 && row.matchedAmount > 0 ? <span className={styles.under}>Paid in full</span> : null}
    </>
  );
}

/** Each currency's sums: what is owed now first, then what was matched and paid. */
export function MatchingTotals({ totals }: { totals: MatchingPaymentList['totals'] }) {
  const named = totals.length > 1;
  return (
    <>
      {totals.map((sums) => (
        <MoneyStatTiles key={sums.currency} label="Matching totals" currency={sums.currency} named={named}>
          <StatTile label="Owed now" value={amountText(sums.owedAmount, sums.currency)} />
          <StatTile label="Matched" value={amountText(sums.matchedAmount, sums.currency)} />
          <StatTile label="Paid" value={amountText(sums.paidAmount, sums.currency)} />
        </MoneyStatTiles>
      ))}
    </>
  );
}

/**
 * The payments Koha recorded against a row, in a row of their own under it (`columns` wide); nothing when there are
 * none. The back office also sees who recorded each (and its rows name their workplace).
 */
export function PaymentsRow({ row, columns, backOffice = false }: { row: MatchingPeriod; columns: number; backOffice?: boolean }) {
  if (row.payments.length === 0) return null;
  const country = countryOfCurrency(row.currency);
  return (
    <tr className={styles.paymentsRow}>
      <td colSpan={columns}>
        <div className={styles.payments}>
          <span className={styles.paymentsLabel} aria-hidden="true">
            Payments received
          </span>
          <ul className={styles.paymentList} aria-label={`Payments received for ${rowName(row, backOffice)}`}>
            {row.payments.map((payment) => (
              <li key={payment.paymentId}>
                <CalendarDayText date={payment.receivedOn} country={country} /> · {payment.reference} · {amountText(payment.amount, payment.currency)}
                {backOffice ? ` · recorded by ${payment.recordedBy}` : null}
              </li>
            ))}
          </ul>
        </div>
      </td>
    </tr>
  );
}

/** A row's class when its payments follow it. */
export const rowClass = (row: MatchingPeriod): string | undefined => (row.payments.length > 0 ? styles.withPayments : undefined);

/** The invoice downloads of a screen's rows: which one is on its way, and why the last one failed. */
export function useInvoiceDownloads() {
  const { download, error } = useDownload();
  const [downloading, setDownloading] = useState<string>();
  const start = (row: MatchingPeriod, format: MatchingReportFormat) => {
    const key = `${rowKey(row)}/${format}`;
    setDownloading(key);
    void download(() => downloadMatchingReport({ workplaceId: row.workplace.id, campaignId: row.campaignId, campaignName: row.campaignName, period: row.period, format })).finally(() =>
      setDownloading((current) => (current === key ? undefined : current)),
    );
  };
  const isDownloading = (row: MatchingPeriod, format: MatchingReportFormat) => downloading === `${rowKey(row)}/${format}`;
  return { start, isDownloading, error };
}

/** A row's 'Invoice (PDF)' and 'CSV' buttons (fetched with the member's sign-in, then saved). */
export function InvoiceButtons({ row, downloads, backOffice = false }: { row: MatchingPeriod; downloads: ReturnType<typeof useInvoiceDownloads>; backOffice?: boolean }) {
  const name = rowName(row, backOffice);
  return (
    <>
      <Button variant="secondary" size="sm" loading={downloads.isDownloading(row, 'pdf')} onClick={() => downloads.start(row, 'pdf')}>
        Invoice (PDF)<span className="visually-hidden"> for {name}</span>
      </Button>
      <Button variant="ghost" size="sm" loading={downloads.isDownloading(row, 'csv')} onClick={() => downloads.start(row, 'csv')}>
        CSV<span className="visually-hidden"> of the invoice for {name}</span>
      </Button>
    </>
  );
}
