import * as z from 'zod/mini';
import { moneySchema } from '@giving/shared/contracts/common';

/** What the thank-you page shows about the payment that just completed; passed in the router's location state. */
export const thankYouSummarySchema = z.object({
  charityName: z.string(),
  charityUrl: z.string(),
  /** Absent for a general donation to the charity. */
  giftTitle: z.optional(z.string()),
  quantity: z.int(),
  total: moneySchema,
  trackingNumber: z.string(),
  /** How it was given: a card payment (the default), the first of a monthly gift, or a payroll pledge. */
  kind: z.optional(z.enum(['card', 'monthly', 'payroll'])),
  /** A payroll pledge: the workplace that takes it from the donor's pay. */
  workplaceName: z.optional(z.string()),
});
export type ThankYouSummary = z.infer<typeof thankYouSummarySchema>;

const thankYouStateSchema = z.object({ donation: thankYouSummarySchema });

export const thankYouState = (donation: ThankYouSummary) => ({ donation });

/** History state survives reloads and can be anything, so it is read defensively. */
export function readThankYouState(state: unknown): ThankYouSummary | undefined {
  const parsed = thankYouStateSchema.safeParse(state);
  return parsed.success ? parsed.data.donation : undefined;
}
