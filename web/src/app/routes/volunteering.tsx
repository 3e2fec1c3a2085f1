import { OpportunityList } from '../../features/volunteering/components/opportunity-list';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';
import { useFirstScreenDrawn } from '../../lib/first-screen';

/** /:country/volunteering — live volunteering roles in the country, with their filters (spec 1 §2). */
export function VolunteeringRoute() {
  const country = useCountry();
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  return (
    <div className="page">
      <title>{`Volunteer · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Volunteer</h1>
        <p className={styles.lead}>Give your time to a charity in {country.name}: one-off days, regular roles, on your own or with your team.</p>
      </header>
      <OpportunityList country={country.code} />
    </div>
  );
}
