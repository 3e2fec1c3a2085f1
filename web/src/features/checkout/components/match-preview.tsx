import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@giving/shared/money';
import { useMatchPreview, type MatchPreviewRequest } from '../api/get-match-preview';
import styles from './checkout-form.module.css';

/**
 * Issue 16 item 5: before paying, a signed-in member whose gift a workplace campaign would match reads by whom and by
 * how much ('Tasman Engineering will match this gift: +$20.00'; a voucher match says it comes as a gift voucher). It
 * waits for the amount to settle before asking, and says nothing when nothing applies (or the answer failed): the
 * match is decided when the donation completes.
 */
export function MatchPreviewLine({ request, locale }: { request: MatchPreviewRequest | undefined; locale: string }) {
  const settled = useSettled(request, 400);
  const preview = useMatchPreview(settled);
  const items = request && preview.data ? preview.data.items : [];
  return (
    <div aria-live="polite" className={styles.matchPreview}>
      {items.map((item) => (
        <p key={item.campaignId} className={styles.matchLine}>
          {item.matchType === 'Voucher'
            ? `${item.workplaceName} will match this gift with a ${formatMoney(item.bonus, locale)} gift voucher for you to give (${item.name}).`
            : `${item.workplaceName} will match this gift: +${formatMoney(item.bonus, locale)} (${item.name}).`}
        </p>
      ))}
    </div>
  );
}

/** The value once it has not changed for `ms` (typing an amount asks once, not per key). */
function useSettled<T>(value: T, ms: number): T | undefined {
  // The value's text stands for it: a new object with the same fields is the same value.
  const key = JSON.stringify(value ?? null);
  const latest = useRef(value);
  latest.current = value;
  const [settled, setSettled] = useState<{ key: string; value: T } | undefined>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled?.key === key ? settled.value : settled?.value;
}
