import type { PaymentStatus } from '@giving/shared/contracts/donations-public';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney, type Money } from '@giving/shared/money';
import type { TagTone } from '../../../components/ui/tag';

/** A payment's status at a glance: done, failed, or still on its way through the workflow. */
export const PAYMENT_STATUS_TONES: Readonly<Record<PaymentStatus, TagTone>> = {
  Initiated: 'accent',
  Processing: 'accent',
  Completed: 'success',
  Failed: 'danger',
};

/** An amount as the payment's country writes it ('$12.50' in en-NZ or en-AU). */
export const paymentMoney = (value: Money, country: CountryCode): string => formatMoney(value, COUNTRIES[country].locale);

/** A history step's outcome: what went wrong stands out, what went right is quiet. */
export function outcomeTone(outcome: string): TagTone {
  if (outcome === 'Succeeded') return 'success';
  if (outcome === 'Failed' || outcome === 'Timed out') return 'danger';
  if (outcome === 'Retried') return 'warning';
  return 'neutral';
}
