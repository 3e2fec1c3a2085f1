import styles from './guard.module.css';

/** An address inside a console that has no screen (yet). */
export function ScreenNotFound() {
  return (
    <div className={styles.centred}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h2>Page not found</h2>
      <p className={styles.lead}>This page doesn’t exist in this console. Choose a page from the menu.</p>
    </div>
  );
}
