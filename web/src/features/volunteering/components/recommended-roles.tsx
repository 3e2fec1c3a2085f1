import { useId } from 'react';
import type { CountryCode } from '@giving/shared/countries';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { SubHeadings } from '../../../components/ui/heading';
import { useRecommendedRoles } from '../api/recommendations';
import { OpportunityCard } from './opportunity-card';
import styles from './volunteering.module.css';

const SHOWN = 4;

/**
 * "Recommended for you" above the list, for signed-in members. A suggestion only: while it loads, when it fails or
 * when there is nothing to suggest it shows nothing, and the list below stands on its own.
 */
export function RecommendedRoles({ country }: { country: CountryCode }) {
  const headingId = useId();
  const recommended = useRecommendedRoles(country);
  const items = recommended.data?.items.slice(0, SHOWN) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Recommended for you</h2>
      <SubHeadings>
        <CardGrid label="Recommended roles">
          {items.map(({ opportunity, reasons }) => (
            <CardGridItem key={opportunity.id}>
              <OpportunityCard opportunity={opportunity} country={country} />
              <p className={styles.muted}>
                <small>Because {reasons.map(lowerFirst).join('; ')}</small>
              </p>
            </CardGridItem>
          ))}
        </CardGrid>
      </SubHeadings>
    </section>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
