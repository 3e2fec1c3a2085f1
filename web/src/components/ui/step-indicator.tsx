import styles from './step-indicator.module.css';

export interface Step<Id extends string> {
  id: Id;
  label: string;
}

/** Spec 2 §2 multi-step flow indicator: each step has an id and a label; the current one is marked for assistive technology. */
export function StepIndicator<Id extends string>({ steps, current, label }: { steps: readonly Step<Id>[]; current: Id; label: string }) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((step, i) => (
        <li
          key={step.id}
          data-step={step.id}
          aria-current={i === index ? 'step' : undefined}
          className={i === index ? styles.stepCurrent : i < index ? styles.stepDone : styles.step}
        >
          <span className={styles.stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          <span>{step.label}</span>
          {i < index ? <span className="visually-hidden"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}
