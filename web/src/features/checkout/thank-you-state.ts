import type { Money } from '@giving/shared/money';

export interface FundraisingPageSummary {
  title: string;
  ownerName: string;
  path: string;
}

/**
 * What the thank-you page shows about the payment that just completed; passed in the router's location state (the
 * thank-you page checks it with its schema: history state survives reloads and can be anything).
 */
export interface ThankYouSummary {
  charityName: string;
  charityUrl: string;
  /** Absent for a general donation to the charity. */
  giftTitle?: string;
  /** A donation to a fundraising page: its title, its owner's name and where it is (the back link). */
  fundraisingPage?: FundraisingPageSummary;
  quantity: number;
  total: Money;
  trackingNumber: string;
  /** How it was given: a card payment (the default), the first of a monthly gift, or a payroll pledge. */
  kind?: 'card' | 'monthly' | 'payroll';
  /** A payroll pledge: the workplace that takes it from the donor's pay. */
  workplaceName?: string;
  /** What the checkout said workplaces would match (issue 16): the thank-you confirms each once it is recorded. */
  expectedMatches?: ExpectedMatch[];
}

export interface ExpectedMatch {
  campaignId: string;
  name: string;
  workplaceName: string;
  matchType: 'Donation' | 'Voucher';
  bonus: Money;
}

/** The location state that takes a completed payment's summary to the thank-you page. */
export const thankYouState = (donation: ThankYouSummary) => ({ donation });
