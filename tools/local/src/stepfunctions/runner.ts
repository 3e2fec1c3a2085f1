import './polyfill';
import { readFileSync } from 'node:fs';
import { ExecutionAbortedError, ExecutionError, ExecutionTimeoutError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { ACCOUNT_ID, REGION } from '../config';

/**
 * Runs an ASL definition with aws-local-stepfunctions, the same file CDK deploys. Task states call local handlers
 * (keyed by state name) the way their resource would: `arn:aws:states:::lambda:invoke` passes `Payload` in and
 * answers `{ Payload: result }`; a plain Lambda ARN passes the state input and answers the result. A handler's error
 * reaches Retry/Catch under its `name`, with Lambda's JSON error as the cause.
 */
export type TaskHandler = (payload: unknown) => unknown;

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** A Step Functions history event, as GetExecutionHistory returns it. */
export interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: Date;
  type: string;
  [details: string]: unknown;
}

export interface WorkflowResult {
  status: Exclude<ExecutionStatus, 'RUNNING'>;
  output?: unknown;
  error?: string;
  cause?: string;
  /** The states entered, in order. */
  path: string[];
  /** How many times each task state's handler ran, retries included. */
  taskRuns: Record<string, number>;
  history: HistoryEvent[];
}

export interface RunOptions {
  /** Scales every Retry interval (IntervalSeconds × scale, without backoff growth); 0 retries at once. 1 (default) keeps AWS's timing. */
  retryIntervalScale?: number;
  /** Per Wait state, milliseconds to wait instead of its Seconds/Timestamp. */
  waitTimeOverrides?: Record<string, number>;
  /** The context object's Execution and StateMachine fields ($$.Execution.Id and so on). */
  context?: { executionArn?: string; executionName?: string; stateMachineArn?: string; stateMachineName?: string };
}

export interface RunningWorkflow {
  /** Events so far; grows while the execution runs. */
  history: HistoryEvent[];
  result: Promise<WorkflowResult>;
  abort(): void;
}

const LAMBDA_INVOKE = /^arn:aws[a-z-]*:states:::lambda:invoke$/;
const LAMBDA_FUNCTION = /^arn:aws[a-z-]*:lambda:/;

type StateMap = Record<string, Record<string, unknown>>;
type JsonValue = Parameters<StateMachine['run']>[0];

/** Every Task state (Parallel branches and Map processors included), by name. */
export function taskStates(definition: StateMachineDefinition): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  const visit = (states: StateMap) => {
    for (const [name, state] of Object.entries(states)) {
      if (state.Type === 'Task') found.set(name, state);
      const nested = [
        ...((state.Branches as { States: StateMap }[] | undefined) ?? []),
        ...[state.Iterator, state.ItemProcessor].filter(Boolean),
      ] as { States: StateMap }[];
      for (const machine of nested) visit(machine.States);
    }
  };
  visit(definition.States as unknown as StateMap);
  return found;
}

export const localFunctionArn = (name: string) => `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${name}`;

/**
 * Reads an ASL file and fills its `${Name}` substitutions as CDK's definitionSubstitutions would:
 * from `substitutions`, else a Task state's own name becomes a local function ARN. An unknown name is an error.
 */
export function loadDefinition(file: string, substitutions: Record<string, string> = {}): StateMachineDefinition {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as StateMachineDefinition;
  const tasks = taskStates(raw);
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
        const replacement = substitutions[name] ?? (tasks.has(name) ? localFunctionArn(name) : undefined);
        if (replacement === undefined) throw new Error(`${file}: no substitution for \${${name}}`);
        return replacement;
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(raw) as StateMachineDefinition;
}

/** Validates a definition (the library's ASL validator) and checks every Task state has a resource we can run locally. */
export function compileDefinition(definition: StateMachineDefinition): StateMachine {
  for (const [name, state] of taskStates(definition)) {
    const resource = String(state.Resource);
    if (!LAMBDA_INVOKE.test(resource) && !LAMBDA_FUNCTION.test(resource)) {
      throw new Error(`Task state ${name} uses ${resource}; the local runner only runs Lambda tasks (lambda:invoke or a function ARN)`);
    }
  }
  return new StateMachine(definition);
}

