import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
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

export interface NumberSpinnerProps {
  label: string;
  /** The field's text, as typed (a number field keeps what the person types until it is checked). */
  value: string;
  /** Called with the new text when typed, stepped by a button or an arrow key. */
  onChange: (text: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  min: number;
  max: number;
  step?: number;
  name?: string;
  error?: string;
  hint?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Spec 2 §5, §9: a number field with − and + buttons. The input stays a native number input (role spinbutton, with
 * its min, max and value announced; only the characters of a number accepted), arrow keys step it, Page Up/Down step
 * ten times, Home and End go to min and max. A held button repeats, sooner each time (spinnerDelay). The buttons are
 * labelled for screen readers and left out of the tab order: the field's own keys do what they do.
 */
export function NumberSpinner({ label, value, onChange, onBlur, min, max, step = 1, name, error, hint, className, ref }: NumberSpinnerProps) {
  const id = useId();
  const current = value.trim() === '' ? Number.NaN : Number(value);
  const bounds = { min, max, step };
  // The latest text, for a held button's repeats (each one steps from the last).
  const latest = useRef(value);
  latest.current = value;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stop, []);

  const stepBy = (direction: 1 | -1): boolean => {
    const next = String(stepValue(latest.current, direction, bounds));
    const moved = next !== latest.current;
    if (moved) {
      latest.current = next;
      onChange(next);
    }
    return moved && next !== String(direction > 0 ? max : min);
  };

  const hold = (direction: 1 | -1) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // The field keeps focus (and the button never takes it), so typing can go on after a press.
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => stepBy(1),
      ArrowDown: () => stepBy(-1),
      PageUp: () => onChange(String(stepValue(value, 1, { ...bounds, step: step * 10 }))),
      PageDown: () => onChange(String(stepValue(value, -1, { ...bounds, step: step * 10 }))),
      Home: () => onChange(String(min)),
      End: () => onChange(String(max)),
    };
    const action = keys[event.key];
    if (action) {
      // Ours, not the browser's: the same steps and clamping everywhere.
      event.preventDefault();
      action();
      return;
    }
    numberInputFilter.onKeyDown(event);
  };

  const button = (direction: 1 | -1) => {
    const atBound = Number.isFinite(current) && (direction > 0 ? current >= max : current <= min);
    return (
      <button
        type="button"
        tabIndex={-1}
        className={styles.button}
        aria-label={`${direction > 0 ? 'Increase' : 'Decrease'} ${label}`}
        aria-controls={id}
        disabled={atBound}
        onPointerDown={hold(direction)}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        // A click with no pointer press before it (assistive technology, or a test) steps once.
        onClick={(event) => {
          if (event.detail === 0) stepBy(direction);
        }}
      >
        <span aria-hidden="true">{direction > 0 ? '+' : '−'}</span>
      </button>
    );
  };

  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className={styles.spinner}>
        {button(-1)}
        <input
          id={id}
          ref={ref}
          name={name}
          type="number"
          inputMode="numeric"
          className={`${fieldStyles.control} ${styles.input}`}
          min={min}
          max={max}
          step={step}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          onPaste={numberInputFilter.onPaste}
        />
        {button(1)}
      </div>
    </Field>
  );
}
