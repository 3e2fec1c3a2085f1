import { useSearchParams } from 'react-router-dom';
import { SearchPage } from '../../features/search/components/search-page';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/** /:country/search?q= — the site search (spec 1 §2): typed cards for charities, donations, roles and fundraising. */
export function SearchRoute() {
  const country = useCountry();
  const [search] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  return (
    <div className="page">
      <title>{q ? `${q} · Search · ${PRODUCT_NAME}` : `Search · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Search</h1>
        <p className={styles.lead}>Charities, donations, volunteering roles and fundraisers in {country.name}.</p>
      </header>
      <SearchPage country={country.code} />
    </div>
  );
}
