/**
 * New Zealand payroll giving: the employer must pass the donations to the charities by the PAYE due date nearest to
 * two months after the end of the pay period, or the amount becomes PAYE debt (Inland Revenue). PAYE is due on the
 * 20th of the month, and large employers also on the 5th; we take both as due dates, so the date shown is never later
 * than the employer's own. Equally near dates give the earlier one.
 */
const DAY_MS = 86_400_000;
const utc = (y: number, m: number, d: number) => Date.UTC(y, m, d);
const text = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function nzCharitiesPayBy(periodEnd: string): string {
  const [y, m, d] = periodEnd.split('-').map(Number) as [number, number, number];
  // Two months after: the same day, or the month's last day when it has fewer days.
  const lastDay = new Date(utc(y, m + 2, 0)).getUTCDate();
  const target = utc(y, m + 1, Math.min(d, lastDay));
  const targetDate = new Date(target);
  const [ty, tm] = [targetDate.getUTCFullYear(), targetDate.getUTCMonth()];
  const candidates = [utc(ty, tm - 1, 20), utc(ty, tm, 5), utc(ty, tm, 20), utc(ty, tm + 1, 5)];
  const best = candidates.reduce((a, b) => (Math.abs(b - target) < Math.abs(a - target) ? b : a));
  return text(best);
}

/** Whole days from `today` to `payBy` (negative once it has passed). */
export const daysUntil = (today: string, payBy: string) => Math.round((Date.parse(payBy) - Date.parse(today)) / DAY_MS);
