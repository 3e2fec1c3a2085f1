import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { StatusPage } from '../../../components/ui/status-page';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';

export const ACCESS_DENIED_TITLE = 'Access denied';
export const ACCESS_DENIED_MESSAGE = 'You don’t have permission to view this page.';

/** The page guard's 403 (spec §6): the allowed list failed to load or lacks what the page needs. */
export function AccessDenied({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const country = useCountry();
  return (
    <StatusPage code="403" title={ACCESS_DENIED_TITLE} headingLevel={headingLevel} lead={`${ACCESS_DENIED_MESSAGE} If you think you should, ask an administrator of this account.`}>
      <Link to={paths.home(country.code)} className={buttonClassName({ variant: 'secondary' })}>
        Go to the home page
      </Link>
    </StatusPage>
  );
}
