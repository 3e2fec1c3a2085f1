import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TaskError } from '@giving/shared/lambda/task';
import { runWorkflow, type TaskHandler } from '../../../tools/local/src/stepfunctions/runner';

/**
 * Scenario tests of the refund state machine's routing: the real refund.asl.json run by aws-local-stepfunctions, with
 * task handlers scripted per scenario (the steps themselves are domain/refunds.ts, tested against DynamoDB Local and
 * end to end in tests/acceptance/back-office-payments.suite.ts). Retries wait 0 ms.
 */
const definition = fileURLToPath(new URL('./refund.asl.json', import.meta.url));
const input = { refundId: 'R1', donationId: 'D1' };

function tasks(card: () => unknown) {
  const ran: string[] = [];
  const step =
    (name: string, answer: () => unknown = () => input): TaskHandler =>
    async (given) => {
      ran.push(name);
      expect(given).toMatchObject(input);
      return answer();
    };
  return {
    ran,
    handlers: {
      RefundCard: step('RefundCard', card),
      ReturnToVoucher: step('ReturnToVoucher'),
      RecordRefund: step('RecordRefund'),
      EmitDonationRefunded: step('EmitDonationRefunded'),
      FailRefund: step('FailRefund'),
    },
  };
}

describe('the refund workflow', () => {
  it('pays the card back, returns the voucher part, records the refund, then announces it', async () => {
    const { ran, handlers } = tasks(() => input);
    const result = await runWorkflow(definition, input, handlers, { retryIntervalScale: 0 });
    expect(result.status).toBe('SUCCEEDED');
    expect(ran).toEqual(['RefundCard', 'ReturnToVoucher', 'RecordRefund', 'EmitDonationRefunded']);
  });

  it('retries a gateway that is down (the same refund key: never twice), then carries on', async () => {
    let calls = 0;
    const { ran, handlers } = tasks(() => {
      if (calls++ < 2) throw new TaskError('GatewayUnavailable', 'card gateway answered 503');
      return input;
    });
    const result = await runWorkflow(definition, input, handlers, { retryIntervalScale: 0 });
    expect(result.status).toBe('SUCCEEDED');
    expect(ran.filter((name) => name === 'RefundCard')).toHaveLength(3);
  });

  it('a refund the gateway refuses fails the refund (releasing it) and gives nothing back anywhere else', async () => {
    const { ran, handlers } = tasks(() => {
      throw new TaskError('GatewayRefused', 'refund: gateway answered 400');
    });
    const result = await runWorkflow(definition, input, handlers, { retryIntervalScale: 0 });
    expect(result).toMatchObject({ status: 'FAILED', error: 'RefundRefused' });
    expect(ran).toEqual(['RefundCard', 'FailRefund']);
  });

  it('a step that keeps failing leaves the refund pending (reserved), never half recorded', async () => {
    const { ran, handlers } = tasks(() => input);
    handlers.ReturnToVoucher = async () => {
      ran.push('ReturnToVoucher');
      throw new Error('DynamoDB unavailable');
    };
    const result = await runWorkflow(definition, input, handlers, { retryIntervalScale: 0 });
    expect(result).toMatchObject({ status: 'FAILED', error: 'RefundPending' });
    expect(ran).not.toContain('RecordRefund');
    expect(ran).not.toContain('FailRefund');
  });
});
