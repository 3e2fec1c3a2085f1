import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { PRODUCT_NAME } from '../../lib/product';
import styles from './pages.module.css';

/** The list, its filters and their code come just after the introduction is drawn; its place is kept meanwhile. */
const opportunityList = lazyPart(() => import('../../features/volunteering/components/opportunity-list'));

/** /:country/volunteering — live volunteering roles in the country, with their filters (spec 1 §2). */
export function VolunteeringRoute() {
  const country = useCountry();
  // The page's first screen is its introduction: the list follows (its first page was asked for with the HTML).
  useFirstScreenDrawn();
  const list = opportunityList.usePart(true, { afterFirstScreen: true });
  return (
    <div className="page">
      <title>{`Volunteer · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Volunteer</h1>
        <p className={styles.lead}>Give your time to a charity in {country.name}: one-off days, regular roles, on your own or with your team.</p>
      </header>
      {list ? <list.OpportunityList country={country.code} /> : <div className={styles.listPlace} aria-busy="true" />}
    </div>
  );
}
