import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { numberInputFilter } from '../../lib/number-input';
import styles from './field.module.css';

interface FieldChrome {
  label: ReactNode;
  /** Keeps the label for assistive technology only (the placeholder says the same). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

interface FieldProps extends FieldChrome {
  id: string;
  children: ReactNode;
}

/** Label, control, hint and error text; the control is linked to them with aria-describedby. */
export function Field({ id, label, hideLabel, hint, error, className, children }: FieldProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function describedBy(id: string, { hint, error }: Pick<FieldChrome, 'hint' | 'error'>): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

export interface TextFieldProps extends FieldChrome, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  /** Accept only the characters of a number (spec §5). */
  numeric?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hideLabel, hint, error, className, numeric, id: givenId, ...input }: TextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <Field id={id} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <input
        id={id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...(numeric ? numberInputFilter : undefined)}
        {...input}
      />
    </Field>
  );
}

export interface TextareaFieldProps extends FieldChrome, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextareaField({ label, hideLabel, hint, error, className, id: givenId, ...textarea }: TextareaFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <Field id={id} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...textarea}
      />
    </Field>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, className, id: givenId, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.checkbox}>
        <input id={id} type="checkbox" {...input} />
        <span>{label}</span>
      </label>
    </div>
  );
}

/**
 * An error or notice for a whole form or section. An error can take focus (firstErrorIn finds it when it is
 * the first thing to fix, e.g. a declined card after the payment modal closes).
 */
export function FormMessage({ tone = 'error', children, id }: { tone?: 'error' | 'info'; children: ReactNode; id?: string }) {
  const error = tone === 'error';
  return (
    <div
      id={id}
      role={error ? 'alert' : 'status'}
      className={error ? styles.formError : styles.formInfo}
      tabIndex={error ? -1 : undefined}
      data-form-error={error || undefined}
    >
      {children}
    </div>
  );
}
