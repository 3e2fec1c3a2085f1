import { useEffect, useMemo, useRef, useState } from 'react';
import type { MatchPreview } from '@giving/shared/contracts/match-preview';
import { formatMoney } from '@giving/shared/money';
import { useMatchPreview, type MatchPreviewRequest } from '../api/get-match-preview';
import styles from './checkout-form.module.css';

/**
 * Issue 16 item 5: before paying, a signed-in member whose gift a workplace campaign would match reads by whom and by
 * how much ('Tasman Engineering will match this gift: +$20.00'; a voucher match says it comes as a gift voucher). It
 * waits for the amount to settle before asking, and says nothing when nothing applies (or the answer failed): the
 * match is decided when the donation completes.
 */
export function MatchPreviewLine({
  request,
  locale,
  onItems,
}: {
  request: MatchPreviewRequest | undefined;
  locale: string;
  /** What is shown now: the checkout hands it to the thank-you page, which confirms it. */
  onItems?: (items: MatchPreview['items']) => void;
}) {
  const settled = useSettled(request, 400);
  const preview = useMatchPreview(settled);
  const items = useMemo(() => (request && preview.data ? preview.data.items : []), [request, preview.data]);
  useEffect(() => {
    onItems?.(items);
  }, [items, onItems]);
  return (
    <div aria-live="polite" className={styles.matchPreview}>
      {items.map((item) => (
        <p key={item.campaignId} className={styles.matchLine}>
          {matchLine(item, locale, 'will')}
        </p>
      ))}
    </div>
  );
}

/** One match in words: before paying ('will match') and on the thank-you page once recorded ('matched'). */
export function matchLine(item: Pick<MatchPreview['items'][number], 'workplaceName' | 'name' | 'matchType' | 'bonus'>, locale: string, tense: 'will' | 'did'): string {
  const bonus = formatMoney(item.bonus, locale);
  const verb = tense === 'will' ? 'will match' : 'matched';
  return item.matchType === 'Voucher'
    ? `${item.workplaceName} ${verb} this gift with a ${bonus} gift voucher for you to give (${item.name}).`
    : `${item.workplaceName} ${verb} this gift: +${bonus} (${item.name}).`;
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
