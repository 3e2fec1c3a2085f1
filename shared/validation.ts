import type { ZodMiniType } from 'zod/mini';
import { invalid, type FieldError } from './errors';

/** Parses input with a shared zod schema; on failure throws ValidationFailed naming every bad field. */
export function parseWith<T>(schema: ZodMiniType<T>, input: unknown, prefix?: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid(toFieldErrors(result.error.issues, prefix));
}

export function toFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix?: string,
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const field = [prefix, path].filter(Boolean).join('.') || (prefix ?? 'body');
    if (seen.has(field)) continue; // first message per field, like the form shows it
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}
