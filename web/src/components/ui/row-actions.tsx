import { useState } from 'react';
import { errorMessageOf } from '../../lib/api-client';
import { Button } from './button';

/** The header of a table's actions column: named for assistive technology only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** A row's action button, e.g. 'Remove'; assistive technology also hears what it acts on ('Remove Aroha Smith'). */
export function RowAction({ label, target, onClick }: { label: string; /** Read after the label, e.g. the row's name. */ target: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      {label}
      <span className="visually-hidden"> {target}</span>
    </Button>
  );
}

/** What useConfirmedAction needs of a mutation (a TanStack Query mutation result fits). */
export interface ConfirmableMutation<Variables> {
  mutate: (variables: Variables, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * An action that asks first (remove, revoke, delete): `ask(item)` opens the ConfirmDialog (spread `dialog` on it),
 * confirming runs the mutation with `variables(item)`, and on success `onDone(item)` runs and the dialog closes.
 * The dialog shows the mutation's failure and stays open.
 */
export function useConfirmedAction<Item, Variables>(
  mutation: ConfirmableMutation<Variables>,
  { variables, onDone }: { variables: (item: Item) => Variables; onDone: (item: Item) => void },
) {
  const [item, setItem] = useState<Item | null>(null);
  return {
    /** The item waiting for confirmation. */
    item,
    ask: (next: Item) => {
      mutation.reset();
      setItem(next);
    },
    dialog: {
      open: item !== null,
      busy: mutation.isPending,
      error: mutation.isError ? errorMessageOf(mutation.error) : undefined,
      onCancel: () => setItem(null),
      onConfirm: () => {
        if (item === null) return;
        mutation.mutate(variables(item), {
          onSuccess: () => {
            onDone(item);
            setItem(null);
          },
        });
      },
    },
  };
}
