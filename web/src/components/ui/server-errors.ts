import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessageOf, fieldMessagesOf } from '../../lib/api-client';

/** Where a server field path (e.g. 'email', 'items.0.path', 'causes.3') shows in a form, or undefined if nowhere. */
export type ServerFieldMap = (path: string) => string | undefined;

/**
 * Puts an API error on a react-hook-form form: each field error the server named (an ApiError's or ExplainedError's)
 * goes under its field when the form has one, and the first of them takes focus. What is left comes back as one
 * sentence for the form's message: an unplaced field message, else the problem's detail or title.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldFor: ServerFieldMap): string | undefined {
  const unplaced: string[] = [];
  let placed = 0;
  for (const [path, message] of Object.entries(fieldMessagesOf(error))) {
    const field = fieldFor(path);
    if (field) {
      setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced.push(message);
    }
  }
  return placed > 0 ? unplaced[0] : (unplaced[0] ?? errorMessageOf(error));
}

/**
 * A field map for `applyServerErrors`: `names` are the form's own fields; paths inside a field array listed in
 * `arrays` keep their index ('units.2.name'); paths inside a field shown as one control (`whole`, e.g. causes typed
 * as one line) go to that control.
 */
export const formFields =
  (names: readonly string[], { arrays = [], whole = [] }: { arrays?: readonly string[]; whole?: readonly string[] } = {}): ServerFieldMap =>
  (path) => {
    if (names.includes(path)) return path;
    const [head = ''] = path.split('.');
    if (arrays.includes(head)) return path;
    if (whole.includes(head)) return head;
    return undefined;
  };
