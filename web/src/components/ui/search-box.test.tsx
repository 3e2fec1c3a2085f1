import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('submits the trimmed text on Enter or the search icon, never while typing (spec §5)', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox label="Search members" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), ' kiwi ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('kiwi');
    await user.type(screen.getByRole('searchbox'), 'x');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('kiwi x');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
