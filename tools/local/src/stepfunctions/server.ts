import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { logger } from '@giving/shared/lambda/logger';
import { functionId, workflowName, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import { ACCOUNT_ID, REGION, REPO_ROOT, stateMachineArn } from '../config';
import { AwsError, awsJsonHandler, epochSeconds, listen, type LocalRoute } from '../eventbridge/aws-json';
import { closeServer } from '../runtime/http-server';
import { invokeHandler } from '../runtime/handlers';
import {
  compileDefinition,
  loadDefinition,
  localFunctionArn,
  startWorkflow,
  taskStates,
  type ExecutionStatus,
  type HistoryEvent,
  type StateMachineDefinition,
  type TaskHandler,
} from './runner';

/** Runs a manifest task handler with the state's Payload and returns its result. */
export type TaskInvoker = (service: ServiceName, handler: string, payload: unknown) => Promise<unknown>;

export interface ExecutionDescription {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

export interface RunningStepFunctions {
  url: string;
  port: number;
  stateMachines: readonly { arn: string; name: string; service: ServiceName; workflow: string }[];
  /** Resolves when the execution has ended (for in-process tests and tools). */
  settled(executionArn: string): Promise<ExecutionDescription>;
  stop(): Promise<void>;
}

interface StateMachineEntry {
  arn: string;
  name: string;
  service: ServiceName;
  workflow: string;
  definition: StateMachineDefinition;
  machine: ReturnType<typeof compileDefinition>;
  handlers: Record<string, TaskHandler>;
  createdAt: Date;
}

interface Execution extends ExecutionDescription {
  history: HistoryEvent[];
  abort?: (error?: string, cause?: string) => void;
  done: Promise<void>;
}

const MAX_KEPT_EXECUTIONS = 5000;
/** AWS's rule for execution names: 1-80 characters, no whitespace, brackets, wildcards, these symbols or control characters. */
const validName = (name: string) =>
  name.length >= 1 &&
  name.length <= 80 &&
  !/[\s<>{}[\]?*"#%\\^|~`$&,;:/]/.test(name) &&
  ![...name].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
const log = logger.child({ component: 'stepfunctions' });

/** Lambda's way: import the handler and call it with a context carrying the function's timeout. */

/**
 * Step Functions for the manifests' workflows: StartExecution, DescribeExecution, StopExecution, ListExecutions,
 * GetExecutionHistory, DescribeStateMachine and ListStateMachines over the AWS JSON 1.0 protocol. Each state machine
 * is the service's ASL file with `${StateName}` filled with function ARNs, run by aws-local-stepfunctions; its Task
 * states invoke the manifest's handlers as lambda:invoke would. At most maxConcurrentExecutions run at once; the rest
 * wait their turn, RUNNING as far as callers can see, so a burst of StartExecution calls answers at once.
 */
export async function startStepFunctions(options: {
  port: number;
  manifests: readonly ServiceManifest[];
  /** Default: import the handler in this process (runtime/handlers.ts). */
  invoke?: TaskInvoker;
  maxConcurrentExecutions?: number;
  /** Scales every Retry interval; see RunOptions.retryIntervalScale. */
  retryIntervalScale?: number;
  hostname?: string;
  /** Told when the benchmark holds or releases the workflows (the platform holds the table streams' readers too). */
  onHold?: (held: boolean) => void;
}): Promise<RunningStepFunctions> {
  const maxConcurrent = options.maxConcurrentExecutions ?? 10;
  const machines = new Map<string, StateMachineEntry>();
  for (const manifest of options.manifests) {
    for (const workflow of manifest.workflows) {
      const entry = stateMachine(manifest.service, workflow, options.invoke);
      machines.set(entry.arn, entry);
    }
  }
  const executions = new Map<string, Execution>();
  const waiting: (() => void)[] = [];
  let runningCount = 0;
  let stopped = false;
  // Held (POST /_local/hold, for the benchmark): new executions are accepted and wait until released.
  let held = false;

  const runExecution = async (entry: StateMachineEntry, execution: Execution, input: unknown) => {
    const run = startWorkflow(entry.machine, entry.definition, input, entry.handlers, {
      retryIntervalScale: options.retryIntervalScale,
      context: { executionArn: execution.executionArn, executionName: execution.name, stateMachineArn: entry.arn, stateMachineName: entry.name },
    });
    execution.history = run.history;
    let stopReason: { error?: string; cause?: string } | undefined;
    execution.abort = (error, cause) => {
      stopReason = { error, cause };
      run.abort();
    };
    const result = await run.result;
    execution.status = result.status;
    execution.stopDate = new Date();
    if (result.status === 'SUCCEEDED') execution.output = JSON.stringify(result.output ?? null);
    const error = result.status === 'ABORTED' ? stopReason?.error : result.error;
    const cause = result.status === 'ABORTED' ? stopReason?.cause : result.cause;
    if (error !== undefined) execution.error = error;
    if (cause !== undefined) execution.cause = cause;
    log.info('execution ended', { executionArn: execution.executionArn, status: result.status, error: execution.error });
  };

  /** Starts waiting executions while there is room; one stopped while it waited is skipped. */
  const pump = () => {
    while (!held && runningCount < maxConcurrent && waiting.length > 0) waiting.shift()?.();
  };

  const schedule = (entry: StateMachineEntry, execution: Execution, input: unknown) =>
    new Promise<void>((resolve) => {
      execution.abort = (error, cause) => {
        execution.status = 'ABORTED';
        execution.stopDate = new Date();
        if (error !== undefined) execution.error = error;
        if (cause !== undefined) execution.cause = cause;
        resolve();
      };
      waiting.push(() => {
        if (execution.status !== 'RUNNING') return;
        runningCount++;
        runExecution(entry, execution, input)
          .catch((error: unknown) => {
            execution.status = 'FAILED';
            execution.stopDate = new Date();
            execution.error = 'States.Runtime';
            execution.cause = error instanceof Error ? error.message : String(error);
          })
          .finally(() => {
            runningCount--;
            resolve();
            pump();
          });
      });
      pump();
    });

  const machineOf = (arn: unknown) => {
    const text = requireString(arn, 'stateMachineArn');
    if (!/^arn:aws:states:[^:]+:\d{12}:stateMachine:[^:]+$/.test(text)) throw new AwsError('InvalidArn', `Invalid Arn: '${text}'`);
    const entry = machines.get(text);
    if (!entry) throw new AwsError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${text}'`);
    return entry;
  };

  const executionOf = (arn: unknown) => {
    const text = requireString(arn, 'executionArn');
    if (!/^arn:aws:states:[^:]+:\d{12}:execution:[^:]+:[^:]+$/.test(text)) throw new AwsError('InvalidArn', `Invalid Arn: '${text}'`);
    const execution = executions.get(text);
    if (!execution) throw new AwsError('ExecutionDoesNotExist', `Execution Does Not Exist: '${text}'`);
    return execution;
  };

  const startExecution = (input: Record<string, unknown>) => {
    if (stopped) throw new AwsError('ServiceUnavailable', 'The local Step Functions is stopping', 503);
    const entry = machineOf(input.stateMachineArn);
    const name = input.name === undefined ? randomUUID() : requireString(input.name, 'name');
    if (!validName(name)) throw new AwsError('InvalidName', `Invalid Name: '${name}'`);
    const inputText = input.input === undefined ? '{}' : requireString(input.input, 'input');
    let parsed: unknown;
    try {
      parsed = JSON.parse(inputText);
    } catch (error) {
      throw new AwsError('InvalidExecutionInput', `Invalid State Machine Execution Input: '${(error as Error).message}'`);
    }
    const executionArn = `arn:aws:states:${REGION}:${ACCOUNT_ID}:execution:${entry.name}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      // AWS: the same name and input while it runs is the same start; anything else is a conflict.
      if (existing.status === 'RUNNING' && existing.input === inputText) {
        return { executionArn, startDate: epochSeconds(existing.startDate) };
      }
      throw new AwsError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const execution: Execution = {
      executionArn,
      stateMachineArn: entry.arn,
      name,
      status: 'RUNNING',
      startDate: new Date(),
      input: inputText,
      history: [],
      done: Promise.resolve(),
    };
    executions.set(executionArn, execution);
    forgetOldExecutions(executions);
    execution.done = schedule(entry, execution, parsed);
    return { executionArn, startDate: epochSeconds(execution.startDate) };
  };

  const describeExecution = (input: Record<string, unknown>) => {
    const execution = executionOf(input.executionArn);
    return {
      ...summary(execution),
      input: execution.input,
      inputDetails: { included: true },
      ...(execution.output !== undefined ? { output: execution.output, outputDetails: { included: true } } : {}),
      ...(execution.error !== undefined ? { error: execution.error } : {}),
      ...(execution.cause !== undefined ? { cause: execution.cause } : {}),
    };
  };

  const stopExecution = (input: Record<string, unknown>) => {
    const execution = executionOf(input.executionArn);
    if (execution.status === 'RUNNING') {
      execution.abort?.(optionalString(input.error, 'error'), optionalString(input.cause, 'cause'));
    }
    return { stopDate: epochSeconds(execution.stopDate ?? new Date()) };
  };

  const listExecutions = (input: Record<string, unknown>) => {
    const entry = machineOf(input.stateMachineArn);
    const status = optionalString(input.statusFilter, 'statusFilter');
    const all = [...executions.values()]
      .filter((execution) => execution.stateMachineArn === entry.arn && (status === undefined || execution.status === status))
      .reverse();
    return page(all.map(summary), input, 'executions');
  };

  const getExecutionHistory = (input: Record<string, unknown>) => {
    const execution = executionOf(input.executionArn);
    const includeData = input.includeExecutionData !== false;
    const events = execution.history.map((event) => ({ ...(includeData ? event : withoutData(event)), timestamp: epochSeconds(event.timestamp) }));
    return page(input.reverseOrder === true ? events.reverse() : events, input, 'events');
  };

  const describeStateMachine = (input: Record<string, unknown>) => {
    const entry = machineOf(input.stateMachineArn);
    return {
      stateMachineArn: entry.arn,
      name: entry.name,
      status: 'ACTIVE',
      definition: JSON.stringify(entry.definition),
      roleArn: `arn:aws:iam::${ACCOUNT_ID}:role/${entry.name}`,
      type: 'STANDARD',
      creationDate: epochSeconds(entry.createdAt),
    };
  };

  const listStateMachines = (input: Record<string, unknown>) =>
    page(
      [...machines.values()].map((entry) => ({ stateMachineArn: entry.arn, name: entry.name, type: 'STANDARD', creationDate: epochSeconds(entry.createdAt) })),
      input,
      'stateMachines',
    );

  /**
   * POST /_local/hold and /_local/release: `npm run bench` holds the workflows while it measures the request path, so
   * on one small machine the workflows' work does not take the time of the requests it would not share in AWS; once
   * released, the waiting executions run as usual.
   */
  const localRoutes: LocalRoute = (req, res, url) => {
    if (url.pathname !== '/_local/hold' && url.pathname !== '/_local/release') return false;
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return true;
    }
    held = url.pathname === '/_local/hold';
    options.onHold?.(held);
    pump();
    res.writeHead(204).end();
    return true;
  };

  const { server, port, url } = await listen(
    awsJsonHandler({
      protocol: '1.0',
      targetPrefix: 'AWSStepFunctions',
      localRoutes,
      operations: {
        StartExecution: startExecution,
        DescribeExecution: describeExecution,
        StopExecution: stopExecution,
        ListExecutions: listExecutions,
        GetExecutionHistory: getExecutionHistory,
        DescribeStateMachine: describeStateMachine,
        ListStateMachines: listStateMachines,
      },
    }),
    options.port,
    options.hostname,
  );
  log.info('step functions listening', { url, stateMachines: [...machines.keys()] });

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    stateMachines: [...machines.values()].map(({ arn, name, service, workflow }) => ({ arn, name, service, workflow })),
    async settled(executionArn) {
      const execution = executions.get(executionArn);
      if (!execution) throw new Error(`no execution ${executionArn}`);
      await execution.done;
      const { history: _history, abort: _abort, done: _done, ...description } = execution;
      return description;
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        await closeServer(server);
        const running = [...executions.values()].filter((execution) => execution.status === 'RUNNING');
        for (const execution of running) execution.abort?.('States.Aborted', 'The local platform stopped');
        waiting.splice(0);
        await Promise.all(running.map((execution) => execution.done));
      })();
      return stopping;
    },
  };
}

/** One manifest workflow as a state machine; fails at startup when the ASL and the manifest's task map disagree. */
function stateMachine(service: ServiceName, workflow: ServiceManifest['workflows'][number], invoke: TaskInvoker | undefined): StateMachineEntry {
  const file = path.join(REPO_ROOT, 'services', service, workflow.definition);
  const substitutions = Object.fromEntries(
    Object.entries(workflow.tasks).map(([state, task]) => [state, localFunctionArn(functionId(service, task.handler))]),
  );
  let definition: StateMachineDefinition;
  try {
    definition = loadDefinition(file, substitutions);
  } catch (error) {
    throw new Error(`services/${service} workflow ${workflow.name}: ${(error as Error).message}`);
  }
  const states = [...taskStates(definition).keys()];
  const unmapped = states.filter((state) => !workflow.tasks[state]);
  const unknown = Object.keys(workflow.tasks).filter((state) => !states.includes(state));
  if (unmapped.length || unknown.length) {
    throw new Error(
      `services/${service} workflow ${workflow.name}: ${[
        unmapped.length ? `Task states without a manifest task: ${unmapped.join(', ')}` : '',
        unknown.length ? `manifest tasks with no Task state: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  }
  const handlers = Object.fromEntries(
    Object.entries(workflow.tasks).map(([state, task]): [string, TaskHandler] => [
      state,
      (payload) => (invoke ? invoke(service, task.handler, payload) : invokeHandler(service, task.handler, payload, task.timeoutSeconds)),
    ]),
  );
  return {
    arn: stateMachineArn(service, workflow.name),
    name: workflowName(service, workflow.name),
    service,
    workflow: workflow.name,
    definition,
    machine: compileDefinition(definition),
    handlers,
    createdAt: new Date(),
  };
}

function summary(execution: Execution) {
  return {
    executionArn: execution.executionArn,
    stateMachineArn: execution.stateMachineArn,
    name: execution.name,
    status: execution.status,
    startDate: epochSeconds(execution.startDate),
    ...(execution.stopDate ? { stopDate: epochSeconds(execution.stopDate) } : {}),
  };
}

/** maxResults/nextToken paging, the token being an offset. */
function page<T>(items: T[], input: Record<string, unknown>, key: string) {
  const max = input.maxResults === undefined || input.maxResults === 0 ? 100 : Number(input.maxResults);
  if (!Number.isInteger(max) || max < 0 || max > 1000) throw new AwsError('ValidationException', 'maxResults must be between 0 and 1000');
  const start = input.nextToken === undefined ? 0 : Number(Buffer.from(String(input.nextToken), 'base64url').toString());
  if (!Number.isInteger(start) || start < 0) throw new AwsError('InvalidToken', 'Invalid Token');
  const slice = items.slice(start, start + max);
  const next = start + max < items.length ? Buffer.from(String(start + max)).toString('base64url') : undefined;
  return { [key]: slice, ...(next ? { nextToken: next } : {}) };
}

function withoutData(event: HistoryEvent): HistoryEvent {
  const copy: HistoryEvent = { ...event };
  for (const [key, value] of Object.entries(copy)) {
    if (key.endsWith('EventDetails') && typeof value === 'object' && value !== null) {
      const { input: _input, output: _output, ...rest } = value as Record<string, unknown>;
      copy[key] = rest;
    }
  }
  return copy;
}

function forgetOldExecutions(executions: Map<string, Execution>) {
  if (executions.size <= MAX_KEPT_EXECUTIONS) return;
  for (const [arn, execution] of executions) {
    if (executions.size <= MAX_KEPT_EXECUTIONS) return;
    if (execution.status !== 'RUNNING') executions.delete(arn);
  }
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw new AwsError('ValidationException', `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must not be null`);
  return value;
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new AwsError('ValidationException', `${field} must be a string`);
  return value;
}
