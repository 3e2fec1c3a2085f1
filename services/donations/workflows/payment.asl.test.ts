import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TaskError } from '@giving/shared/lambda/task';
import { runWorkflow, type TaskHandler } from '../../../tools/local/src/stepfunctions/runner';
import type { ChargeOutcome, StepState, ValidateOutcome } from '../domain/payment-steps';
import type { ChargeResult } from '../domain/ports';
import { RECORDING_FAILED_REFUNDED, type RedeemOutcome, type refundCharge } from '../domain/voucher-steps';

/**
 * Scenario tests of the payment state machine's routing: the real payment.asl.json run by aws-local-stepfunctions,
 * with fake task handlers that answer in the shapes of domain/payment-steps.ts. Retries wait 0 ms.
 */
const definition = fileURLToPath(new URL('./payment.asl.json', import.meta.url));
const trackingNumber = 'PAY-1';

type Task =
  | 'ValidatePayment'
  | 'ChargeCard'
  | 'ReconcileCharge'
  | 'RecordDonation'
  | 'EmitDonationCompleted'
  | 'FailPayment'
  | 'SaveCardAndSchedule'
  | 'RedeemVoucher'
  | 'ReleaseVoucher'
  | 'RefundCharge';
type ChargeState = StepState & { chargeError?: { Error: string; Cause: string } };

/** What the gateway does with one charge: answer, fail, or charge and lose the reply. */
type Step = ChargeResult | Error | { lostReply: ChargeResult };

/** A gateway that answers each charge from a script (its last step repeats) and remembers what it charged. */
function gateway(script: Step[]) {
  const charged = new Map<string, ChargeResult>();
  let call = 0;
  return {
    charge(key: string): ChargeResult {
      const step = script[Math.min(call++, script.length - 1)];
      if (!step) throw new Error('empty script');
      if (step instanceof Error) throw step;
      if ('lostReply' in step) {
        charged.set(key, step.lostReply);
        throw timeout();
      }
      charged.set(key, step);
      return step;
    },
    find: (key: string) => charged.get(key),
  };
}

const unavailable = () => new TaskError('GatewayUnavailable', 'card gateway answered 503');
const timeout = () => new TaskError('GatewayTimeout', 'card gateway did not answer within 10000 ms');
const approved: ChargeResult = { outcome: 'approved', chargeId: 'ch_1' };

function payment(
  options: {
    validate?: ValidateOutcome;
    charges?: Step[];
    reconcile?: () => ChargeResult | undefined;
    emitFailures?: number;
    /** How the member follow-up (saved card, monthly schedule) fails on each call; undefined succeeds. */
    followUp?: (call: number) => Error | undefined;
    /** What redeeming the gift voucher answers (or throws). */
    redeem?: () => RedeemOutcome;
    /** How many times recording the donation fails before it works (Infinity: never). */
    recordFailures?: number;
    /** What the compensation's refund answers (or throws). */
    refund?: () => Awaited<ReturnType<typeof refundCharge>>;
  } = {},
) {
  const card = gateway(options.charges ?? [approved]);
  const inputs: Record<Task, unknown[]> = {
    ValidatePayment: [],
    ChargeCard: [],
    ReconcileCharge: [],
    RecordDonation: [],
    EmitDonationCompleted: [],
    FailPayment: [],
    SaveCardAndSchedule: [],
    RedeemVoucher: [],
    ReleaseVoucher: [],
    RefundCharge: [],
  };
  let recordFailures = options.recordFailures ?? 0;
  const recorded: { trackingNumber: string; chargeId: string }[] = [];
  const failed: { outcome?: string; message?: string }[] = [];
  let emitFailures = options.emitFailures ?? 0;
  const handlers: Record<Task, (input: never) => unknown> = {
    ValidatePayment: (): ValidateOutcome => options.validate ?? { trackingNumber, outcome: 'valid', chargeAttempts: 0 },
    ChargeCard: ({ chargeAttempts = 0 }: StepState): ChargeOutcome => ({ trackingNumber, chargeAttempts: chargeAttempts + 1, ...card.charge(trackingNumber) }),
    ReconcileCharge: ({ chargeAttempts = 0 }: ChargeState): ChargeOutcome => {
      const found = options.reconcile ? options.reconcile() : card.find(trackingNumber);
      return found ? { trackingNumber, chargeAttempts: chargeAttempts + 1, ...found } : { trackingNumber, chargeAttempts: chargeAttempts + 1, outcome: 'notCharged' };
    },
    RecordDonation: (input: { trackingNumber: string; chargeId: string }) => {
      if (recordFailures-- > 0) throw new Error('TransactWriteItems failed: ProvisionedThroughputExceededException');
      recorded.push({ trackingNumber: input.trackingNumber, chargeId: input.chargeId });
      return { trackingNumber };
    },
    EmitDonationCompleted: () => {
      if (emitFailures-- > 0) throw new Error('PutEvents failed for DonationCompleted: InternalException');
      return { trackingNumber };
    },
    FailPayment: (input: { outcome?: string; message?: string }) => {
      failed.push({ outcome: input.outcome, message: input.message });
      return { trackingNumber };
    },
    SaveCardAndSchedule: () => {
      const error = options.followUp?.(inputs.SaveCardAndSchedule.length);
      if (error) throw error;
      return { trackingNumber };
    },
    RedeemVoucher: (): RedeemOutcome =>
      options.redeem ? options.redeem() : { trackingNumber, outcome: 'redeemed', chargeAttempts: 0, voucherCents: 2500, cardCents: 0 },
    // Its result is discarded (ResultPath null): FailPayment gets its input.
    ReleaseVoucher: () => ({ released: true }),
    RefundCharge: () => (options.refund ? options.refund() : { trackingNumber, outcome: 'refunded', message: RECORDING_FAILED_REFUNDED }),
  };
  const tasks = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]): [string, TaskHandler] => [
      name,
      (input) => {
        inputs[name as Task].push(input);
        return handler(input as never);
      },
    ]),
  );
  return {
    inputs,
    recorded,
    failed,
    run: () => runWorkflow(definition, { trackingNumber }, tasks, { retryIntervalScale: 0 }),
  };
}

