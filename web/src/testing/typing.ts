/**
 * Types `value` into `input` the moment it next takes focus (on the first timer after it), as someone typing at once
 * would: through the element's own value setter, so React's change tracking sees it.
 */
export function typeWhenFocused(input: HTMLInputElement, value: string): void {
  input.addEventListener(
    'focus',
    () => {
      setTimeout(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    { once: true },
  );
}
