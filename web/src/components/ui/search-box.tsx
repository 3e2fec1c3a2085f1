import { useId, useState, type FormEvent, type Ref } from 'react';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  label: string;
  placeholder?: string;
  /** The search last submitted; the box starts with it. */
  initialValue?: string;
  /** Called with the trimmed text when the user presses Enter or the search icon (spec §5), never while typing. */
  onSearch: (query: string) => void;
  /** The text field, for a caller that moves focus to it (the header's phone search). */
  inputRef?: Ref<HTMLInputElement>;
}

export function SearchBox({ label, placeholder, initialValue = '', onSearch, inputRef }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(initialValue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input ref={inputRef} id={id} type="search" className={styles.input} value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className={styles.icon} aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4.2-4.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
