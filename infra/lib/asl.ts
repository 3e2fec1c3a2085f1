import { readFileSync } from 'node:fs';

/** A Task state of an Amazon States Language definition, with the function it invokes. */
export interface TaskState {
  readonly state: string;
  readonly resource: string;
  /** `Parameters.FunctionName` as written, e.g. `${ChargeCard}`. */
  readonly functionName: string | undefined;
}

interface AslStates {
  readonly States?: Record<string, AslState>;
}
interface AslState {
  readonly Type?: string;
  readonly Resource?: string;
  readonly Parameters?: { readonly FunctionName?: string };
  readonly Branches?: readonly AslStates[];
  readonly Iterator?: AslStates;
  readonly ItemProcessor?: AslStates;
}

export function readDefinition(file: string): { text: string; tasks: TaskState[] } {
  const text = readFileSync(file, 'utf8');
  return { text, tasks: taskStatesOf(JSON.parse(text) as AslStates) };
}

/** Every Task state, including those inside Parallel branches and Map processors. */
export function taskStatesOf(definition: AslStates): TaskState[] {
  return Object.entries(definition.States ?? {}).flatMap(([state, spec]): TaskState[] => [
    ...(spec.Type === 'Task'
      ? [{ state, resource: spec.Resource ?? '', functionName: spec.Parameters?.FunctionName }]
      : []),
    ...(spec.Branches ?? []).flatMap(taskStatesOf),
    ...[spec.Iterator, spec.ItemProcessor].flatMap((inner) => (inner ? taskStatesOf(inner) : [])),
  ]);
}

/**
 * Checks that the manifest maps every Task state to a function and nothing else, and that each Task invokes
 * `${<StateName>}`: the placeholder CDK substitutes with that function's ARN. Returns the problems found.
 */
export function taskMappingProblems(tasks: readonly TaskState[], manifestTasks: readonly string[]): string[] {
  const stateNames = tasks.map((task) => task.state);
  return [
    ...stateNames.filter((state) => !manifestTasks.includes(state)).map((state) => `Task state ${state} has no manifest task`),
    ...manifestTasks.filter((state) => !stateNames.includes(state)).map((state) => `manifest task ${state} is not a Task state`),
    ...tasks
      .filter((task) => task.functionName !== `\${${task.state}}`)
      .map((task) => `Task state ${task.state} must invoke FunctionName "\${${task.state}}", not ${String(task.functionName)}`),
  ];
}
