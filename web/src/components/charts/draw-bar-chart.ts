import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration, type Plugin } from 'chart.js';
import { formatChartValue, type ChartValueFormat } from './format';

/*
 * The only module that imports Chart.js (lint-enforced); bar-chart.tsx imports it dynamically, so Chart.js is a
 * chunk of its own that loads with the first chart a screen shows. Only what a bar chart uses is registered.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarChartData {
  categories: readonly string[];
  series: readonly { label: string; values: readonly number[] }[];
  format: ChartValueFormat;
}

/** The series' colours, in order: the site's own (global.css), read from the canvas. */
const SERIES_COLOURS = ['--color-accent', '--color-focus', '--color-success', '--color-muted'];

/**
 * Writes each bar's value above it, as the hand-drawn chart did: all of them when every one fits its bar's share of
 * the axis, else none (a narrow screen), and the tooltips and the axis tell the values.
 */
function valueLabels(format: ChartValueFormat, colour: string, font: string): Plugin<'bar'> {
  return {
    id: 'valueLabels',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const shown = chart.data.datasets.map((dataset, index) => ({ dataset, index })).filter(({ index }) => chart.isDatasetVisible(index));
      const room = (chart.scales.x?.width ?? 0) / Math.max(1, chart.data.labels?.length ?? 1) / Math.max(1, shown.length);
      ctx.save();
      ctx.font = font;
      const labels = shown.flatMap(({ dataset, index }) =>
        chart.getDatasetMeta(index).data.map((bar, position) => ({ bar, text: formatChartValue(Number(dataset.data[position] ?? 0), format, { short: true }) })),
      );
      if (labels.every(({ text }) => ctx.measureText(text).width <= room - 4)) {
        ctx.fillStyle = colour;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'bottom';
        for (const { bar, text } of labels) {
          const { x, y } = bar.getProps(['x', 'y'], true) as { x: number; y: number };
          ctx.fillText(text, x, y - 4);
        }
      }
      ctx.restore();
    },
  };
}

/**
 * Draws the bar chart on the canvas, sized by its parent (which must have a height). Undefined when the browser
 * gives no 2D context (canvas unsupported or blocked): the caller shows the figures instead.
 */
export function drawBarChart(canvas: HTMLCanvasElement, { categories, series, format }: BarChartData): { destroy: () => void } | undefined {
  if (!canvas.getContext('2d')) return undefined;
  const style = getComputedStyle(canvas);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const muted = token('--color-muted', '#5b6271');
  const grid = token('--color-border', '#e4dcd2');
  const font = { family: style.fontFamily || undefined, size: 12 };
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: [...categories],
      datasets: series.map((line, index) => ({
        label: line.label,
        data: [...line.values],
        backgroundColor: token(SERIES_COLOURS[index % SERIES_COLOURS.length] as string, '#c2410c'),
        borderRadius: 3,
        maxBarThickness: 48,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : { duration: 300 },
      // Room above the tallest bar for its value.
      layout: { padding: { top: 20 } },
      plugins: {
        // Below the bars: above them it covers the tallest bar's value.
        legend: { display: series.length > 1, position: 'bottom', labels: { color: muted, font } },
        tooltip: {
          titleFont: { ...font, weight: 'bold' },
          bodyFont: font,
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatChartValue(item.parsed.y ?? 0, format)}` },
        },
      },
      scales: {
        // Labels stay level; on a narrow screen Chart.js leaves some out rather than turning them.
        x: { grid: { display: false }, border: { color: grid }, ticks: { color: muted, font, maxRotation: 0 } },
        y: {
          beginAtZero: true,
          border: { display: false },
          grid: { color: grid },
          ticks: { color: muted, font, precision: 0, callback: (value) => formatChartValue(Number(value), format, { short: true }) },
        },
      },
    },
    plugins: [valueLabels(format, muted, `${font.size}px ${font.family ?? 'sans-serif'}`)],
  };
  return new Chart(canvas, config);
}
