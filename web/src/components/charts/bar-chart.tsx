import { useEffect, useRef, useState } from 'react';
import { RowHeader } from '../ui/console-page';
import { Table } from '../ui/table';
import { formatChartValue, type ChartValueFormat } from './format';
import type { BarChartData } from './draw-bar-chart';
import styles from './bar-chart.module.css';

export type { ChartValueFormat } from './format';

/** One series of bars: its name and a value per category, in the categories' order. */
export interface BarChartSeries {
  /** 'Hours', 'Donations': the table's column and, with more than one series, the legend. */
  label: string;
  values: readonly number[];
}

export interface BarChartProps {
  /** What the chart shows ('Hours volunteered by month'): the figures table's caption. */
  title: string;
  /** The header of the categories' column in the figures table ('Month', 'Charity'). */
  categoryLabel: string;
  /** The bars' labels along the bottom, in order ('Jan 30', a charity's name). */
  categories: readonly string[];
  /** One or more series (more than one: grouped bars with a legend). */
  series: readonly BarChartSeries[];
  /** 'count' (the default: '1,234.5') or money in integer cents, `{ currency: 'NZD' }` ('$1,234.50'). */
  format?: ChartValueFormat;
}

/**
 * A bar chart for report screens: a bar per category (a month, a charity) for each series, with the values above the
 * bars and in tooltips. Chart.js draws it on a canvas, loaded with the first chart shown (draw-bar-chart.ts, a chunk
 * of its own), so screens without a chart never download it. The canvas is hidden from assistive technology: the
 * same figures are in a table (visually hidden), which is shown instead where the browser cannot draw.
 */
export function BarChart({ title, categoryLabel, categories, series, format = 'count' }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [canDraw, setCanDraw] = useState(true);
  // Drawn again only when the figures change, not on every render of the screen around it.
  const data = JSON.stringify({ categories, series, format } satisfies BarChartData);

  useEffect(() => {
    let live = true;
    let chart: { destroy: () => void } | undefined;
    import('./draw-bar-chart').then(
      ({ drawBarChart }) => {
        if (!live || !canvas.current) return;
        chart = drawBarChart(canvas.current, JSON.parse(data) as BarChartData);
        if (!chart) setCanDraw(false);
      },
      () => live && setCanDraw(false),
    );
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [data]);

  const figures = (
    <>
      <thead>
        <tr>
          <th scope="col">{categoryLabel}</th>
          {series.map((line) => (
            <th key={line.label} scope="col" className={styles.number}>
              {line.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category, index) => (
          <tr key={category}>
            <RowHeader>{category}</RowHeader>
            {series.map((line) => (
              <td key={line.label} className={styles.number}>
                {formatChartValue(line.values[index] ?? 0, format)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
  // Beside the chart the table is for assistive technology only: a bare table, as a scroll box would be a scrollable
  // region with nothing to focus; in its place, the console's table.
  return (
    <figure className={styles.figure}>
      {canDraw ? (
        <>
          <div className={styles.canvasBox}>
            <canvas ref={canvas} aria-hidden="true" />
          </div>
          <table className="visually-hidden">
            <caption>{title}</caption>
            {figures}
          </table>
        </>
      ) : (
        <Table caption={title}>{figures}</Table>
      )}
    </figure>
  );
}
