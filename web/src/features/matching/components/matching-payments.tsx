import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import { QueryScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { useWorkplaceMatchingPayments } from '../api/get-matching-payments';
import { InvoiceButtons, MatchedAmount, MatchingTotals, OwedAmount, PaymentsRow, amountText, monthText, rowClass, rowKey, useInvoiceDownloads } from './matching-payment-parts';
import styles from './matching-payments.module.css';

const COLUMNS = 7;

/**
 * /admin/workplace/:workplaceId/matching-payments — Matching Payments (issue 16 item 7): what the workplace owes for
 * its matching campaigns. Owed now (per currency), then each campaign's month, newest first: the donations matched,
 * what was matched (to charities and as gift vouchers), paid and still owed, its invoice (PDF) and lines (CSV), and
 * under it the payments Koha recorded. The payments permissions read it; Koha records the payments.
 */
export function MatchingPayments() {
  const { workplaceId = '' } = useParams();
  const payments = useWorkplaceMatchingPayments(workplaceId);
  const downloads = useInvoiceDownloads();
  const header = (
    <ScreenHeader
      title="Matching Payments"
      description="What your workplace owes for what its matching campaigns matched, month by month, with each month’s invoice. Koha records your payments here when they arrive."
    />
  );
  return (
    <QueryScreen header={header} query={payments} loading="Loading your matching payments" failed="We couldn’t load your matching payments">
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState
            title="Nothing is owed for matching yet"
            description="When a matching campaign matches your people’s donations, what it matched shows here month by month, with its invoice."
          />
        ) : (
          <>
            <MatchingTotals totals={data.totals} />
            {downloads.error ? <FormMessage>We couldn’t download the file: {downloads.error}</FormMessage> : null}
            <Table caption="Matching by month">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Campaign</th>
                  <th scope="col" className={styles.number}>
                    Donations matched
                  </th>
                  <th scope="col" className={styles.number}>
                    Matched
                  </th>
                  <th scope="col" className={styles.number}>
                    Paid
                  </th>
                  <th scope="col" className={styles.number}>
                    Owed
                  </th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <Fragment key={rowKey(row)}>
                    <tr className={rowClass(row)}>
                      <RowHeader>
                        <span className={styles.nowrap}>{monthText(row.period)}</span>
                      </RowHeader>
                      <td>{row.campaignName}</td>
                      <td className={styles.number}>{row.donationsMatched}</td>
                      <td className={styles.number}>
                        <MatchedAmount row={row} />
                      </td>
                      <td className={styles.number}>{amountText(row.paidAmount, row.currency)}</td>
                      <td className={styles.number}>
                        <OwedAmount row={row} />
                      </td>
                      <ActionsCell>
                        <InvoiceButtons row={row} downloads={downloads} />
                      </ActionsCell>
                    </tr>
                    <PaymentsRow row={row} columns={COLUMNS} />
                  </Fragment>
                ))}
              </tbody>
            </Table>
          </>
        )
      }
    </QueryScreen>
  );
}
