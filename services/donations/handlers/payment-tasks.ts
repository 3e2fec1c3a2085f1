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
import { cardGateway, charities, gifts, payments } from '../adapters';

/** The payment workflow's task states (workflows/payment.asl.json); the manifest maps each state to its export. */
const step = z.object({ trackingNumber: z.string(), chargeAttempts: z.optional(z.number()) });

export const validate = workflowTask('ValidatePayment', step, (input) =>
  validatePayment({ payments: payments(), gifts: gifts(), charities: charities(), clock: systemClock }, input),
);
export const charge = workflowTask('ChargeCard', step, (input) =>
  chargeCard({ payments: payments(), gateway: cardGateway() }, input),
);
export const reconcile = workflowTask('ReconcileCharge', step, (input) => reconcileCharge({ gateway: cardGateway() }, input));
export const record = workflowTask(
  'RecordDonation',
  z.object({ trackingNumber: z.string(), chargeId: z.string() }),
  (input) => recordDonation({ payments: payments(), clock: systemClock }, input),
);
let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
export const emit = workflowTask('EmitDonationCompleted', z.object({ trackingNumber: z.string() }), (input) =>
  emitDonationCompleted({ payments: payments(), publisher: (publisher ??= eventBridgePublisher()) }, input),
);
export const fail = workflowTask(
  'FailPayment',
  z.object({ trackingNumber: z.string(), outcome: z.optional(z.string()), message: z.optional(z.string()) }),
  (input) => failPayment({ payments: payments(), clock: systemClock }, input),
);
