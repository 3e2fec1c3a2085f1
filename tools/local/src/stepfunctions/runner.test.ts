import { describe, expect, it } from 'vitest';
import { localFunctionArn, runWorkflow, type StateMachineDefinition } from './runner';

/** The runner's own contract, on small inline definitions (the payment scenarios live beside payment.asl.json). */
const task = (resource: string, extra: Record<string, unknown> = {}) => ({ Type: 'Task' as const, Resource: resource, ...extra });

describe('runWorkflow', () => {
  it('calls a plain Lambda ARN with the state input and takes its result as is', async () => {
    const definition = {
      StartAt: 'Greet',
      States: { Greet: { ...task(localFunctionArn('greet')), End: true } },
    } as StateMachineDefinition;

    const result = await runWorkflow(definition, { name: 'Ana' }, { Greet: (input) => ({ hello: (input as { name: string }).name }) });

    expect(result).toMatchObject({ status: 'SUCCEEDED', output: { hello: 'Ana' }, path: ['Greet'], taskRuns: { Greet: 1 } });
  });

  it('passes lambda:invoke results across a JSON boundary, as Lambda does', async () => {
    const definition = {
      StartAt: 'When',
      States: {
        When: { ...task('arn:aws:states:::lambda:invoke', { Parameters: { FunctionName: localFunctionArn('when'), 'Payload.$': '$' }, OutputPath: '$.Payload' }), End: true },
      },
    } as StateMachineDefinition;

    const result = await runWorkflow(definition, {}, { When: () => ({ at: new Date('2024-01-01T00:00:00Z'), gone: undefined }) });

    expect(result.output).toEqual({ at: '2024-01-01T00:00:00.000Z' });
  });

  it('exposes the execution context ($$) it was given', async () => {
    const definition = {
      StartAt: 'Who',
      States: { Who: { Type: 'Pass', Parameters: { 'id.$': '$$.Execution.Id', 'machine.$': '$$.StateMachine.Name' }, End: true } },
    } as StateMachineDefinition;

    const result = await runWorkflow(definition, {}, {}, { context: { executionArn: 'arn:aws:states:x:1:execution:m:e', stateMachineName: 'm' } });

    expect(result.output).toEqual({ id: 'arn:aws:states:x:1:execution:m:e', machine: 'm' });
  });

  it('reports an uncaught task error with Lambda’s error document as the cause', async () => {
    const definition = { StartAt: 'Boom', States: { Boom: { ...task(localFunctionArn('boom')), End: true } } } as StateMachineDefinition;
    const error = Object.assign(new Error('card gateway answered 503'), { name: 'GatewayUnavailable' });

    const result = await runWorkflow(definition, {}, { Boom: () => Promise.reject(error) });

    expect(result).toMatchObject({ status: 'FAILED', error: 'GatewayUnavailable' });
    expect(JSON.parse(result.cause ?? '')).toMatchObject({ errorType: 'GatewayUnavailable', errorMessage: 'card gateway answered 503' });
  });

  it('times out an execution longer than its TimeoutSeconds', async () => {
    const definition = {
      StartAt: 'Slow',
      TimeoutSeconds: 1,
      States: { Slow: { ...task(localFunctionArn('slow')), End: true } },
    } as StateMachineDefinition;

    const result = await runWorkflow(definition, {}, { Slow: () => new Promise((resolve) => setTimeout(resolve, 1500)) });

    expect(result).toMatchObject({ status: 'TIMED_OUT', error: 'States.Timeout' });
  });

  it('refuses to run without a handler for every Task state (the library would call real AWS)', async () => {
    const definition = { StartAt: 'A', States: { A: { ...task(localFunctionArn('a')), End: true } } } as StateMachineDefinition;

    await expect(runWorkflow(definition, {}, {})).rejects.toThrow('no task handler for A');
  });

  it('refuses a Task resource it cannot run locally', async () => {
    const definition = {
      StartAt: 'Put',
      States: { Put: { ...task('arn:aws:states:::dynamodb:putItem', { Parameters: { TableName: 't', Item: {} } }), End: true } },
    } as StateMachineDefinition;

    await expect(runWorkflow(definition, {}, { Put: () => ({}) })).rejects.toThrow('Task state Put uses arn:aws:states:::dynamodb:putItem');
  });
});