const runs = (counts: Partial<Record<Task, number>>) => ({
  ValidatePayment: 0,
  ChargeCard: 0,
  ReconcileCharge: 0,
  RecordDonation: 0,
  EmitDonationCompleted: 0,
  FailPayment: 0,
  SaveCardAndSchedule: 0,
  RedeemVoucher: 0,
  ReleaseVoucher: 0,
  RefundCharge: 0,
  ...counts,
});

describe('payment workflow', () => {
  it('approve: validates, charges once, records the donation, emits and succeeds', async () => {
    const world = payment();

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path).toEqual(['ValidatePayment', 'IsPaymentValid', 'ChargeCard', 'ChargeOutcome', 'RecordDonation', 'EmitDonationCompleted', 'SaveCardAndSchedule', 'PaymentCompleted']);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
    expect(world.recorded).toEqual([{ trackingNumber, chargeId: 'ch_1' }]);
    expect(world.inputs.ChargeCard).toEqual([{ trackingNumber, outcome: 'valid', chargeAttempts: 0 }]);
    expect(result.output).toEqual({ trackingNumber });
  });

  it("decline: fails the payment with the gateway's message and ends in PaymentFailed", async () => {
    const world = payment({ charges: [{ outcome: 'declined', message: 'Your card was declined.' }] });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed', cause: 'The payment was declined or could not be charged.' });
    expect(result.path).toEqual(['ValidatePayment', 'IsPaymentValid', 'ChargeCard', 'ChargeOutcome', 'ReleaseVoucher', 'FailPayment', 'PaymentFailed']);
    expect(world.failed).toEqual([{ outcome: 'declined', message: 'Your card was declined.' }]);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, ReleaseVoucher: 1, FailPayment: 1 }));
  });

  it('transient error then success: GatewayUnavailable twice is retried in place, one donation recorded', async () => {
    const world = payment({ charges: [unavailable(), unavailable(), approved] });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 3, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
    expect(result.path.filter((state) => state === 'ChargeCard')).toHaveLength(1);
    expect(world.recorded).toEqual([{ trackingNumber, chargeId: 'ch_1' }]);
    expect(result.history.filter((event) => event.type === 'TaskFailed').map((event) => (event.taskFailedEventDetails as { error: string }).error)).toEqual([
      'GatewayUnavailable',
      'GatewayUnavailable',
    ]);
  });

  it('lost reply: GatewayTimeout is reconciled, the approved charge is recorded, and the card is charged only once', async () => {
    const world = payment({ charges: [{ lostReply: { outcome: 'approved', chargeId: 'ch_lost_reply' } }] });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path).toEqual([
      'ValidatePayment',
      'IsPaymentValid',
      'ChargeCard',
      'ReconcileCharge',
      'ChargeOutcome',
      'RecordDonation',
      'EmitDonationCompleted',
      'SaveCardAndSchedule',
      'PaymentCompleted',
    ]);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, ReconcileCharge: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
    expect(world.recorded).toEqual([{ trackingNumber, chargeId: 'ch_lost_reply' }]);
    const reconcileInput = world.inputs.ReconcileCharge[0] as ChargeState;
    expect(reconcileInput.chargeError?.Error).toBe('GatewayTimeout');
    expect(JSON.parse(reconcileInput.chargeError?.Cause ?? '')).toMatchObject({ errorType: 'GatewayTimeout', errorMessage: 'card gateway did not answer within 10000 ms' });
  });

  it('reconcile finds no charge: charges again, and the second attempt is approved', async () => {
    const world = payment({ charges: [timeout(), approved] });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 2, ReconcileCharge: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
    expect(world.inputs.ChargeCard[1]).toEqual({ trackingNumber, chargeAttempts: 1, outcome: 'notCharged' });
    expect(world.recorded).toHaveLength(1);
  });

  it('charge attempts are bounded: after 3 unanswered charges the payment fails as not charged', async () => {
    const world = payment({ charges: [timeout()] });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 3, ReconcileCharge: 3, ReleaseVoucher: 1, FailPayment: 1 }));
    expect(world.inputs.FailPayment).toEqual([{ trackingNumber, chargeAttempts: 3, outcome: 'notCharged' }]);
    expect(world.recorded).toEqual([]);
  });

  it('a gateway down throughout: each attempt is retried 3 times, reconciled, and the payment fails after 3 attempts', async () => {
    const world = payment({ charges: [unavailable()] });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 12, ReconcileCharge: 3, ReleaseVoucher: 1, FailPayment: 1 }));
    expect(world.failed).toEqual([{ outcome: 'notCharged', message: undefined }]);
  });

  it('the gateway cannot be asked: reconciliation is retried, then the execution ends ReconciliationPending without failing the payment', async () => {
    const world = payment({
      charges: [timeout()],
      reconcile: () => {
        throw unavailable();
      },
    });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'ReconciliationPending' });
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, ReconcileCharge: 7 }));
    expect(result.path.at(-1)).toBe('ReconciliationPending');
  });

  it('invalid payment: fails with the validation message and never charges', async () => {
    const world = payment({ validate: { trackingNumber, outcome: 'invalid', message: 'Invalid Amount!' } });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.path).toEqual(['ValidatePayment', 'IsPaymentValid', 'FailPayment', 'PaymentFailed']);
    expect(world.failed).toEqual([{ outcome: 'invalid', message: 'Invalid Amount!' }]);
    expect(result.taskRuns.ChargeCard).toBe(0);
  });

  it('already completed: succeeds without charging or recording again', async () => {
    const world = payment({ validate: { trackingNumber, outcome: 'alreadyCompleted' } });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path).toEqual(['ValidatePayment', 'IsPaymentValid', 'PaymentCompleted']);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1 }));
  });

  it('a failed DonationCompleted publish is retried; the donation is recorded once', async () => {
    const world = payment({ emitFailures: 2 });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 1, EmitDonationCompleted: 3, SaveCardAndSchedule: 1 }));
    expect(world.recorded).toHaveLength(1);
  });

  it("a member's follow-up (saved card, monthly schedule) retries a gateway outage in place, then succeeds", async () => {
    const world = payment({ followUp: (call) => (call <= 2 ? unavailable() : undefined) });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 3 }));
  });

  it('a follow-up that keeps failing ends CardOrScheduleNotSaved, after the donation was recorded and announced once', async () => {
    const world = payment({ followUp: () => timeout() });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'CardOrScheduleNotSaved' });
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 6 }));
    expect(world.recorded).toHaveLength(1);
    expect(world.failed).toEqual([]);
  });
});

