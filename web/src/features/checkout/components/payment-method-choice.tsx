import { useId } from 'react';
import type { PaymentType } from '@giving/shared/contracts/donations-public';
import { Button } from '../../../components/ui/button';
import type { AllowedPaymentMethods } from '../payment-choice';
import styles from './payment-method-choice.module.css';

/** The methods in the order the checkout offers them, with their labels (inside the form's 'Payment method' fieldset). */
export const PAYMENT_METHOD_LABELS: ReadonlyArray<{ type: Exclude<PaymentType, 'NONE'>; label: string; key: keyof AllowedPaymentMethods }> = [
  { type: 'CARD', label: 'Card', key: 'card' },
  { type: 'VOUCHER', label: 'Gift Voucher', key: 'voucher' },
  { type: 'PAYROLL', label: 'Payroll', key: 'payroll' },
];

export interface PaymentMethodChoiceProps {
  allowed: AllowedPaymentMethods;
  value: PaymentType;
  /** Called with the method pressed; pressing the chosen gift voucher again unchecks it (spec §4). */
  onChoose: (paymentType: PaymentType) => void;
}

/**
 * Spec §2/§4: the donor picks card, gift voucher or payroll (those this donor may use, spec §6). Toggle buttons, so
 * the voucher can be unchecked; with one method only, it is shown as chosen without a choice to make.
 */
export function PaymentMethodChoice({ allowed, value, onChoose }: PaymentMethodChoiceProps) {
  const methods = PAYMENT_METHOD_LABELS.filter((method) => allowed[method.key]);
  if (methods.length <= 1) return null;
  return (
    <div className={styles.methods}>
      {methods.map((method) => (
        <button
          key={method.type}
          type="button"
          className={styles.method}
          aria-pressed={value === method.type}
          onClick={() => onChoose(method.type)}
        >
          {method.label}
        </button>
      ))}
    </div>
  );
}

export interface DonationFrequencyChoiceProps {
  monthly: boolean;
  signedIn: boolean;
  onChange: (monthly: boolean) => void;
  /** A guest who chose Monthly asks to log in (the checkout keeps the form and comes back to it). */
  onLogIn: () => void;
}

/** Why a guest must log in for monthly giving, said before they are sent to log in (spec §4, §6). */
export const MONTHLY_SIGN_IN_HINT =
  'Monthly giving is for members: each month we charge the card you save with your account, and you can change or stop the donation any time in My Account. Log in, and we’ll bring you back to this form as you left it.';
export const MONTHLY_LOG_IN = 'Log in to give monthly';
export const MONTHLY_SAVES_CARD = 'Your card is saved securely for your monthly donation. You can cancel any time in My Account.';

/** Spec §3 donationFrequency: once, or monthly (members only: a guest who picks it is told why, then may log in). */
export function DonationFrequencyChoice({ monthly, signedIn, onChange, onLogIn }: DonationFrequencyChoiceProps) {
  const name = useId();
  return (
    <fieldset className={styles.frequency}>
      <legend className={styles.frequencyLegend}>How often</legend>
      <div className={styles.methods}>
        <label className={styles.option}>
          <input type="radio" name={name} checked={!monthly} onChange={() => onChange(false)} />
          Once
        </label>
        <label className={styles.option}>
          <input type="radio" name={name} checked={monthly} onChange={() => onChange(true)} />
          Monthly
        </label>
      </div>
      {monthly && signedIn ? <p className={styles.note}>{MONTHLY_SAVES_CARD}</p> : null}
      {monthly && !signedIn ? (
        <div className={styles.signIn} role="status">
          <p className={styles.note}>{MONTHLY_SIGN_IN_HINT}</p>
          <Button variant="secondary" size="sm" onClick={onLogIn}>
            {MONTHLY_LOG_IN}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
