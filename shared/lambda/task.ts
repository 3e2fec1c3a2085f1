import type { ZodMiniType } from 'zod/mini';
import { DomainError } from '../errors';
import { logger as rootLogger, type Logger } from './logger';
import { loadSecrets } from './secrets';

/**
 * An error a workflow can Retry or Catch by name (Lambda reports `error.name` as the error type,
 * which Step Functions matches against ErrorEquals).
 */
export class TaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export type TaskHandler<TOutput> = (input: unknown) => Promise<TOutput>;

/** The one workflow-task wrapper: validate the state input, run the step, name errors for Retry/Catch. */
export function workflowTask<TInput, TOutput>(
  name: string,
  schema: ZodMiniType<TInput>,
  handle: (input: TInput, context: { log: Logger }) => Promise<TOutput>,
): TaskHandler<TOutput> {
  return async (rawInput) => {
    const started = Date.now();
    const parsed = schema.safeParse(rawInput);
    if (!parsed.success) throw new TaskError('InvalidTaskInput', `${name}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    const log = rootLogger.child({ task: name });
    try {
      await loadSecrets();
      const output = await handle(parsed.data, { log });
      log.info('task done', { ms: Date.now() - started });
      return output;
    } catch (error) {
      log.warn('task failed', { error });
      if (error instanceof DomainError) throw new TaskError(error.code, error.message);
      throw error;
    }
  };
}
