import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import type { MonthRange } from '../api/keys';
import { MONTH_PATTERN } from '../report-text';
import styles from './workplace-reports.module.css';

export interface MonthRangePickerProps {
  range: MonthRange;
  onChange: (range: MonthRange) => void;
  /** What the API said of each month ('query.from', 'query.to'). */
  errors: Partial<Record<keyof MonthRange, string>>;
  /** Another range's figures are on their way. */
  updating: boolean;
}

/** The report's first and last month (both included), in a panel above its figures. */
export function MonthRangePicker({ range, onChange, errors, updating }: MonthRangePickerProps) {
  return (
    <Panel>
      <div className={styles.range} role="group" aria-label="Months to report on">
        <MonthField label="From" value={range.from} error={errors.from} onCommit={(from) => onChange({ ...range, from })} />
        <MonthField label="To" value={range.to} error={errors.to} onCommit={(to) => onChange({ ...range, to })} />
        {updating ? <Spinner size="sm" label="Updating the report" /> : null}
      </div>
    </Panel>
  );
}

/**
 * A month picker. Where the browser has no month picker (the field is plain text) a month counts once it is whole
 * ('2026-03'), or when the field is left; the API then says what is wrong with it.
 */
function MonthField({ label, value, error, onCommit }: { label: string; value: string; error?: string; onCommit: (month: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <TextField
      label={label}
      type="month"
      placeholder="YYYY-MM"
      value={text}
      error={error}
      onChange={(event) => {
        setText(event.target.value);
        if (MONTH_PATTERN.test(event.target.value)) onCommit(event.target.value);
      }}
      onBlur={() => {
        if (text !== value) onCommit(text);
      }}
    />
  );
}
