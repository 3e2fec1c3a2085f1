import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VoucherStatus, WorkplaceVoucher, WorkplaceVoucherTotals } from '@giving/shared/contracts/vouchers';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText, useDataCountry } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { MoneyStatTiles, StatTile } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { useWorkplaceVouchers, workplaceVouchersKey } from '../api/get-workplace-vouchers';
import { BUY_VOUCHERS, VIEW_MEMBERS, useWorkplaceCan, useWorkplaceId } from '../hooks/use-voucher-access';
import { PeopleFromWorkplace, type AddPeople } from './people-from-workplace';
import styles from './workplace-vouchers.module.css';

/** What the order form gets from the screen (the console composes the checkout's form with it). */
export interface VoucherOrderSlot {
  workplaceId: string;
  country: CountryCode;
  /** Adding the workplace's members or a business unit's; absent without the members permission, which reads them. */
  fromWorkplace?: (add: AddPeople) => ReactNode;
  onCancel: () => void;
  /** The card was charged: the vouchers exist and each person's code is on its way. */
  onOrdered: (order: { people: number }) => void;
}

const TONES: Readonly<Record<VoucherStatus, TagTone>> = { Active: 'success', Used: 'neutral', Expired: 'danger' };

const vouchersWord = (count: number) => (count === 1 ? '1 voucher' : `${count} vouchers`);
const peopleWord = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * /admin/workplace/:workplaceId/gift-vouchers — Gift Vouchers (issue 15 item 9): what the workplace's vouchers were
 * worth, what its people have given with them, what is left and what expired unused (per currency); every voucher
 * with who has it and its balance, newest first, 50 at a time; and, for payments managers, 'Buy vouchers': the
 * order form (`order`, the checkout's), one voucher per person in one card payment. The payments permissions read it.
 */
export function WorkplaceVouchers({ order }: { order: (slot: VoucherOrderSlot) => ReactNode }) {
  const workplaceId = useWorkplaceId();
  const country = useDataCountry();
  const canBuy = useWorkplaceCan(BUY_VOUCHERS);
  const canAddMembers = useWorkplaceCan(VIEW_MEMBERS);
  const vouchers = useWorkplaceVouchers(workplaceId);
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState(false);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const buyButton = useRef<HTMLButtonElement>(null);

  const items = vouchers.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = vouchers.data?.pages[0]?.totals ?? [];
  const { locale } = COUNTRIES[country];

  const close = () => {
    setBuying(false);
    setTimeout(() => buyButton.current?.focus());
  };
  const ordered = ({ people }: { people: number }) => {
    setBuying(false);
    setNotice(`Payment received. The voucher codes are on their way to ${peopleWord(people)} by e-mail; their vouchers are in the list below.`);
    void queryClient.invalidateQueries({ queryKey: workplaceVouchersKey(workplaceId) });
  };
  // The form (and the payment's dialog, which had focus) is gone: focus goes to what happened. In an effect, so it
  // comes after the dialog's own clean-up, which gives the page back from being inert.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  let list;
  if (!vouchers.data) list = <QueryStates query={vouchers} loading="Loading your gift vouchers" failed="We couldn’t load your gift vouchers" />;
  else if (items.length === 0) {
    list = (
      <EmptyState
        title="No gift vouchers yet"
        description={
          canBuy
            ? 'Buy vouchers for your people: each gets a code of their own by e-mail, to give to the charities they choose.'
            : 'When someone who manages payments buys vouchers for your people, they show here with their balances.'
        }
      />
    );
  } else {
    list = (
      <>
        <Table caption="Gift vouchers">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col" className={styles.number}>
                Value
              </th>
              <th scope="col" className={styles.number}>
                Balance
              </th>
              <th scope="col">Status</th>
              <th scope="col">Expires</th>
              <th scope="col">Bought</th>
            </tr>
          </thead>
          <tbody>
            {items.map((voucher) => (
              <VoucherRow key={voucher.id} voucher={voucher} locale={locale} />
            ))}
          </tbody>
        </Table>
        <LoadMore query={vouchers} noun="vouchers" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Gift Vouchers"
        description="Vouchers your workplace bought for its people, newest first: who has each one and what is left on it. Codes are never shown here; each person gets theirs by e-mail."
        actions={
          canBuy && !buying ? (
            <Button
              ref={buyButton}
              size="sm"
              onClick={() => {
                setNotice(undefined);
                setBuying(true);
              }}
            >
              Buy vouchers
            </Button>
          ) : null
        }
      />
      {canBuy && buying ? (
        <Panel title="Buy vouchers" description="A voucher for each person, paid in one card payment.">
          {order({
            workplaceId,
            country,
            ...(canAddMembers ? { fromWorkplace: (add: AddPeople) => <PeopleFromWorkplace workplaceId={workplaceId} add={add} /> } : {}),
            onCancel: close,
            onOrdered: ordered,
          })}
        </Panel>
      ) : null}
      <div ref={noticeRef} tabIndex={-1} className={styles.noticeAnchor}>
        {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      </div>
      {totals.map((sums) => (
        <Totals key={sums.currency} sums={sums} locale={locale} named={totals.length > 1} />
      ))}
      {list}
    </ConsoleScreen>
  );
}

/** One currency's totals: bought, given with them, still to give, expired unused. */
function Totals({ sums, locale, named }: { sums: WorkplaceVoucherTotals; locale: string; named: boolean }) {
  return (
    <MoneyStatTiles label="Voucher totals" currency={sums.currency} named={named}>
      <StatTile label={`Bought (${vouchersWord(sums.count)})`} value={formatMoney(sums.value, locale)} />
      <StatTile label="Given with them" value={formatMoney(sums.given, locale)} />
      <StatTile label="Still to give" value={formatMoney(sums.remaining, locale)} />
      <StatTile label="Expired unused" value={formatMoney(sums.expired, locale)} />
    </MoneyStatTiles>
  );
}

function VoucherRow({ voucher, locale }: { voucher: WorkplaceVoucher; locale: string }) {
  return (
    <tr>
      <RowHeader>
        {voucher.recipientName ?? <Email address={voucher.recipientEmail} />}
        {voucher.recipientName ? (
          <span className={styles.under}>
            <Email address={voucher.recipientEmail} />
          </span>
        ) : null}
      </RowHeader>
      <td className={styles.number}>{formatMoney(voucher.value, locale)}</td>
      <td className={styles.number}>{formatMoney(voucher.voucherBalance, locale)}</td>
      <td>
        <Tag tone={TONES[voucher.status]}>{voucher.status}</Tag>
      </td>
      <td className={styles.nowrap}>
        <DateText value={voucher.expiresAt} />
      </td>
      {/* When, in which order (its reference is the payment's, on the buyer's receipt) and by whom. */}
      <td>
        <span className={styles.nowrap}>
          <DateText value={voucher.createdOn} />
        </span>
        <span className={styles.under}>
          Order <span className={styles.order}>{voucher.orderNumber}</span>
        </span>
        <span className={styles.under}>by {voucher.buyerName || 'an administrator'}</span>
      </td>
    </tr>
  );
}

/** An e-mail address that may break before its '@' rather than widen the table. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
