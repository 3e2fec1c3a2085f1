import { Link } from 'react-router-dom';
import { buttonClassName } from '../../components/ui/button';
import { useCountry } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/** Unknown paths and unknown countries; also used by pages whose item does not exist. */
export function NotFound({ title = 'Page not found', message = 'We couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.' }: { title?: string; message?: string }) {
  const country = useCountry();
  return (
    <div className={`page ${styles.centred}`}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p className={styles.lead}>{message}</p>
      <Link to={paths.charities(country.code)} className={buttonClassName()}>
        Browse charities
      </Link>
    </div>
  );
}