describe('payment workflow: gift vouchers', () => {
  const voucherPayment = { trackingNumber, outcome: 'valid', chargeAttempts: 0, paymentType: 'VOUCHER' } as const;
  const redeemed = (voucherCents: number, cardCents: number): RedeemOutcome => ({ trackingNumber, outcome: 'redeemed', chargeAttempts: 0, voucherCents, cardCents });

  it('a voucher covering the total: redeems, records without charging, emits', async () => {
    const world = payment({ validate: voucherPayment, redeem: () => redeemed(4200, 0) });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path).toEqual([
      'ValidatePayment',
      'IsPaymentValid',
      'RedeemVoucher',
      'VoucherOutcome',
      'RecordDonation',
      'EmitDonationCompleted',
      'SaveCardAndSchedule',
      'PaymentCompleted',
    ]);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, RedeemVoucher: 1, RecordDonation: 1, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
    expect(world.inputs.RecordDonation[0]).not.toHaveProperty('chargeId');
  });

  it('a partial voucher: redeems first, then charges the card for the rest', async () => {
    const world = payment({ validate: voucherPayment, redeem: () => redeemed(1000, 1500) });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path.slice(0, 6)).toEqual(['ValidatePayment', 'IsPaymentValid', 'RedeemVoucher', 'VoucherOutcome', 'ChargeCard', 'ChargeOutcome']);
    expect(world.recorded).toEqual([{ trackingNumber, chargeId: 'ch_1' }]);
    expect(world.inputs.ChargeCard).toEqual([{ trackingNumber, outcome: 'redeemed', chargeAttempts: 0, voucherCents: 1000, cardCents: 1500 }]);
  });

  it('a declined top-up releases the redemption before the payment fails with the decline', async () => {
    const world = payment({ validate: voucherPayment, redeem: () => redeemed(1000, 1500), charges: [{ outcome: 'declined', message: 'Your card was declined.' }] });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.path.slice(-4)).toEqual(['ChargeOutcome', 'ReleaseVoucher', 'FailPayment', 'PaymentFailed']);
    expect(world.failed).toEqual([{ outcome: 'declined', message: 'Your card was declined.' }]);
  });

  it('a refused voucher fails the payment with its message, charging nothing', async () => {
    const world = payment({ validate: voucherPayment, redeem: () => ({ trackingNumber, outcome: 'refused', message: 'This gift voucher has expired.' }) });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.path).toEqual(['ValidatePayment', 'IsPaymentValid', 'RedeemVoucher', 'VoucherOutcome', 'FailPayment', 'PaymentFailed']);
    expect(world.failed).toEqual([{ outcome: 'refused', message: 'This gift voucher has expired.' }]);
    expect(result.taskRuns.ChargeCard).toBe(0);
  });

  it('a redemption that keeps failing is released (it may have been written) and the payment fails', async () => {
    const world = payment({
      validate: voucherPayment,
      redeem: () => {
        throw new Error('TransactWriteItems failed: InternalServerError');
      },
    });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, RedeemVoucher: 3, ReleaseVoucher: 1, FailPayment: 1 }));
    expect(result.taskRuns.ChargeCard).toBe(0);
  });
});

