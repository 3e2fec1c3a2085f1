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


/**
 * On a submit the form's rules refused: focus the form's first control (in document order) whose field is in
 * `errors` and that can take focus (a hidden input cannot), once, and return it (undefined when none took focus).
 * useAppForm calls it in place of react-hook-form's own focusing, which runs twice, the second a timer later, and moved
 * someone already typing in the first wrong field (right by then) on to the next one mid-word.
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined, errors: object): HTMLElement | undefined {
  const invalid = (name: string) => name.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), errors) !== undefined;
  const candidates = [...(form?.elements ?? [])].filter(
    (element): element is HTMLElement => 'name' in element && typeof element.name === 'string' && element.name !== '' && invalid(element.name),
  );
  for (const candidate of candidates) {
    candidate.focus();
    if (document.activeElement === candidate) return candidate;
  }
  return undefined;
}
