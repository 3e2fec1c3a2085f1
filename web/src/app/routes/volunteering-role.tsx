import { useParams } from 'react-router-dom';
import { useVacancy } from '../../features/volunteering/api/opportunities';
import { RolePage } from '../../features/volunteering/components/role-page';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { NotFound } from './not-found';
import { useFirstScreenDrawn } from '../../lib/first-screen';

/** /:country/charity/:charityUrl/volunteering/:vacancyUrl — a volunteering role (spec 1 §2 "volunteering role page"). */
export function VolunteeringRoleRoute() {
  const country = useCountry().code;
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  const { charityUrl = '', vacancyUrl = '' } = useParams();
  const vacancy = useVacancy(charityUrl, vacancyUrl);

  if (vacancy.isError && isNotFound(vacancy.error)) {
    return <NotFound title="Role not found" message="We couldn’t find that volunteering role. The charity may have closed it." />;
  }
  return (
    <div className="page">
      {vacancy.isPending ? (
        <LoadingBlock label="Loading volunteering role" />
      ) : vacancy.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this role" message={errorMessageOf(vacancy.error)} onRetry={() => void vacancy.refetch()} />
      ) : (
        <RolePage opportunity={vacancy.data} country={country} />
      )}
    </div>
  );
}
