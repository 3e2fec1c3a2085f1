import { useId, useState, type ReactNode } from 'react';
import { RECONCILIATION_LABELS, RECONCILIATION_OUTCOMES, type Reconciliation, type ReconciliationLine } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
import { Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { EXCEPTION_ORDER, OUTCOME_SEVERITY, SEVERITY_LABELS, SEVERITY_TONES, employeeWords, moneyText, type Severity } from '../payroll-text';
import styles from './workplace-payroll.module.css';

/**
 * A batch's reconciliation (what payroll deducted against what the file asked for): the counts and totals, then the
 * exceptions by outcome, most pressing first, each line with what to do; the rows that could not be read; and the
 * matched lines, collapsed. `confirmed` words the donated total as given rather than to give.
 */
export function ReconciliationView({ reconciliation, confirmed }: { reconciliation: Reconciliation; confirmed: boolean }) {
  const headingId = useId();
  const { lines, unreadRows } = reconciliation;
  const matched = lines.filter((line) => line.outcome === 'Matched');
  const exceptions = EXCEPTION_ORDER.map((outcome) => ({ outcome, lines: lines.filter((line) => line.outcome === outcome) })).filter((group) => group.lines.length > 0);

  return (
    <section className={styles.reconciliation} aria-labelledby={headingId}>
      <div>
        <h4 id={headingId}>Reconciliation</h4>
        <p className={styles.muted}>
          From {reconciliation.fileName}, uploaded <DateText value={reconciliation.uploadedAt} withTime />.
        </p>
      </div>

      <dl className={styles.totals} aria-label="Totals">
        <div>
          <dt>Expected</dt>
          <dd>{moneyText(reconciliation.expected)}</dd>
        </div>
        <div>
          <dt>Deducted</dt>
          <dd>{moneyText(reconciliation.deducted)}</dd>
        </div>
        <div className={styles.donatedTotal}>
          <dt>{confirmed ? 'Donated' : 'To donate'}</dt>
          <dd>{moneyText(reconciliation.donated)}</dd>
        </div>
      </dl>
      <ul className={styles.counts} aria-label="Deductions by outcome">
        {RECONCILIATION_OUTCOMES.map((outcome) => (
          <li key={outcome} className={[styles[`severity-${OUTCOME_SEVERITY[outcome]}`], (reconciliation.counts[outcome] ?? 0) === 0 ? styles.zero : undefined].filter(Boolean).join(' ')}>
            <span className={styles.count}>{reconciliation.counts[outcome] ?? 0}</span> {RECONCILIATION_LABELS[outcome]}
          </li>
        ))}
        {unreadRows.length ? (
          <li className={styles['severity-action']}>
            <span className={styles.count}>{unreadRows.length}</span> {unreadRows.length === 1 ? 'Row not read' : 'Rows not read'}
          </li>
        ) : null}
      </ul>

      {unreadRows.length ? (
        <Group title="Rows we couldn’t read" count={unreadRows.length} severity="action">
          <p className={styles.muted}>
            {confirmed
              ? 'These rows were left out, so nothing was given for them. Check them against payroll.'
              : 'These rows were left out, so their deductions may show as not deducted. Fix them in the file and upload it again.'}
          </p>
          <ul className={styles.unread}>
            {unreadRows.map((row) => (
              <li key={row.row}>
                Row {row.row}: {row.message}
              </li>
            ))}
          </ul>
        </Group>
      ) : null}

      {exceptions.length === 0 && unreadRows.length === 0 ? (
        <p className={styles.allMatched} role="status">
          Every deduction matched: there is nothing to follow up.
        </p>
      ) : null}

      {exceptions.map((group) => (
        <Group key={group.outcome} title={RECONCILIATION_LABELS[group.outcome]} count={group.lines.length} severity={OUTCOME_SEVERITY[group.outcome]}>
          <ul className={styles.lines}>
            {group.lines.map((line, index) => (
              <ExceptionLine key={`${line.employeeNumber}-${line.charityName}-${index}`} line={line} />
            ))}
          </ul>
        </Group>
      ))}

      {matched.length ? <MatchedLines lines={matched} /> : null}
    </section>
  );
}

/** A group of lines under a heading that says how urgent they are. */
function Group({ title, count, severity, actions, children }: { title: string; count: number; severity: Severity; actions?: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.outcomeGroup} aria-labelledby={headingId} data-severity={severity}>
      <div className={styles.groupHeader}>
        <h5 id={headingId}>
          {title} <span className={styles.groupCount}>({count})</span>
          {' '}
          <Tag tone={SEVERITY_TONES[severity]}>{SEVERITY_LABELS[severity]}</Tag>
        </h5>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** An exception: whose, to which charity, the three amounts, and what to do about it. */
function ExceptionLine({ line }: { line: ReconciliationLine }) {
  return (
    <li className={styles.line}>
      <div className={styles.lineWho}>
        <span className={styles.lineName}>{employeeWords(line)}</span>
        {line.employeeName && line.employeeNumber ? <span className={styles.muted}>Employee {line.employeeNumber}</span> : null}
        {line.charityName ? <span>To {line.charityName}</span> : null}
      </div>
      <dl className={styles.amounts}>
        <div>
          <dt>Expected</dt>
          <dd>{moneyText(line.expected)}</dd>
        </div>
        <div>
          <dt>Deducted</dt>
          <dd>{moneyText(line.deducted)}</dd>
        </div>
        <div>
          <dt>Donated</dt>
          <dd>{moneyText(line.donated)}</dd>
        </div>
      </dl>
      {line.action ? (
        <p className={styles.action}>
          <span className={styles.actionLabel}>What to do: </span>
          {line.action}
        </p>
      ) : null}
    </li>
  );
}

/** The matched lines: nothing to do, so hidden until asked for. */
function MatchedLines({ lines }: { lines: readonly ReconciliationLine[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = (
    <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => setOpen(!open)}>
      {open ? `Hide ${lines.length} matched` : `Show ${lines.length} matched`}
    </Button>
  );
  return (
    <Group title={RECONCILIATION_LABELS.Matched} count={lines.length} severity="none" actions={toggle}>
      {open ? (
        <div id={listId}>
          <Table caption="Matched deductions">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col">Charity</th>
                <th scope="col" className={styles.number}>
                  Donated
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={`${line.employeeNumber}-${line.charityName}-${index}`}>
                  <th scope="row">
                    {employeeWords(line)}
                    {line.employeeName && line.employeeNumber ? <span className={styles.under}>Employee {line.employeeNumber}</span> : null}
                  </th>
                  <td>{line.charityName || '—'}</td>
                  <td className={styles.number}>{moneyText(line.donated)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </Group>
  );
}
