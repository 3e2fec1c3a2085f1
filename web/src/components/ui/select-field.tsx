import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { Field } from './field';
import styles from './field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. 'Choose a role'). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled <select> with the same hint and error chrome as the text fields. */
export function SelectField({ label, hideLabel, hint, error, className, options, placeholder, id: givenId, ...select }: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const describedBy = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Field id={id} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <select id={id} className={styles.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
