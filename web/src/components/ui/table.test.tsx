import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table } from './table';

/** A layout stand-in: happy-dom lays nothing out, so the box's widths and its resize callbacks are played here. */
function layOut(widths: { content: number; box: number; scrolled?: number }) {
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
  vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockImplementation(() => widths.scrolled ?? 0);
  return {
    /** Scrolls the box to `left` and lets it hear so, as a swipe or a scroll bar would. */
    scrollTo: (box: HTMLElement, left: number) =>
      act(() => {
        widths.scrolled = left;
        box.dispatchEvent(new Event('scroll'));
      }),
    resize: (next: { content: number; box: number; scrolled?: number }) =>
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

  it('shades the edge with more columns past it, and neither edge when everything shows', async () => {
    const layout = layOut({ content: 720, box: 358 });
    render(aTable());
    const region = await screen.findByRole('region', { name: 'Gift vouchers' });
    const frame = region.parentElement as HTMLElement;
    // At the start: more to come on the right only.
    expect([frame.hasAttribute('data-more-before'), frame.hasAttribute('data-more-after')]).toEqual([false, true]);

    layout.scrollTo(region, 200);
    expect([frame.hasAttribute('data-more-before'), frame.hasAttribute('data-more-after')]).toEqual([true, true]);

    // Scrolled to the end (720 - 358): only what was passed is left.
    layout.scrollTo(region, 362);
    expect([frame.hasAttribute('data-more-before'), frame.hasAttribute('data-more-after')]).toEqual([true, false]);

    layout.resize({ content: 900, box: 900, scrolled: 0 });
    expect([frame.hasAttribute('data-more-before'), frame.hasAttribute('data-more-after')]).toEqual([false, false]);
  });
});
