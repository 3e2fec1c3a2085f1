import type { PayPeriod } from '@giving/shared/contracts/workplace-payroll';
import { CalendarDayText } from '../../../components/ui/date-text';
import styles from './workplace-payroll.module.css';

/** A pay period's first and last days, '1 Mar 2026 – 15 Mar 2026', as <time> elements; a narrow cell breaks after the dash. */
export function PeriodDays({ period }: { period: Pick<PayPeriod, 'periodStart' | 'periodEnd'> }) {
  return (
    <>
      <span className={styles.nowrap}>
        <CalendarDayText date={period.periodStart} /> –
      </span>{' '}
      <span className={styles.nowrap}>
        <CalendarDayText date={period.periodEnd} />
      </span>
    </>
  );
}
