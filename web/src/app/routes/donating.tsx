import { useCauses } from '../../features/charities/api/get-charities';
import { DonatingList } from '../../features/search/components/donating-list';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/**
 * /:country/donating — the gifts charities ask for, from the gifts index (spec 1 §2), filtered by cause (the causes
 * the country's charities name) and price.
 */
export function DonatingRoute() {
  const country = useCountry();
  const causes = useCauses(country.code);
  useFirstScreenDrawn();
  return (
    <div className="page">
      <title>{`Donate · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Donate</h1>
        <p className={styles.lead}>Give something specific a charity in {country.name} needs, or give where it’s needed most.</p>
      </header>
      <DonatingList country={country.code} causes={causes.data ?? []} />
    </div>
  );
}
