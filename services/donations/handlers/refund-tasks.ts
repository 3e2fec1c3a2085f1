import * as z from 'zod/mini';
import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { workflowTask } from '@giving/shared/lambda/task';
import { emitDonationRefunded, failRefund, recordRefund, refundCard, returnToVoucher } from '../domain/refunds';
import { cardGateway, payments, refunds, vouchers } from '../adapters';

/** The refund workflow's task states (workflows/refund.asl.json); the manifest maps each state to its export. */
const step = z.object({ refundId: z.string(), donationId: z.string() });
const only = ({ refundId, donationId }: z.infer<typeof step>) => ({ refundId, donationId });

export const card = workflowTask('RefundCard', step, (input) => refundCard({ refunds: refunds(), payments: payments(), gateway: cardGateway() }, only(input)));
export const voucher = workflowTask('ReturnToVoucher', step, (input) => returnToVoucher({ refunds: refunds(), vouchers: vouchers(), clock: systemClock }, only(input)));
export const record = workflowTask('RecordRefund', step, (input) => recordRefund({ refunds: refunds(), payments: payments(), clock: systemClock }, only(input)));
let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
export const emit = workflowTask('EmitDonationRefunded', step, (input) =>
  emitDonationRefunded({ refunds: refunds(), payments: payments(), publisher: (publisher ??= eventBridgePublisher()) }, only(input)),
);
export const fail = workflowTask('FailRefund', step, (input) => failRefund({ refunds: refunds(), clock: systemClock }, only(input)));
