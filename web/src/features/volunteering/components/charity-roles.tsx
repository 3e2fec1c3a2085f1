import { Link } from 'react-router-dom';
import type { CountryCode } from '@giving/shared/countries';
import { buttonClassName } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SubHeadings } from '../../../components/ui/heading';
import { QueryStates } from '../../../components/ui/query-states';
import { PRODUCT_NAME } from '../../../lib/product';
import { useCharityRoles } from '../api/charity-roles';
import { volunteeringPaths } from '../volunteering-text';
import { OpportunityCard } from './opportunity-card';
import styles from './charity-roles.module.css';

/** Spec 1 §2 "Charity related sections": 'More Volunteering Roles', up to 24 of the charity's role cards. */
export function CharityRoles({ charityUrl, country }: { charityUrl: string; country: CountryCode }) {
  const roles = useCharityRoles(country, charityUrl);
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
                <OpportunityCard opportunity={opportunity} country={country} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </SubHeadings>
    </section>
  );
}
