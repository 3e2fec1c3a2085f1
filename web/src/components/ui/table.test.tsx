import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table } from './table';

/** A layout stand-in: happy-dom lays nothing out, so the box's widths and its resize callbacks are played here. */
function layOut(widths: { content: number; box: number }) {
  const observers: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  const spy = (name: 'scrollWidth' | 'clientWidth') => vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(() => (name === 'scrollWidth' ? widths.content : widths.box));
  spy('scrollWidth');
  spy('clientWidth');
  return {
    resize: (next: { content: number; box: number }) =>
      act(() => {
        Object.assign(widths, next);
        observers.forEach((callback) => callback());
      }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const aTable = () => (
  <Table caption="Gift vouchers">
    <tbody>
      <tr>
        <td>Aroha</td>
      </tr>
    </tbody>
  </Table>
);

describe('Table', () => {
  it('is a region a keyboard can focus, named by its caption, while it scrolls sideways (on a phone), and not otherwise', async () => {
    const layout = layOut({ content: 720, box: 358 });
    render(aTable());
    const region = await screen.findByRole('region', { name: 'Gift vouchers' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table', { name: 'Gift vouchers' }))).toBe(true);

    layout.resize({ content: 900, box: 900 });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table', { name: 'Gift vouchers' }).parentElement?.hasAttribute('tabindex')).toBe(false);
  });
});
