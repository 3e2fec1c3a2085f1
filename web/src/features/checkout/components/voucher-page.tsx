import { useId } from 'react';
import type { CountryCode } from '@giving/shared/countries';
import { lazyPart } from '../../../lib/lazy-part';
import styles from './voucher-purchase.module.css';

export const VOUCHER_PAGE_HEADING = 'Charity Gift Vouchers';

/** The page's introduction: its first screen, drawn before the purchase form's code has come. */
export function VoucherIntro({ headingId }: { headingId?: string }) {
  return (
    <div className={styles.intro}>
      <h1 id={headingId}>{VOUCHER_PAGE_HEADING}</h1>
      <p>Give someone the joy of giving: they choose the charity or the gift, and the voucher pays. Vouchers can be spent over 12 months.</p>
    </div>
  );
}

/** The purchase form (and its thank-you), with the card frame's and the form library's code: after the introduction. */
const purchase = lazyPart(() => import('./voucher-purchase'));

/** Spec §2: buying a gift voucher. The introduction first; the form follows in the place kept for it. */
export function VoucherPage({ country }: { country: CountryCode }) {
  const headingId = useId();
  const part = purchase.usePart(true, { afterFirstScreen: true });
  if (part) return <part.VoucherPurchase country={country} />;
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <VoucherIntro headingId={headingId} />
      <div className={styles.formPlace} aria-busy="true" />
    </section>
  );
}
