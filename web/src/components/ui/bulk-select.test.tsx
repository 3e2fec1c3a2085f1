import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkBar, SelectAllCheckbox, useSelection } from './bulk-select';

function List({ ids }: { ids: string[] }) {
  const selection = useSelection(ids);
  return (
    <>
      <SelectAllCheckbox selection={selection} label="Select all" />
      {ids.map((id) => (
        <input key={id} type="checkbox" aria-label={id} checked={selection.isSelected(id)} onChange={() => selection.toggle(id)} />
      ))}
      <BulkBar count={selection.selected.length} noun="items" onClear={selection.clear} actions={[<button key="go">Go</button>]} />
    </>
  );
}

describe('bulk select', () => {
  it('enters bulk-select mode with the first selection and leaves it when the selection empties', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b']} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'a' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' }).textContent).toContain('1 items selected');
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).indeterminate).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 items selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    // Items that leave the list leave the selection.
    await user.click(screen.getByRole('checkbox', { name: 'b' }));
    rerender(<List ids={['a']} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('warns when more than two bulk actions are promoted (spec §5)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<BulkBar count={1} noun="item" onClear={() => {}} actions={[<button key="a">A</button>, <button key="b">B</button>, <button key="c">C</button>]} />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('3 promoted bulk actions'));
    warn.mockRestore();
  });
});
