/**
 * What shows an error in a form: a control marked aria-invalid (the field components do it), or a form's own error
 * message (FormMessage marks it). The first in document order is the first a reader meets.
 */
const ERROR_SELECTOR = '[aria-invalid="true"], [data-form-error]';

/** The first control in error or error message inside `container`, or null when nothing there shows an error. */
export function firstErrorIn(container: ParentNode | null | undefined): HTMLElement | null {
  return container?.querySelector<HTMLElement>(ERROR_SELECTOR) ?? null;
}

/**
 * Moves keyboard focus to the first error inside `container` (WCAG 3.3.1: a keyboard or screen-reader user lands on
 * what to fix). Answers whether there was one.
 */
export function focusFirstError(container: ParentNode | null | undefined): boolean {
  const first = firstErrorIn(container);
  if (!first) return false;
  first.focus();
  return true;
}
