import type { EventData, EventPublisher } from '@giving/shared/events';
import { DonationCompleted } from '@giving/shared/events/donations';
import type { PayrollDonationsConfirmed } from '@giving/shared/events/workplace';
import { money } from '@giving/shared/money';
import { donationCompletedData } from './payment-steps';
import type { Donation, PaymentRepository } from './ports';

/**
 * A workplace confirmed what payroll deducted (PayrollDonationsConfirmed): each pledge's share becomes a completed
 * PAYROLL donation, written once (its id comes from the batch and pledge), then announced as DonationCompleted with
 * that id, so the member's history, the charity's reports and remittance (the table's stream counts it), the site's
 * stats and matching all see it as they see any donation. A repeated delivery writes nothing new and announces the same
 * ids again, which consumers drop.
 *
 * No tip, no card fee, and no receipt: in New Zealand the employee already had the tax credit in their pay, and in
 * Australia the employer's income statement is the evidence (../shared/notes/payroll-giving.md).
 */
export async function recordPayrollDonations(
  deps: { payments: Pick<PaymentRepository, 'recordDonation'>; publisher: EventPublisher },
  confirmed: EventData<typeof PayrollDonationsConfirmed>,
): Promise<{ recorded: number }> {
  let recorded = 0;
  for (const given of confirmed.donations) {
    const zero = money(0, given.amount.currency);
    const donation: Donation = {
      donationId: given.donationId,
      trackingNumber: given.donationId,
      pageType: given.pageType,
      country: given.country,
      priced: {
        amount: given.amount,
        tip: zero,
        total: given.amount,
        charity: given.charity,
        ...(given.gift ? { gift: given.gift } : {}),
        ...(given.page ? { page: given.page } : {}),
      } as Donation['priced'],
      quantity: given.quantity,
      isAnonymous: given.isAnonymous,
      receiptName: given.donorName,
      donorEmail: given.donorEmail,
      donorName: given.donorName,
      memberId: given.memberId,
      paymentType: 'PAYROLL',
      ...(given.isRecurring ? { isRecurring: true } : {}),
      completedAt: confirmed.confirmedAt,
    };
    if ((await deps.payments.recordDonation(donation)) === 'recorded') recorded += 1;
    await deps.publisher.publish(DonationCompleted, donationCompletedData(donation), { id: donation.donationId, correlationId: confirmed.batchId });
  }
  return { recorded };
}