/** Starts an execution; the handlers map must cover every Task state. */
export function startWorkflow(
  machine: StateMachine,
  definition: StateMachineDefinition,
  input: unknown,
  handlers: Record<string, TaskHandler>,
  options: RunOptions = {},
): RunningWorkflow {
  const tasks = taskStates(definition);
  const missing = [...tasks.keys()].filter((name) => !handlers[name]);
  // Without a local handler the library would call real AWS Lambda.
  if (missing.length > 0) throw new Error(`no task handler for ${missing.join(', ')}`);
  const taskRuns: Record<string, number> = Object.fromEntries([...tasks.keys()].map((name) => [name, 0]));
  const localHandlers = Object.fromEntries(
    [...tasks].map(([name, state]) => [name, lambdaTask(name, String(state.Resource), handlers[name] as TaskHandler, taskRuns)]),
  );
  const execution = machine.run(toJson(input), {
    overrides: {
      taskResourceLocalHandlers: localHandlers,
      ...(options.retryIntervalScale !== undefined && options.retryIntervalScale !== 1
        ? { retryIntervalOverrides: retryOverrides(definition, options.retryIntervalScale) }
        : {}),
      ...(options.waitTimeOverrides ? { waitTimeOverrides: options.waitTimeOverrides } : {}),
    },
    context: {
      Execution: defined({ Id: options.context?.executionArn, Name: options.context?.executionName }),
      StateMachine: defined({ Id: options.context?.stateMachineArn, Name: options.context?.stateMachineName }),
    },
  });

  const history: HistoryEvent[] = [];
  const path: string[] = [];
  const recorded = (async () => {
    for await (const event of execution.eventLogs) {
      if (event.type === 'StateEntered') path.push(event.state.name);
      const mapped = historyEvent(event);
      if (mapped) {
        const id = history.length + 1;
        history.push({ id, previousEventId: id - 1, timestamp: new Date(event.timestamp), ...mapped });
      }
    }
  })();

  const result = (async (): Promise<WorkflowResult> => {
    let outcome: Omit<WorkflowResult, 'path' | 'taskRuns' | 'history'>;
    try {
      outcome = { status: 'SUCCEEDED', output: await execution.result };
    } catch (error) {
      outcome = failure(error);
    }
    await recorded;
    return { ...outcome, path, taskRuns, history };
  })();

  return { history, result, abort: () => execution.abort() };
}

/** Runs a workflow to its end: for scenario tests of an ASL file with fake task handlers. */
export async function runWorkflow(
  definition: string | StateMachineDefinition,
  input: unknown,
  handlers: Record<string, TaskHandler>,
  options: RunOptions & { substitutions?: Record<string, string> } = {},
): Promise<WorkflowResult> {
  const { machine, loaded } =
    typeof definition === 'string'
      ? compiledFile(definition, options.substitutions)
      : { machine: compileDefinition(definition), loaded: definition };
  return startWorkflow(machine, loaded, input, handlers, options).result;
}

/** Validating a definition takes 100-400 ms (asl-validator); scenario tests run one file many times. */
const compiledFiles = new Map<string, { machine: StateMachine; loaded: StateMachineDefinition }>();

function compiledFile(file: string, substitutions: Record<string, string> = {}) {
  const key = `${file}\n${JSON.stringify(substitutions)}`;
  let compiled = compiledFiles.get(key);
  if (!compiled) {
    const loaded = loadDefinition(file, substitutions);
    compiled = { machine: compileDefinition(loaded), loaded };
    compiledFiles.set(key, compiled);
  }
  return compiled;
}

/** Lambda's error document; Step Functions puts it, as JSON, in the Cause. */
class TaskFailure extends Error {
  constructor(error: unknown) {
    const errorType = error instanceof Error ? error.name : 'Error';
    const errorMessage = error instanceof Error ? error.message : String(error);
    const trace = error instanceof Error ? (error.stack ?? '').split('\n') : [];
    super(JSON.stringify({ errorType, errorMessage, trace }));
    this.name = errorType;
  }
}

