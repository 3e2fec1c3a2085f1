import styles from './causes.module.css';

export function Causes({ causes }: { causes: readonly string[] }) {
  if (causes.length === 0) return null;
  return (
    <ul className={styles.causes} aria-label="Causes">
      {causes.map((cause) => (
        <li key={cause} className={styles.cause}>
          {cause}
        </li>
      ))}
    </ul>
  );
}
