import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { QueryScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { Table } from '../../../components/ui/table';
import { DEFAULT_COUNTRY } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useMyVouchers } from '../api/get-my-vouchers';
import { VoucherCells, VoucherHeaders, countryOfCurrency } from './voucher-rows';

/**
 * /admin/user/gift-vouchers — the member's gift vouchers (spec §3 Voucher: voucherBalance, createdOn): value, balance,
 * when bought, expiry and status. The code was in its e-mail and is never shown again; only its last 2 characters.
 */
export function MyGiftVouchers() {
  const vouchers = useMyVouchers();
  const buy = (
    <Link to={paths.giftVoucher(DEFAULT_COUNTRY)} className={buttonClassName({ size: 'sm' })}>
      Buy a gift voucher
    </Link>
  );
  return (
    <QueryScreen
      header={<ScreenHeader title="Gift Vouchers" description="Vouchers you’ve bought. Their codes were e-mailed when you bought them." actions={buy} />}
      query={vouchers}
      loading="Loading your gift vouchers"
      failed="We couldn’t load your gift vouchers"
    >
      {({ items }) =>
        items.length === 0 ? (
          <EmptyState title="No gift vouchers yet" description="Give someone the joy of giving: they choose the charity, the voucher pays." />
        ) : (
          <Table caption="Your gift vouchers">
            <thead>
              <tr>
                <th scope="col">For</th>
                <VoucherHeaders />
              </tr>
            </thead>
            <tbody>
              {items.map((voucher) => (
                <tr key={voucher.id}>
                  <RowHeader>{voucher.recipientName ?? 'You or someone you gave the code to'}</RowHeader>
                  <VoucherCells voucher={voucher} country={countryOfCurrency(voucher.value.currency)} />
                </tr>
              ))}
            </tbody>
          </Table>
        )
      }
    </QueryScreen>
  );
}