function lambdaTask(name: string, resource: string, handler: TaskHandler, runs: Record<string, number>) {
  const invoke = LAMBDA_INVOKE.test(resource);
  return async (input: JsonValue): Promise<JsonValue> => {
    runs[name] = (runs[name] ?? 0) + 1;
    const payload = invoke ? ((input as { Payload?: unknown } | null)?.Payload ?? {}) : input;
    let result: unknown;
    try {
      result = await handler(toJson(payload));
    } catch (error) {
      throw new TaskFailure(error);
    }
    // What crosses Lambda's boundary is JSON: dates become strings, undefined becomes null.
    const json = toJson(result);
    return invoke ? { ExecutedVersion: '$LATEST', Payload: json, StatusCode: 200 } : json;
  };
}

const defined = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

function retryOverrides(definition: StateMachineDefinition, scale: number): Record<string, number[]> {
  const overrides: Record<string, number[]> = {};
  const visit = (states: StateMap) => {
    for (const [name, state] of Object.entries(states)) {
      const retry = state.Retry as { IntervalSeconds?: number }[] | undefined;
      if (retry) overrides[name] = retry.map((retrier) => (retrier.IntervalSeconds ?? 1) * 1000 * scale);
      for (const machine of [...((state.Branches as { States: StateMap }[] | undefined) ?? []), state.Iterator, state.ItemProcessor]) {
        if (machine) visit((machine as { States: StateMap }).States);
      }
    }
  };
  visit(definition.States as unknown as StateMap);
  return overrides;
}

function failure(error: unknown): Omit<WorkflowResult, 'path' | 'taskRuns' | 'history'> {
  if (error instanceof ExecutionTimeoutError) return { status: 'TIMED_OUT', error: 'States.Timeout', cause: 'The execution ran longer than its TimeoutSeconds.' };
  if (error instanceof ExecutionAbortedError) return { status: 'ABORTED' };
  if (error instanceof ExecutionError && error.cause instanceof Error) return { status: 'FAILED', error: error.cause.name, cause: error.cause.message };
  return { status: 'FAILED', error: 'States.Runtime', cause: error instanceof Error ? error.message : String(error) };
}

/** The library's event log in GetExecutionHistory's vocabulary (without TaskScheduled/TaskSucceeded detail). */
function historyEvent(event: {
  type: string;
  state?: { name: string; type: string; input: unknown; output?: unknown };
  input?: unknown;
  output?: unknown;
  Error?: string;
  Cause?: unknown;
}): { type: string; [details: string]: unknown } | undefined {
  const json = (value: unknown) => JSON.stringify(value ?? null);
  const cause = (value: unknown) => (value instanceof Error ? value.message : typeof value === 'string' ? value : json(value));
  switch (event.type) {
    case 'ExecutionStarted':
      return { type: 'ExecutionStarted', executionStartedEventDetails: { input: json(event.input) } };
    case 'ExecutionSucceeded':
      return { type: 'ExecutionSucceeded', executionSucceededEventDetails: { output: json(event.output) } };
    case 'ExecutionFailed':
      return { type: 'ExecutionFailed', executionFailedEventDetails: { error: event.Error, cause: cause(event.Cause) } };
    case 'ExecutionAborted':
      return { type: 'ExecutionAborted', executionAbortedEventDetails: {} };
    case 'ExecutionTimeout':
      return { type: 'ExecutionTimedOut', executionTimedOutEventDetails: { error: 'States.Timeout' } };
    case 'StateEntered':
      return { type: `${event.state?.type}StateEntered`, stateEnteredEventDetails: { name: event.state?.name, input: json(event.state?.input) } };
    case 'StateExited':
      return { type: `${event.state?.type}StateExited`, stateExitedEventDetails: { name: event.state?.name, output: json(event.state?.output) } };
    case 'StateFailed':
      if (event.state?.type !== 'Task') return undefined;
      return { type: 'TaskFailed', taskFailedEventDetails: { resourceType: 'lambda', resource: 'invoke', error: event.Error, cause: cause(event.Cause) } };
    default:
      return undefined;
  }
}

export type { StateMachineDefinition };
