/**
 * What shows an error in a form: a control marked aria-invalid (the field components do it), or a form's own error
 * message (FormMessage marks it). The first in document order is the first a reader meets.
 */
const ERROR_SELECTOR = '[aria-invalid="true"], [data-form-error]';

/**
 * The first control in error or error message inside `container`, or null when nothing there shows an error: where
 * focus goes when a modal closes on a failure (WCAG 3.3.1, 2.4.3).
 */
export function firstErrorIn(container: ParentNode | null | undefined): HTMLElement | null {
  return container?.querySelector<HTMLElement>(ERROR_SELECTOR) ?? null;
}

