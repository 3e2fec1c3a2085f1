import { Link } from 'react-router-dom';
import { buttonClassName } from '../../components/ui/button';
import { fundraisingPaths } from '../../features/fundraising/fundraising-text';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/** The list, its choices and their code come just after the introduction is drawn; its place is kept meanwhile. */
const fundraisingList = lazyPart(() => import('../../features/fundraising/components/fundraising-list'));

/** /:country/fundraising — online fundraising events and pages in the country, newest or most raised first (spec 1 §2). */
export function FundraisingRoute() {
  const country = useCountry();
  // The page's first screen is its introduction: the list follows (its first page was asked for with the HTML).
  useFirstScreenDrawn();
  const list = fundraisingList.usePart(true, { afterFirstScreen: true });
  return (
    <div className="page">
      <title>{`Fundraise · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Fundraise</h1>
        <p className={styles.lead}>Run, bake, climb or simply ask: raise money for a charity in {country.name} with a page of your own, or join an event.</p>
        <p>
          <Link to={fundraisingPaths.create(country.code)} className={buttonClassName()}>
            Start fundraising
          </Link>
        </p>
      </header>
      {list ? <list.FundraisingList country={country.code} /> : <div className={styles.listPlace} aria-busy="true" />}
    </div>
  );
}
