import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styles from './bulk-select.module.css';

/**
 * Selection for a list's bulk actions. Bulk-select mode is on while anything is selected and ends when the
 * selection empties (spec §4). Items that leave the list (removed, filtered out) leave the selection too.
 */
export function useSelection<Id extends string>(ids: readonly Id[]) {
  const [chosen, setChosen] = useState<ReadonlySet<Id>>(() => new Set());
  const selected = useMemo(() => ids.filter((id) => chosen.has(id)), [ids, chosen]);
  const allSelected = ids.length > 0 && selected.length === ids.length;
  return {
    selected,
    /** Bulk-select mode. */
    active: selected.length > 0,
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    isSelected: (id: Id) => chosen.has(id) && ids.includes(id),
    toggle: (id: Id) =>
      setChosen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setChosen(allSelected ? new Set() : new Set(ids)),
    clear: () => setChosen(new Set()),
  };
}

export type Selection<Id extends string> = ReturnType<typeof useSelection<Id>>;

/** A header checkbox that selects every row; shows 'mixed' when some are selected. */
export function SelectAllCheckbox({ selection, label }: { selection: Selection<string>; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selection.allSelected}
      ref={(element) => {
        if (element) element.indeterminate = selection.someSelected;
      }}
      onChange={selection.toggleAll}
    />
  );
}

/** Bulk actions promoted to the bar; more than this many crowds it (spec §5 warns). */
export const MAX_PROMOTED_BULK_ACTIONS = 2;

export interface BulkBarProps {
  count: number;
  /** What is selected, e.g. 'members'. */
  noun: string;
  onClear: () => void;
  /** The promoted actions (buttons). */
  actions: ReactNode[];
}

/** The bar shown in bulk-select mode: how many are selected, the bulk actions, and a way out. */
export function BulkBar({ count, noun, onClear, actions }: BulkBarProps) {
  useEffect(() => {
    if (actions.length > MAX_PROMOTED_BULK_ACTIONS) {
      console.warn(`BulkBar: ${actions.length} promoted bulk actions; promote at most ${MAX_PROMOTED_BULK_ACTIONS}.`);
    }
  }, [actions.length]);
  if (count === 0) return null;
  return (
    <div role="region" aria-label="Bulk actions" className={`${styles.bar} ${bulkSelectOnly}`}>
      <p className={styles.count} aria-live="polite">
        {count} {noun} selected
      </p>
      <div className={styles.actions}>
        {actions}
        <button type="button" className={styles.clear} onClick={onClear}>
          Clear selection
        </button>
      </div>
    </div>
  );
}

/** Bulk-select is a large-screen mode: selection checkboxes and the bar are hidden on phones. */
export const bulkSelectOnly = styles.largeScreenOnly ?? '';
