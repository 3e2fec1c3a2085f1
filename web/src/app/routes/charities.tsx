import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/**
 * The list comes from the charities index: it and the search code come just after the introduction is drawn (its
 * first page was asked for with the HTML, and by the route's loader); its place is kept meanwhile.
 */
const charitiesList = lazyPart(() => import('../../features/charities/components/charities-list'));

/** /:country and /:country/charities — every charity listed in the country. */
export function CharitiesRoute() {
  const country = useCountry();
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  const list = charitiesList.usePart(true, { afterFirstScreen: true });
  return (
    <div className="page">
      <title>{`Charities · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Charities</h1>
        <p className={styles.lead}>Find a charity in {country.name} and give to a cause you care about.</p>
      </header>
      {list ? <list.CharitiesList country={country.code} /> : <div className={styles.listPlace} aria-busy="true" />}
    </div>
  );
}
