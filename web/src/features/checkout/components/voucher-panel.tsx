import { useId, useState } from 'react';
import { VOUCHER_CODE_LENGTH } from '@giving/shared/contracts/voucher-codes';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { localDateText } from '@giving/shared/local-time';
import { formatMoney, money } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import type { VoucherControl } from '../hooks/use-voucher';
import { voucherSplit } from '../voucher-state';
import styles from './voucher-panel.module.css';

/** Spec §2 "Checkout form": the help modal that explains gift vouchers. */
export const VOUCHER_HELP_TITLE = 'Gift Vouchers';
export const VOUCHER_HELP_TEXT = "If you've been gifted a Charity Gift Voucher, please enter the code...";
export const VOUCHER_HELP_LINK = 'What is a gift voucher?';

export interface VoucherPanelProps {
  /** The checkout's voucher (useVoucher): the form reads `applied`, `state.voucherCode` and `state.voucherAmount` from it too. */
  voucher: VoucherControl;
  /** Donation x quantity + tip in cents, or undefined while the amount is not valid: shows what the voucher pays. */
  totalCents: number | undefined;
  /** The transaction fee on the card's part (the donor covers it), included in what is left to pay by card. */
  feeCents?: number;
  country: CountryCode;
}

/**
 * The gift voucher part of the checkout (spec §4 "Voucher", §5 "Voucher code"): a code of at most 8 characters,
 * 'Apply' enabled at 6 or more, the lookup's errors, the expiry message, and once applied what the voucher pays, its
 * remaining balance and what is left for the card, with 'Cancel'. A link opens the help modal.
 */
export function VoucherPanel({ voucher, totalCents, feeCents = 0, country }: VoucherPanelProps) {
  const { locale, currency } = COUNTRIES[country];
  const [helpOpen, setHelpOpen] = useState(false);
  const statusId = useId();
  const { state } = voucher;
  const loading = state.voucherState === 'VOUCHER_API_LOADING';
  const show = (cents: number) => formatMoney(money(cents, currency), locale);
  const split = totalCents === undefined ? undefined : voucherSplit(state, totalCents);

  return (
    <div className={styles.panel}>
      <div className={styles.row}>
        <TextField
          label="Gift Voucher Code"
          className={styles.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={VOUCHER_CODE_LENGTH}
          value={state.voucherCode}
          readOnly={state.voucherState !== 'DEFAULT'}
          error={state.error}
          onChange={(event) => voucher.setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the whole checkout.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void voucher.apply();
          }}
        />
        {voucher.applied ? (
          <Button variant="secondary" onClick={voucher.cancel}>
            Cancel
          </Button>
        ) : (
          <Button variant="secondary" disabled={!voucher.canApply} loading={loading} onClick={() => void voucher.apply()}>
            Apply
          </Button>
        )}
      </div>

      <div id={statusId} aria-live="polite">
        {voucher.applied ? (
          <div className={styles.applied}>
            <p>
              <strong>Voucher applied.</strong> Remaining balance: {show(state.voucherAmount)}
            </p>
            {split ? (
              <>
                <p>Paid by voucher: {show(split.voucherCents)}</p>
                <p>
                  {split.cardCents > 0
                    ? `Left to pay by card: ${show(split.cardCents + feeCents)}${feeCents > 0 ? ` (including the ${show(feeCents)} transaction fee)` : ''}`
                    : 'Your voucher covers the total.'}
                </p>
              </>
            ) : null}
          </div>
        ) : null}
        {state.isExpired && state.expiresAt ? (
          <p className={styles.error}>
            This voucher expired on {localDateText(state.expiresAt, country, 'long')}.
          </p>
        ) : null}
      </div>

      <button type="button" className={styles.help} onClick={() => setHelpOpen(true)}>
        {VOUCHER_HELP_LINK}
      </button>
      <Modal open={helpOpen} title={VOUCHER_HELP_TITLE} onClose={() => setHelpOpen(false)}>
        <p>{VOUCHER_HELP_TEXT}</p>
        <div className={styles.modalActions}>
          <Button onClick={() => setHelpOpen(false)}>Close</Button>
        </div>
      </Modal>
    </div>
  );
}
