import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isProblem } from '@giving/shared/errors';
import { VolunteeringApiError, volunteeringErrorMessage } from './api/volunteering-client';

/**
 * applyServerErrors for the volunteering calls, whose failures are VolunteeringApiErrors (spec 2 §8) rather than
 * ApiErrors: each field error of the problem body goes under its field when `fields` has it ('body.teamName' ->
 * 'teamName'), the first taking focus; what is left comes back as one sentence for the form's message.
 */
export function applyVolunteeringErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | undefined {
  const problem = error instanceof VolunteeringApiError && isProblem(error.result) ? error.result : undefined;
  if (!problem?.errors?.length) return volunteeringErrorMessage(error);
  const unplaced: string[] = [];
  let placed = 0;
  for (const { field, message } of problem.errors) {
    const name = field.startsWith('body.') ? field.slice('body.'.length) : field;
    if (fields.includes(name)) {
      setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else unplaced.push(message);
  }
  return unplaced[0] ?? (placed > 0 ? undefined : volunteeringErrorMessage(error));
}
