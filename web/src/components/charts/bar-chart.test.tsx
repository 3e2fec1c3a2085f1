import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { formatChartValue } from './format';

const cells = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));

describe('BarChart', () => {
  it('has the figures in a table named by its title: a row per category, a column per series, counts to a tenth', () => {
    render(<BarChart title="Hours volunteered by month" categoryLabel="Month" categories={['Jan 30', 'Feb 30']} series={[{ label: 'Hours', values: [1234.5, 2.46] }]} />);
    expect(cells(screen.getByRole('table', { name: 'Hours volunteered by month' }))).toEqual([
      ['Month', 'Hours'],
      ['Jan 30', '1,234.5'],
      ['Feb 30', '2.5'],
    ]);
    expect(screen.getByRole('rowheader', { name: 'Jan 30' })).toBeTruthy();
  });

  it('writes money given in cents in its currency, one column per series', () => {
    render(
      <BarChart
        title="Donations by month"
        categoryLabel="Month"
        categories={['Nov 26']}
        series={[
          { label: 'Donations', values: [123_450] },
          { label: 'Matched', values: [5000] },
        ]}
        format={{ currency: 'NZD' }}
      />,
    );
    expect(cells(screen.getByRole('table', { name: 'Donations by month' }))).toEqual([
      ['Month', 'Donations', 'Matched'],
      ['Nov 26', '$1,234.50', '$50.00'],
    ]);
  });

  it('hides the canvas from assistive technology, and shows the table instead once Chart.js has loaded and finds no way to draw', async () => {
    // happy-dom has no canvas drawing: getContext('2d') is null, as in a browser that blocks canvas.
    const { container } = render(<BarChart title="Hours volunteered by month" categoryLabel="Month" categories={['Jan 30']} series={[{ label: 'Hours', values: [12] }]} />);
    const table = () => screen.getByRole('table', { name: 'Hours volunteered by month' });
    // Until the chart's chunk has loaded, the canvas holds the chart's place and the table is for screen readers only.
    expect(container.querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true');
    expect(table().classList.contains('visually-hidden')).toBe(true);
    await waitFor(() => expect(container.querySelector('canvas')).toBeNull());
    expect(table().closest('.visually-hidden')).toBeNull();
    expect(cells(table())).toEqual([
      ['Month', 'Hours'],
      ['Jan 30', '12'],
    ]);
  });
});

describe('formatChartValue', () => {
  it('writes counts to a tenth, and money in full or, short, without whole amounts’ cents (axis and bar labels)', () => {
    expect(formatChartValue(12, 'count')).toBe('12');
    expect(formatChartValue(0.25, 'count')).toBe('0.3');
    expect(formatChartValue(120_000, { currency: 'NZD' })).toBe('$1,200.00');
    expect(formatChartValue(120_000, { currency: 'NZD' }, { short: true })).toBe('$1,200');
    expect(formatChartValue(120_050, { currency: 'AUD' }, { short: true })).toBe('$1,200.50');
  });
});
