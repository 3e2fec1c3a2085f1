import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_VOUCHER_CENTS, MIN_VOUCHER_CENTS, VOUCHER_QUICK_VALUES } from '@giving/shared/contracts/vouchers';
import { centsToDollarString, formatMoney, money, type Currency } from '@giving/shared/money';
import { TextField } from '../../../components/ui/field';
import formStyles from './checkout-form.module.css';
import styles from './voucher-purchase.module.css';

/** A voucher's value in cents that can be bought (the contract's $1 to $1,000). */
export const isVoucherValue = (cents: number | undefined): cents is number => cents !== undefined && cents >= MIN_VOUCHER_CENTS && cents <= MAX_VOUCHER_CENTS;

/**
 * A voucher's value: the quick values (the one matching the value shows as pressed) and the amount field, any whole-cent
 * value from $1 to $1,000. The voucher page and a workplace's order both use it; each form keeps the field
 * (`voucherValue`, checked by voucherValueTextSchema) and says what a quick value sets it to through `onPick`.
 */
export function VoucherValueFields({
  cents,
  onPick,
  field,
  error,
  locale,
  currency,
}: {
  /** The value the field holds now, in cents (undefined while it is not a number). */
  cents: number | undefined;
  /** A quick value was pressed: the field's new text, e.g. '50.00'. */
  onPick: (text: string) => void;
  field: UseFormRegisterReturn;
  error: string | undefined;
  locale: string;
  currency: Currency;
}) {
  return (
    <>
      <div role="group" aria-label="Quick values" className={formStyles.picks}>
        {VOUCHER_QUICK_VALUES.map((dollars) => (
          <button key={dollars} type="button" className={`${formStyles.pick} ${styles.pick}`} aria-pressed={cents === dollars * 100} onClick={() => onPick(centsToDollarString(dollars * 100))}>
            {formatMoney(money(dollars * 100, currency), locale, { dropZeroCents: true })}
          </button>
        ))}
      </div>
      <TextField label="Voucher Value" inputMode="decimal" autoComplete="off" numeric hint="Any amount from $1 to $1,000." error={error} {...field} />
    </>
  );
}
