import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  GetExecutionHistoryCommand,
  InvalidExecutionInput,
  InvalidName,
  ListExecutionsCommand,
  ListStateMachinesCommand,
  SFNClient,
  StartExecutionCommand,
  StateMachineDoesNotExist,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineService } from '@giving/shared/manifest';
import { TaskError } from '@giving/shared/lambda/task';
import { manifests } from '../../../../services';
import { stepFunctionsPaymentWorkflow } from '../../../../services/donations/adapters/sfn-payment-workflow';
import { REGION, applyHandlerEnvironment, stateMachineArn } from '../config';
import { startStepFunctions, type RunningStepFunctions, type TaskInvoker } from './server';

/**
 * The Step Functions stand-in over HTTP with the AWS SDK, running the real payment state machine from the donations
 * manifest. Task handlers are fakes keyed by the manifest's handler names; trackingNumber scripts their answers.
 */
const paymentArn = stateMachineArn('donations', 'payment');
const gates = new Map<string, Promise<void>>();
const flaky = new Map<string, number>();
let inFlight = 0;
let maxInFlight = 0;

const invoke: TaskInvoker = async (_service, handler, payload) => {
  const { trackingNumber, chargeAttempts = 0 } = payload as { trackingNumber: string; chargeAttempts?: number };
  switch (handler) {
    case 'handlers/payment-tasks#validate':
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await gates.get(trackingNumber);
      } finally {
        inFlight--;
      }
      return { trackingNumber, outcome: 'valid', chargeAttempts: 0 };
    case 'handlers/payment-tasks#charge':
      if (trackingNumber.startsWith('decline')) return { trackingNumber, chargeAttempts: chargeAttempts + 1, outcome: 'declined', message: 'Your card was declined.' };
      if (trackingNumber.startsWith('flaky')) {
        const flakes = (flaky.get(trackingNumber) ?? 0) + 1;
        flaky.set(trackingNumber, flakes);
        if (flakes <= 2) throw new TaskError('GatewayUnavailable', 'card gateway answered 503');
      }
      return { trackingNumber, chargeAttempts: chargeAttempts + 1, outcome: 'approved', chargeId: `ch_${trackingNumber}` };
    case 'handlers/payment-tasks#fail':
    case 'handlers/payment-tasks#record':
    case 'handlers/payment-tasks#emit':
    case 'handlers/payment-tasks#saveCardAndSchedule':
    case 'handlers/payment-tasks#release':
      return { trackingNumber };
    default:
      throw new Error(`unexpected task ${handler}`);
  }
};
let sfn: RunningStepFunctions;
let client: SFNClient;

