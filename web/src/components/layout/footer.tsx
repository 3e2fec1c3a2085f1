import { Link } from 'react-router-dom';
import { useCountry } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './footer.module.css';

export function Footer() {
  const country = useCountry();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME} · Giving in {country.name}
        </p>
        <nav aria-label="Footer" className={styles.links}>
          <Link to={paths.charities(country.code)}>Charities</Link>
        </nav>
      </div>
    </footer>
  );
}
