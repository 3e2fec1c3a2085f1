import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import styles from './guard.module.css';

export const ACCESS_DENIED_TITLE = 'Access denied';
export const ACCESS_DENIED_MESSAGE = 'You don’t have permission to view this page.';

/** The page guard's 403 (spec §6): the allowed list failed to load or lacks what the page needs. */
export function AccessDenied({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const country = useCountry();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.centred}>
      <p className={styles.code} aria-hidden="true">
        403
      </p>
      <Heading>{ACCESS_DENIED_TITLE}</Heading>
      <p className={styles.lead}>{ACCESS_DENIED_MESSAGE} If you think you should, ask an administrator of this account.</p>
      <Link to={paths.home(country.code)} className={buttonClassName({ variant: 'secondary' })}>
        Go to the home page
      </Link>
    </div>
  );
}
