import { useState } from 'react';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { SearchBox } from '../../../components/ui/search-box';
import { Table } from '../../../components/ui/table';
import { useVouchers } from '../api/get-vouchers';
import { VoucherCells, VoucherHeaders } from './voucher-rows';

/** /admin/backoffice/vouchers — every gift voucher, newest first, a page at a time; search by the buyer's e-mail. */
export function BackOfficeVouchers() {
  const [query, setQuery] = useState('');
  const vouchers = useVouchers(query);
  const items = vouchers.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (!vouchers.data) list = <QueryStates query={vouchers} loading="Loading vouchers" failed="We couldn’t load the vouchers" />;
  else if (items.length === 0) {
    list = query ? <EmptyState title="No vouchers found" description={`No buyer’s e-mail matches “${query}”.`} /> : <EmptyState title="No vouchers yet" />;
  } else {
    list = (
      <>
        <Table caption={query ? `Vouchers bought by e-mails matching “${query}”` : 'Vouchers'}>
          <thead>
            <tr>
              <th scope="col">Buyer</th>
              <th scope="col">Recipient</th>
              <VoucherHeaders />
            </tr>
          </thead>
          <tbody>
            {items.map((voucher) => (
              <tr key={voucher.id}>
                <RowHeader>
                  {voucher.buyerName}
                  <br />
                  <small>{voucher.buyerEmail}</small>
                </RowHeader>
                <td>{voucher.recipientName ?? '—'}</td>
                <VoucherCells voucher={voucher} country={voucher.country} />
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={vouchers} noun="vouchers" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Vouchers" description="Every gift voucher, newest first. Codes are never shown: only their last 2 characters." />
      <Toolbar>
        <SearchBox label="Search vouchers" placeholder="Search by buyer e-mail" initialValue={query} onSearch={setQuery} />
      </Toolbar>
      {list}
    </ConsoleScreen>
  );
}
