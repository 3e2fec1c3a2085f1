import { CharitiesList } from '../../features/charities/components/charities-list';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/** /:country and /:country/charities — every charity listed in the country. */
export function CharitiesRoute() {
  const country = useCountry();
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