beforeAll(async () => {
  sfn = await startStepFunctions({ port: 0, manifests, invoke, maxConcurrentExecutions: 2, retryIntervalScale: 0 });
  client = new SFNClient({ endpoint: sfn.url, region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});

afterAll(async () => {
  client.destroy();
  await sfn.stop();
});

const start = (name: string, input: unknown = { trackingNumber: name }) =>
  client.send(new StartExecutionCommand({ stateMachineArn: paymentArn, name, input: JSON.stringify(input) }));
const describeExecution = (executionArn: string) => client.send(new DescribeExecutionCommand({ executionArn }));

function gate(trackingNumber: string) {
  let open: () => void = () => undefined;
  gates.set(trackingNumber, new Promise<void>((resolve) => (open = resolve)));
  return () => open();
}

describe('StartExecution and DescribeExecution', () => {
  it('runs the payment state machine to SUCCEEDED and describes it as AWS does', async () => {
    const { executionArn, startDate } = await start('approve-1');

    expect(executionArn).toBe(`arn:aws:states:${REGION}:000000000000:execution:giving-donations-payment:approve-1`);
    expect(startDate).toBeInstanceOf(Date);
    await sfn.settled(executionArn ?? '');
    const described = await describeExecution(executionArn ?? '');
    expect(described).toMatchObject({
      executionArn,
      stateMachineArn: paymentArn,
      name: 'approve-1',
      status: 'SUCCEEDED',
      input: '{"trackingNumber":"approve-1"}',
      output: '{"trackingNumber":"approve-1"}',
    });
    expect(described.stopDate?.getTime()).toBeGreaterThanOrEqual(startDate?.getTime() ?? Infinity);
  });

  it('reports a failed execution with the Fail state error and cause', async () => {
    const { executionArn = '' } = await start('decline-1');

    await sfn.settled(executionArn);

    expect(await describeExecution(executionArn)).toMatchObject({
      status: 'FAILED',
      error: 'PaymentFailed',
      cause: 'The payment was declined or could not be charged.',
    });
  });

  it('retries a transient task error (intervals scaled to 0) and succeeds', async () => {
    const { executionArn = '' } = await start('flaky-1');

    await sfn.settled(executionArn);

    expect((await describeExecution(executionArn)).status).toBe('SUCCEEDED');
    expect(flaky.get('flaky-1')).toBe(3);
  });

  it('names an unknown execution ExecutionDoesNotExist', async () => {
    const executionArn = `arn:aws:states:${REGION}:000000000000:execution:giving-donations-payment:nobody`;

    await expect(describeExecution(executionArn)).rejects.toBeInstanceOf(ExecutionDoesNotExist);
  });

  it('refuses an unknown state machine, a malformed input and a bad name with their AWS errors', async () => {
    await expect(
      client.send(new StartExecutionCommand({ stateMachineArn: stateMachineArn('donations', 'nothing'), input: '{}' })),
    ).rejects.toBeInstanceOf(StateMachineDoesNotExist);
    await expect(client.send(new StartExecutionCommand({ stateMachineArn: paymentArn, input: '{trackingNumber' }))).rejects.toBeInstanceOf(
      InvalidExecutionInput,
    );
    await expect(client.send(new StartExecutionCommand({ stateMachineArn: paymentArn, name: 'has space', input: '{}' }))).rejects.toBeInstanceOf(
      InvalidName,
    );
  });
});

describe('execution names', () => {
  it('the same name and input while running returns the original execution', async () => {
    const open = gate('same-1');
    const first = await start('same-1');

    const again = await start('same-1');

    expect(again.executionArn).toBe(first.executionArn);
    expect(again.startDate?.getTime()).toBe(first.startDate?.getTime());
    open();
    await sfn.settled(first.executionArn ?? '');
  });

  it('the same name with another input, or after the execution ended, is ExecutionAlreadyExists', async () => {
    const open = gate('same-2');
    const first = await start('same-2');

    await expect(start('same-2', { trackingNumber: 'same-2', other: true })).rejects.toBeInstanceOf(ExecutionAlreadyExists);
    open();
    await sfn.settled(first.executionArn ?? '');
    await expect(start('same-2')).rejects.toBeInstanceOf(ExecutionAlreadyExists);
  });

  it('the donations adapter reaches it through AWS_ENDPOINT_URL_SFN and may start the same payment twice', async () => {
    process.env.AWS_ENDPOINT_URL_SFN = sfn.url;
    applyHandlerEnvironment();
    const workflow = stepFunctionsPaymentWorkflow(new SFNClient({}), paymentArn);

    await workflow.start('adapter-1');
    await workflow.start('adapter-1');

    const arn = `arn:aws:states:${REGION}:000000000000:execution:giving-donations-payment:adapter-1`;
    await sfn.settled(arn);
    expect((await describeExecution(arn)).status).toBe('SUCCEEDED');
  });
});

describe('bounded concurrency', () => {
  it('answers a burst of starts at once, runs at most maxConcurrentExecutions, and finishes them all', async () => {
    const names = ['burst-1', 'burst-2', 'burst-3', 'burst-4', 'burst-5'];
    const opens = names.map(gate);
    maxInFlight = 0;

    const started = Date.now();
    const executions = await Promise.all(names.map((name) => start(name)));
    expect(Date.now() - started).toBeLessThan(1000);

    await new Promise((resolve) => setTimeout(resolve, 100));
    const statuses = await Promise.all(executions.map(({ executionArn }) => describeExecution(executionArn ?? '')));
    expect(statuses.map((s) => s.status)).toEqual(names.map(() => 'RUNNING'));
    expect(inFlight).toBe(2);
    opens.forEach((open) => open());
    await Promise.all(executions.map(({ executionArn }) => sfn.settled(executionArn ?? '')));
    expect(maxInFlight).toBe(2);
    const done = await Promise.all(executions.map(({ executionArn }) => describeExecution(executionArn ?? '')));
    expect(done.map((s) => s.status)).toEqual(names.map(() => 'SUCCEEDED'));
  });
});

describe('StopExecution, ListExecutions, GetExecutionHistory, ListStateMachines', () => {
  it('stops a running execution as ABORTED with the given error and cause', async () => {
    gate('stop-1');
    const { executionArn = '' } = await start('stop-1');

    await client.send(new StopExecutionCommand({ executionArn, error: 'Cancelled', cause: 'The donor cancelled' }));
    await sfn.settled(executionArn);

    expect(await describeExecution(executionArn)).toMatchObject({ status: 'ABORTED', error: 'Cancelled', cause: 'The donor cancelled' });
  });

  it('lists executions newest first, filtered by status', async () => {
    const { executionArn = '' } = await start('list-1');
    await sfn.settled(executionArn);

    const { executions = [] } = await client.send(new ListExecutionsCommand({ stateMachineArn: paymentArn, statusFilter: 'SUCCEEDED' }));

    expect(executions[0]).toMatchObject({ name: 'list-1', status: 'SUCCEEDED', executionArn });
    expect(executions.every((execution) => execution.status === 'SUCCEEDED')).toBe(true);
    const firstPage = await client.send(new ListExecutionsCommand({ stateMachineArn: paymentArn, maxResults: 1 }));
    expect(firstPage.executions).toHaveLength(1);
    const secondPage = await client.send(new ListExecutionsCommand({ stateMachineArn: paymentArn, maxResults: 1, nextToken: firstPage.nextToken }));
    expect(secondPage.executions?.[0]?.executionArn).not.toBe(firstPage.executions?.[0]?.executionArn);
  });

  it("gives an execution's history in Step Functions event types", async () => {
    const { executionArn = '' } = await start('history-1');
    await sfn.settled(executionArn);

    const { events = [] } = await client.send(new GetExecutionHistoryCommand({ executionArn }));

    const types = events.map((event) => event.type);
    expect(types[0]).toBe('ExecutionStarted');
    expect(types.at(-1)).toBe('ExecutionSucceeded');
    expect(types).toContain('TaskStateEntered');
    expect(types).toContain('ChoiceStateExited');
    expect(events.map((event) => event.stateEnteredEventDetails?.name).filter(Boolean)).toEqual([
      'ValidatePayment',
      'IsPaymentValid',
      'ChargeCard',
      'ChargeOutcome',
      'RecordDonation',
      'EmitDonationCompleted',
      'SaveCardAndSchedule',
      'PaymentCompleted',
    ]);
    expect(events[0]?.timestamp).toBeInstanceOf(Date);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
  });

  it('lists the manifest state machines', async () => {
    const { stateMachines = [] } = await client.send(new ListStateMachinesCommand({}));

    expect(stateMachines.map((machine) => machine.stateMachineArn)).toContain(paymentArn);
  });
});

describe('startup and shutdown', () => {
  it('refuses a manifest whose task map and ASL Task states disagree', async () => {
    const broken = defineService({
      service: 'donations',
      workflows: [
        {
          name: 'payment',
          definition: 'workflows/payment.asl.json',
          tasks: { ValidatePayment: { handler: 'handlers/payment-tasks#validate', access: {} }, Refund: { handler: 'handlers/x', access: {} } },
        },
      ],
    });

    // Every Task state but ValidatePayment lacks a task, and Refund has no state.
    await expect(startStepFunctions({ port: 0, manifests: [broken], invoke })).rejects.toThrow(
      /^services\/donations workflow payment: Task states without a manifest task: (?!.*ValidatePayment).*ChargeCard, ReconcileCharge, RecordDonation, EmitDonationCompleted.*FailPayment; manifest tasks with no Task state: Refund$/,
    );
  });

  it('stop() aborts running and waiting executions and returns promptly', async () => {
    const own = await startStepFunctions({ port: 0, manifests, invoke, maxConcurrentExecutions: 1 });
    const ownClient = new SFNClient({ endpoint: own.url, region: REGION, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    gate('shutdown-1');
    gate('shutdown-2');
    const running = await ownClient.send(new StartExecutionCommand({ stateMachineArn: paymentArn, name: 'shutdown-1', input: '{"trackingNumber":"shutdown-1"}' }));
    const queued = await ownClient.send(new StartExecutionCommand({ stateMachineArn: paymentArn, name: 'shutdown-2', input: '{"trackingNumber":"shutdown-2"}' }));
    ownClient.destroy();

    const started = Date.now();
    await own.stop();

    expect(Date.now() - started).toBeLessThan(1000);
    expect((await own.settled(running.executionArn ?? '')).status).toBe('ABORTED');
    expect((await own.settled(queued.executionArn ?? '')).status).toBe('ABORTED');
  });
});
