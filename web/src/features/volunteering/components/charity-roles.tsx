import { Link } from 'react-router-dom';
import type { CountryCode } from '@giving/shared/countries';
import { buttonClassName } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SubHeadings } from '../../../components/ui/heading';
import { QueryStates } from '../../../components/ui/query-states';
import { PRODUCT_NAME } from '../../../lib/product';
import { useCharityRoles } from '../api/charity-roles';
import { cardFromSearch } from '../search-card';
import { volunteeringPaths } from '../volunteering-text';
import { OpportunityCard } from './opportunity-card';
import styles from './charity-roles.module.css';

/**
 * Spec 1 §2 "Charity related sections": 'More Volunteering Roles', up to 24 of the charity's roles from the
 * volunteering index (searched by the charity's id, and again 1.5 s later), with 'See more volunteering roles >' and,
 * when there are none, the spec's empty state and 'Browse Roles'.
 */
export function CharityRoles({ charityId, country }: { charityId: string; country: CountryCode }) {
  const roles = useCharityRoles(country, charityId);
  const list = volunteeringPaths.list(country);
  return (
    <section className={styles.section} aria-labelledby="more-volunteering-roles">
      <div className={styles.heading}>
        <h2 id="more-volunteering-roles">More Volunteering Roles</h2>
        <Link to={list}>See more volunteering roles &gt;</Link>
      </div>
      <SubHeadings>
        {!roles.isSuccess ? (
          <QueryStates query={roles} loading="Loading volunteering roles" failed="We couldn’t load the volunteering roles" />
        ) : roles.data.items.length === 0 ? (
          <EmptyState
            title="There are no Volunteering Roles"
            description={`Checkout the large range of volunteering roles on ${PRODUCT_NAME}`}
            action={
              <Link to={list} className={buttonClassName({ variant: 'secondary' })}>
                Browse Roles
              </Link>
            }
          />
        ) : (
          <CardGrid label="Volunteering roles">
            {roles.data.items.map((opportunity) => (
              <CardGridItem key={opportunity.id}>
                <OpportunityCard opportunity={cardFromSearch(opportunity, country)} country={country} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </SubHeadings>
    </section>
  );
}