describe('payment workflow: compensation after the charge', () => {
  it('recording that keeps failing: retried, then the charge is refunded, the voucher released, and the payment fails with the refund message', async () => {
    const world = payment({ recordFailures: Infinity });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'PaymentFailed' });
    expect(result.path).toEqual([
      'ValidatePayment',
      'IsPaymentValid',
      'ChargeCard',
      'ChargeOutcome',
      'RecordDonation',
      'RefundCharge',
      'RefundOutcome',
      'ReleaseVoucher',
      'FailPayment',
      'PaymentFailed',
    ]);
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 4, RefundCharge: 1, ReleaseVoucher: 1, FailPayment: 1 }));
    // The refund knows which charge to refund.
    expect(world.inputs.RefundCharge[0]).toMatchObject({ trackingNumber, chargeId: 'ch_1', recordError: { Error: 'Error' } });
    expect(world.failed).toEqual([{ outcome: 'refunded', message: RECORDING_FAILED_REFUNDED }]);
  });

  it('recording that fails once is retried in place: no refund', async () => {
    const world = payment({ recordFailures: 1 });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.taskRuns).toEqual(runs({ ValidatePayment: 1, ChargeCard: 1, RecordDonation: 2, EmitDonationCompleted: 1, SaveCardAndSchedule: 1 }));
  });

  it('a donation that was recorded after all is not refunded: the workflow carries on to emit it', async () => {
    const world = payment({ recordFailures: Infinity, refund: () => ({ trackingNumber, outcome: 'recorded' }) });

    const result = await world.run();

    expect(result.status).toBe('SUCCEEDED');
    expect(result.path.slice(4)).toEqual(['RecordDonation', 'RefundCharge', 'RefundOutcome', 'EmitDonationCompleted', 'SaveCardAndSchedule', 'PaymentCompleted']);
    expect(result.taskRuns.FailPayment).toBe(0);
  });

  it('a refund that keeps failing ends CompensationPending, leaving the payment to the reconciliation job', async () => {
    const world = payment({
      recordFailures: Infinity,
      refund: () => {
        throw new TaskError('GatewayUnavailable', 'refund: gateway answered 503');
      },
    });

    const result = await world.run();

    expect(result).toMatchObject({ status: 'FAILED', error: 'CompensationPending' });
    expect(result.taskRuns).toMatchObject({ RefundCharge: 6, FailPayment: 0, ReleaseVoucher: 0 });
  });
});
