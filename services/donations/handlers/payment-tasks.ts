import * as z from 'zod/mini';
import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { workflowTask } from '@giving/shared/lambda/task';
import {
  chargeCard,
  emitDonationCompleted,
  failPayment,
  reconcileCharge,
  recordDonation,
  validatePayment,
} from '../domain/payment-steps';
import { followUpMemberDonation } from '../domain/recurring-donations';
import { redeemVoucher, refundCharge, releaseVoucher } from '../domain/voucher-steps';
import { cardGateway, cardTestingLedger, cardTestingLimitScale, charities, fundraisingPages, gifts, charityMemberships, payments, recurringDonations, savedCards, voucherCodes, vouchers } from '../adapters';

/** The payment workflow's task states (workflows/payment.asl.json); the manifest maps each state to its export. */
const step = z.object({ trackingNumber: z.string(), chargeAttempts: z.optional(z.number()) });

export const validate = workflowTask('ValidatePayment', step, (input) =>
  validatePayment({ payments: payments(), gifts: gifts(), charities: charities(), pages: fundraisingPages(), memberships: charityMemberships(), clock: systemClock }, input),
);
export const charge = workflowTask('ChargeCard', step, (input) =>
  chargeCard({ payments: payments(), gateway: cardGateway(), cardTesting: cardTestingLedger(), clock: systemClock, cardTestingLimitScale: cardTestingLimitScale() }, input),
);
export const reconcile = workflowTask('ReconcileCharge', step, (input) => reconcileCharge({ payments: payments(), gateway: cardGateway() }, input));
export const record = workflowTask(
  'RecordDonation',
  // No chargeId when a gift voucher paid it all.
  z.object({ trackingNumber: z.string(), chargeId: z.optional(z.string()) }),
  (input) => recordDonation({ payments: payments(), clock: systemClock, vouchers: vouchers(), codes: voucherCodes(), memberships: charityMemberships() }, input),
);
let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
export const emit = workflowTask('EmitDonationCompleted', z.object({ trackingNumber: z.string() }), (input) =>
  emitDonationCompleted({ payments: payments(), publisher: (publisher ??= eventBridgePublisher()), vouchers: vouchers(), memberships: charityMemberships() }, input),
);
export const fail = workflowTask(
  'FailPayment',
  z.object({ trackingNumber: z.string(), outcome: z.optional(z.string()), message: z.optional(z.string()) }),
  (input) => failPayment({ payments: payments(), clock: systemClock }, input),
);
export const saveCardAndSchedule = workflowTask('SaveCardAndSchedule', z.object({ trackingNumber: z.string() }), (input) =>
  followUpMemberDonation(
    { payments: payments(), cards: savedCards(), schedules: recurringDonations(), gateway: cardGateway(), clock: systemClock },
    input,
  ),
);
export const redeem = workflowTask('RedeemVoucher', z.object({ trackingNumber: z.string() }), (input) =>
  redeemVoucher({ payments: payments(), vouchers: vouchers(), clock: systemClock }, input),
);
export const release = workflowTask('ReleaseVoucher', z.object({ trackingNumber: z.string() }), async (input) => {
  await releaseVoucher({ vouchers: vouchers(), clock: systemClock }, input);
  return {};
});
export const refund = workflowTask('RefundCharge', z.object({ trackingNumber: z.string(), chargeId: z.optional(z.string()) }), (input) =>
  refundCharge({ payments: payments(), gateway: cardGateway(), clock: systemClock }, input),
);
