import { CharitiesList } from '../../features/charities/components/charities-list';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';
import { useFirstScreenDrawn } from '../../lib/first-screen';

/** /:country and /:country/charities — every charity listed in the country. */
export function CharitiesRoute() {
  const country = useCountry();
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  return (
    <div className="page">
      <title>{`Charities · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Charities</h1>
        <p className={styles.lead}>Find a charity in {country.name} and give to a cause you care about.</p>
      </header>
      <CharitiesList country={country.code} />
    </div>
  );
}
