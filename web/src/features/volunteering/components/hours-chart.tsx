import styles from './console.module.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year?.slice(2)}`;
};

/** A bar per month of volunteered hours, in plain SVG; the same figures are in a table for assistive technology. */
export function HoursChart({ series }: { series: readonly { month: string; hours: number }[] }) {
  const width = 640;
  const height = 220;
  const top = 20;
  const bottom = 30;
  const max = Math.max(1, ...series.map((point) => point.hours));
  const slot = width / Math.max(series.length, 1);
  const bar = Math.min(48, slot * 0.6);
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className={styles.chart} aria-hidden="true" focusable="false">
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="currentColor" strokeOpacity={0.2} />
        {series.map((point, i) => {
          const h = ((height - top - bottom) * point.hours) / max;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={point.month}>
              <rect className={styles.bar} x={x} y={height - bottom - h} width={bar} height={h} rx={3} />
              <text x={x + bar / 2} y={height - bottom - h - 5} textAnchor="middle">
                {Number(point.hours.toFixed(1))}
              </text>
              <text x={x + bar / 2} y={height - 10} textAnchor="middle">
                {monthLabel(point.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Hours volunteered by month</caption>
        <tbody>
          {series.map((point) => (
            <tr key={point.month}>
              <th scope="row">{monthLabel(point.month)}</th>
              <td>{point.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
