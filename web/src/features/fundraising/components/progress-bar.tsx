import type { Totals } from '@giving/shared/contracts/fundraising';
import { ProgressBar as Bar } from '../../../components/ui/progress-bar';
import { raisedText } from '../fundraising-text';

/**
 * How much of the target is raised (spec 2 §5 raisedPercentage: 100 when there is no target). The bar fills to 100%
 * at most; the figure says more when the target is passed.
 */
export function ProgressBar({ totals, size = 'md' }: { totals: Pick<Totals, 'raisedPercentage' | 'donatedAmount' | 'targetAmount' | 'currency'>; size?: 'md' | 'lg' }) {
  const percentage = Math.max(0, totals.raisedPercentage);
  return <Bar percentage={percentage} valueText={`${percentage}% raised: ${raisedText(totals)}`} size={size} />;
}
