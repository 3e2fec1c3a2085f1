import type { PaymentKind } from '@giving/shared/contracts/back-office-payments';
import { COUNTRIES } from '@giving/shared/countries';
import { formatMoney, money, type Currency } from '@giving/shared/money';
import type { PricedMembership } from './charity-memberships';
import type { Payment } from './ports';

/** How the back office and the payer's e-mails name a payment: what kind it is, and what it bought or gave to. */

export function kindOf(payment: Payment): PaymentKind {
  if (payment.recurringCharge) return 'Monthly charge';
  switch (payment.pageType) {
    case 'GIFT':
      return 'Gift';
    case 'CHARITY':
      return 'General donation';
    case 'FUNDRAISE':
      return 'Fundraising page';
    case 'MEMBERSHIP':
      return 'Membership';
    default:
      return payment.workplace ? 'Workplace vouchers' : 'Gift voucher';
  }
}

export const currencyOf = (payment: Payment): Currency => COUNTRIES[payment.country].currency;
export const format = (payment: Payment, cents: number) => formatMoney(money(cents, currencyOf(payment)), COUNTRIES[payment.country].locale);

/** What the payment bought or gave to, as its donor saw it. */
export function whatOf(payment: Payment): string {
  const priced = payment.priced && 'charity' in payment.priced ? payment.priced : undefined;
  if (payment.pageType === 'MEMBERSHIP') {
    const plan = priced && 'membership' in priced ? (priced as PricedMembership).membership : undefined;
    return plan ? `${plan.name} membership${payment.renewal ? ' (renewal)' : ''}` : 'A membership (not yet priced)';
  }
  if (payment.pageType === 'VOUCHER_PURCHASE') {
    const each = format(payment, payment.donationAmountCents);
    return payment.workplace ? `${payment.quantity} gift vouchers of ${each} for ${payment.workplace.name}` : `A ${each} gift voucher`;
  }
  if (priced?.page) return `${priced.page.title} (${priced.page.ownerName}’s fundraising page)`;
  if (priced?.gift) return `${payment.quantity} x ${priced.gift.title}`;
  if (payment.pageType === 'CHARITY') return 'A general donation';
  return payment.pageType === 'GIFT' ? 'A gift (not yet priced)' : 'A fundraising page donation (not yet priced)';
}

