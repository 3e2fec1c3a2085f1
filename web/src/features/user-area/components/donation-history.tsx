import { Link } from 'react-router-dom';
import type { DonationHistoryItem } from '@giving/shared/contracts/member-giving';
import { formatMoney } from '@giving/shared/money';
import { buttonClassName } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { cardText } from '../../../lib/card-text';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useMyDonationHistory } from '../api/get-my-donation-history';
import { dayInCountry, givingText, localeOf } from './giving-text';
import { ReceiptDownload } from './receipt-download';
import { TaxStatements } from './tax-statements';
import styles from './user-area.module.css';

const PAYMENT_LABELS: Record<DonationHistoryItem['paymentType'], string> = { CARD: 'Card', VOUCHER: 'Gift voucher', PAYROLL: 'Payroll', NONE: '—' };

/** How a donation was paid: the card by its last 4 digits, or the method's name. */
const paymentText = (donation: DonationHistoryItem) =>
  donation.paymentType === 'CARD' && donation.card ? cardText(donation.card) : PAYMENT_LABELS[donation.paymentType];

/** /admin/user/donations/history — the member's completed donations, newest first, with 'Load more' for older ones. */
export function DonationHistory() {
  const history = useMyDonationHistory();
  const country = useCountry();
  const header = <ScreenHeader title="Donation history" description="Every donation you’ve completed, newest first, with its receipt." />;
  if (!history.data) {
    return (
      <>
        {header}
        <QueryStates query={history} loading="Loading your donations" failed="We couldn’t load your donations" />
      </>
    );
  }
  const donations = history.data.pages.flatMap((page) => page.items);
  return (
    <ConsoleScreen>
      {header}
      {donations.length === 0 ? (
        <EmptyState
          title="No donations yet"
          description="Your completed donations will be listed here, with their receipt numbers."
          action={
            <Link to={paths.charities(country.code)} className={buttonClassName()}>
              Find a charity to give to
            </Link>
          }
        />
      ) : (
        <>
          <TaxStatements />
          <Table caption="Donation history">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Charity</th>
                <th scope="col">Donation</th>
                <th scope="col">Amount</th>
                <th scope="col">Payment</th>
                <th scope="col">Receipt number</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {donations.map((donation) => (
                <tr key={donation.donationId}>
                  <td>
                    <time dateTime={donation.completedAt}>{dayInCountry(donation.completedAt, donation.country)}</time>
                  </td>
                  <RowHeader>{donation.charity.name}</RowHeader>
                  <td>
                    {givingText(donation)}
                    {donation.isRecurring ? (
                      <>
                        {' '}
                        <Tag tone="accent">Monthly</Tag>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {formatMoney(donation.amount, localeOf(donation.country))}
                    {donation.tip.cents > 0 ? <small className={styles.tip}>+ {formatMoney(donation.tip, localeOf(donation.country))} tip to Koha</small> : null}
                  </td>
                  <td>{paymentText(donation)}</td>
                  {donation.paymentType === 'PAYROLL' ? (
                    // Payroll giving has no receipt: the payslip and the employer's income statement record it.
                    <td colSpan={2} className={styles.tip}>
                      No receipt: your payslip records it
                    </td>
                  ) : (
                    <>
                      <td>
                        <code>{donation.trackingNumber}</code>
                      </td>
                      <td>
                        <ReceiptDownload donation={donation} when={dayInCountry(donation.completedAt, donation.country)} />
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
          <LoadMore query={history} noun="donations" />
        </>
      )}
    </ConsoleScreen>
  );
}
