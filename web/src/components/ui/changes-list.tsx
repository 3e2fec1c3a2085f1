import styles from './changes-list.module.css';

/** 'registrationNumber' -> 'Registration number'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value as text: lists joined with commas, empty values as '(empty)'. */
export function fieldValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(fieldValueText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Proposed changes (field -> new value) as a readable list of 'Field: value'. */
export function ChangesList({ changes, label = 'Proposed changes' }: { changes: Readonly<Record<string, unknown>>; label?: string }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <p className={styles.none}>No changes.</p>;
  return (
    <dl className={styles.list} aria-label={label}>
      {entries.map(([key, value]) => (
        <div key={key} className={styles.row}>
          <dt className={styles.term}>{fieldLabel(key)}</dt>
          <dd className={styles.value}>{fieldValueText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
