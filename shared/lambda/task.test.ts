import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DomainError } from '../errors';
import { TaskError, workflowTask } from './task';

describe('workflowTask', () => {
  it('returns the step’s output for valid input', async () => {
    const step = workflowTask('Double', z.object({ n: z.number() }), async ({ n }) => ({ n: n * 2 }));
    expect(await step({ n: 2 })).toEqual({ n: 4 });
  });

  it('names errors so the state machine can Retry or Catch them', async () => {
    const invalid = workflowTask('Double', z.object({ n: z.number() }), async () => ({}));
    await expect(invalid({ n: 'x' })).rejects.toMatchObject({ name: 'InvalidTaskInput' });
    const conflict = workflowTask('Conflict', z.object({}), async () => {
      throw new DomainError('Conflict', 'already done');
    });
    await expect(conflict({})).rejects.toMatchObject({ name: 'Conflict', message: 'already done' });
    const transient = workflowTask('Charge', z.object({}), async () => {
      throw new TaskError('GatewayUnavailable', '503');
    });
    await expect(transient({})).rejects.toMatchObject({ name: 'GatewayUnavailable' });
  });
});
