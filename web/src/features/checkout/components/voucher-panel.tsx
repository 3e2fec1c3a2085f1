import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router-dom';
import { VOUCHER_CODE_LENGTH } from '@giving/shared/contracts/voucher-codes';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { localDateText } from '@giving/shared/local-time';
import { formatMoney, money } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../lib/paths';
import { useVoucher } from '../hooks/use-voucher';
import { voucherSplit, type VoucherState } from '../voucher-state';
import styles from './voucher-panel.module.css';

/**
 * Spec §2 "Checkout form": the help modal that explains gift vouchers. The spec gives its opening words and elides
 * the rest; this is the whole explanation, as the platform behaves: 8-character codes without look-alike characters
 * (shared/contracts/voucher-codes.ts), the voucher pays min(balance, total) and a card the rest with the fee on the
 * card's part only, the balance stays for later gifts, 12 months from purchase, one country, not for monthly giving,
 * given back when a payment fails.
 */
export const VOUCHER_HELP_TITLE = 'Gift Vouchers';
export const VOUCHER_HELP_TEXT = [
  "If you've been gifted a Charity Gift Voucher, please enter the code from your voucher e-mail in the Gift Voucher Code box and press Apply.",
  'The code is 8 letters and numbers, shown after "Voucher code:" in the e-mail. Capital or small letters both work, and spaces or dashes are ignored. Codes never use 0, O, 1, I or L, so there is no mixing them up.',
  "Your voucher pays as much of the total as its balance allows. If it doesn't cover everything, enter your card details to pay the rest: the card transaction fee is charged only on the part your card pays.",
  "Whatever you don't use stays on the voucher for your next gift. A voucher can be used for 12 months from the day it was bought; the e-mail says the date it expires.",
  'A voucher is spent in the country it was bought in, and it pays for one-off gifts, not monthly giving. If a payment does not go through, what it took from your voucher goes back on it.',
] as const;
export const VOUCHER_HELP_LINK = 'What is a gift voucher?';

export interface VoucherPanelProps {
  /** The checkout's voucher: the form reads its code and balance too. */
  voucher: VoucherState;
  /** Changes the checkout's voucher (Apply, Cancel, typing the code). */
  update: Dispatch<SetStateAction<VoucherState>>;
  /** Donation x quantity + tip in cents, or undefined while the amount is not valid: shows what the voucher pays. */
  totalCents: number | undefined;
  /** The transaction fee on the card's part (the donor covers it), included in what is left to pay by card. */
  feeCents?: number;
  country: CountryCode;
}

/**
 * The gift voucher part of the checkout (spec §4 "Voucher", §5 "Voucher code"): a code of at most 8 characters,
 * 'Apply' enabled at 6 or more, the lookup's errors, the expiry message, and once applied what the voucher pays, the
 * balance it keeps after this gift and what is left for the card, with 'Cancel'. A link opens the help modal.
 */
export function VoucherPanel({ voucher: state, update, totalCents, feeCents = 0, country }: VoucherPanelProps) {
  const { locale, currency } = COUNTRIES[country];
  const voucher = useVoucher({ currency, state, update });
  const [helpOpen, setHelpOpen] = useState(false);
  const statusId = useId();
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
              <strong>Voucher applied.</strong> {split ? null : `Balance: ${show(state.voucherAmount)}`}
            </p>
            {split ? (
              <>
                <p>Paid by voucher: {show(split.voucherCents)}</p>
                <p>Balance left on your voucher after this gift: {show(state.voucherAmount - split.voucherCents)}</p>
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
        <div className={styles.helpText}>
          {VOUCHER_HELP_TEXT.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            Want to give one? <Link to={paths.giftVoucher(country)}>Buy a Charity Gift Voucher</Link>.
          </p>
        </div>
        <div className={styles.modalActions}>
          <Button onClick={() => setHelpOpen(false)}>Close</Button>
        </div>
      </Modal>
    </div>
  );
}
