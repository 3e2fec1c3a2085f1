import { useEffect, useId, useRef, type InputHTMLAttributes, type PointerEvent, type Ref } from 'react';
import { numberInputFilter } from '../../lib/number-input';
import { Field } from './field';
import fieldStyles from './field.module.css';
import styles from './number-spinner.module.css';

/** Spec 2 §9: a held button repeats after 200 ms, each repeat 10 ms sooner, never sooner than 50 ms. */
export const SPINNER_FIRST_DELAY_MS = 200;
export const SPINNER_DELAY_STEP_MS = 10;
export const SPINNER_MIN_DELAY_MS = 50;

/** The wait before the next repeat, after `repeats` repeats so far. */
export const spinnerDelay = (repeats: number): number => Math.max(SPINNER_MIN_DELAY_MS, SPINNER_FIRST_DELAY_MS - repeats * SPINNER_DELAY_STEP_MS);

/**
 * Spec 2 §5: steps by `step` from the current text and clamps to min and max. Text that is not a number starts from
 * the bound the step moves away from (min going up, max going down), so a blank field steps to a value in range.
 */
export function stepValue(text: string, direction: 1 | -1, { min, max, step }: { min: number; max: number; step: number }): number {
  const current = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(current)) return direction > 0 ? min : max;
  // Round away float noise (0.1 + 0.2) to the step's own decimals.
  const decimals = (String(step).split('.')[1] ?? '').length;
  const next = Number((current + direction * step).toFixed(decimals));
  return Math.min(max, Math.max(min, next));
}

/**
 * Puts `text` in the field as if the person had typed it: the value through the element's own setter (so React sees
 * a change) and an `input` event, so the field's onChange runs whether the field is controlled or a form library's.
 */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface NumberSpinnerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step' | 'className'> {
  label: string;
  min: number;
  max: number;
  step?: number;
  error?: string;
  hint?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Spec 2 §5, §9: a number field with − and + buttons, used like any input (controlled, or registered with a form).
 * The input stays a native number input: the browser announces it as a spinbutton with its min, max and value, and
 * its arrow keys step and clamp it the same way; only the characters of a number are accepted. A held button
 * repeats, sooner each time (spinnerDelay). The buttons are labelled for screen readers and left out of the tab
 * order, since the field's own keys do what they do.
 */
export function NumberSpinner({ label, min, max, step = 1, error, hint, className, ref, id: givenId, ...input }: NumberSpinnerProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const element = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bounds = { min, max, step };

  const stop = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stop, []);

  /** One step; true while a held button may go on (the value moved and did not reach a bound). */
  const stepBy = (direction: 1 | -1): boolean => {
    const field = element.current;
    if (!field) return false;
    const next = String(stepValue(field.value, direction, bounds));
    if (next === field.value) return false;
    typeInto(field, next);
    return next !== String(min) && next !== String(max);
  };

  const hold = (direction: 1 | -1) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // The field keeps focus (the button never takes it), so typing can go on after a press.
    event.preventDefault();
    stop();
    if (!stepBy(direction)) return;
    const repeat = (repeats: number) => {
      timer.current = setTimeout(() => {
        if (stepBy(direction)) repeat(repeats + 1);
        else stop();
      }, spinnerDelay(repeats));
    };
    repeat(0);
  };

  const button = (direction: 1 | -1) => (
    <button
      type="button"
      tabIndex={-1}
      className={styles.button}
      aria-label={`${direction > 0 ? 'Increase' : 'Decrease'} ${label}`}
      aria-controls={id}
      disabled={input.disabled}
      onPointerDown={hold(direction)}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      // A click with no pointer press before it (assistive technology) steps once.
      onClick={(event) => {
        if (event.detail === 0) stepBy(direction);
      }}
    >
      <span aria-hidden="true">{direction > 0 ? '+' : '−'}</span>
    </button>
  );

  const setRef = (node: HTMLInputElement | null) => {
    element.current = node;
    if (typeof ref === 'function') return ref(node);
    if (ref) ref.current = node;
    return undefined;
  };

  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className={styles.spinner}>
        {button(-1)}
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`${fieldStyles.control} ${styles.input}`}
          min={min}
          max={max}
          step={step}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined}
          {...numberInputFilter}
          {...input}
          ref={setRef}
        />
        {button(1)}
      </div>
    </Field>
  );
}
