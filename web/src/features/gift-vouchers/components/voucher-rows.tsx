import type { VoucherStatus, VoucherSummary } from '@giving/shared/contracts/vouchers';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { DateText } from '../../../components/ui/date-text';
import { Tag, type TagTone } from '../../../components/ui/tag';

const TONES: Record<VoucherStatus, TagTone> = { Active: 'success', Used: 'neutral', Expired: 'danger' };

export const VoucherStatusTag = ({ status }: { status: VoucherStatus }) => <Tag tone={TONES[status]}>{status}</Tag>;

/** The cells every voucher list shows: the masked code, value, balance, bought and expiry dates, and status. */
export function VoucherCells({ voucher, country }: { voucher: VoucherSummary; country: CountryCode }) {
  const { locale } = COUNTRIES[country];
  return (
    <>
      <td>
        <code aria-label={`Code ending ${voucher.maskedCode.slice(-2)}`}>{voucher.maskedCode}</code>
      </td>
      <td>{formatMoney(voucher.value, locale)}</td>
      <td>{formatMoney(voucher.voucherBalance, locale)}</td>
      <td>
        <DateText value={voucher.createdOn} country={country} />
      </td>
      <td>
        <DateText value={voucher.expiresAt} country={country} />
      </td>
      <td>
        <VoucherStatusTag status={voucher.status} />
      </td>
    </>
  );
}

/** Column headers matching VoucherCells. */
export function VoucherHeaders() {
  return (
    <>
      <th scope="col">Code</th>
      <th scope="col">Value</th>
      <th scope="col">Balance</th>
      <th scope="col">Bought</th>
      <th scope="col">Expires</th>
      <th scope="col">Status</th>
    </>
  );
}

/** A voucher's country from its currency (the member's list has no country field). */
export const countryOfCurrency = (currency: string): CountryCode => (currency === 'AUD' ? 'au' : 'nz');
