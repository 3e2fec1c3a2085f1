import { useId, useRef, useState } from 'react';
import type { CharityProfile } from '@giving/shared/contracts/accounts-public';
import type { Gift } from '@giving/shared/contracts/donations-public';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { lazyPart } from '../../../lib/lazy-part';
import { usePaymentOptions } from '../api/get-payment-options';
import styles from './add-to-giving.module.css';

/** What a member adds to their giving: a charity (a general donation from its page) or a gift from its page. */
export type GivingTarget = { pageType: 'GIFT'; gift: Gift } | { pageType: 'CHARITY'; charity: Pick<CharityProfile, 'id' | 'name'> };

export interface AddToGivingProps {
  target: GivingTarget;
  country: CountryCode;
  /** Where the page places it (pages.module.css). */
  className?: string;
  /** The API said the gift's price is not the one shown (409): the page fetches the gift again. */
  onGiftChanged?: () => void;
}

export const ADD_TO_GIVING = 'Add to giving';
export const WORKPLACE_GIVING_HEADING = 'Workplace giving';
export const givingLead = (workplaceName: string | undefined) =>
  `Give from your pay${workplaceName ? ` at ${workplaceName}` : ''}: once, or every pay.`;

// Only a member who may give by payroll and presses the button loads the dialog (its form, its checks, the call).
const dialogPart = lazyPart(() => import('./add-to-giving-dialog'));

/**
 * Spec 2 §7 "Workplace giving: Add to giving": a signed-in member whose workplace lets them give by payroll on this
 * page type (their payment options, the checkout's own call) adds the charity or the gift to their payroll giving.
 * Nothing shows to anyone else.
 */
export function AddToGiving({ target, country, className, onGiftChanged }: AddToGivingProps) {
  const { options } = usePaymentOptions(target.pageType);
  const headingId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const dialog = dialogPart.usePart(open);
  if (!options?.payroll) return null;
  const workplaceName = options.workplace?.name;
  return (
    <section className={[styles.giving, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className={styles.text}>
        <h2 id={headingId} className={styles.heading}>
          {WORKPLACE_GIVING_HEADING}
        </h2>
        <p className={styles.lead}>{givingLead(workplaceName)}</p>
      </div>
      <Button ref={button} variant="secondary" loading={open && !dialog} onClick={() => setOpen(true)}>
        {ADD_TO_GIVING}
      </Button>
      {open && dialog ? (
        <dialog.AddToGivingDialog
          target={target}
          country={country}
          workplaceName={workplaceName}
          onClose={() => setOpen(false)}
          // The button spins (and so is disabled) while the dialog's code loads, which drops its focus: give it back.
          returnFocus={() => button.current}
          onGiftChanged={onGiftChanged}
        />
      ) : null}
    </section>
  );
}
