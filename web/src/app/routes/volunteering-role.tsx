import { useParams } from 'react-router-dom';
import { VolunteeringApiError, volunteeringErrorMessage } from '../../features/volunteering/api/volunteering-client';
import { useVacancy } from '../../features/volunteering/api/opportunities';
import { RolePage } from '../../features/volunteering/components/role-page';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { useCountry } from '../../lib/country';
import { NotFound } from './not-found';

/** /:country/charity/:charityUrl/volunteering/:vacancyUrl — a volunteering role (spec 1 §2 "volunteering role page"). */
export function VolunteeringRoleRoute() {
  const country = useCountry().code;
  const { charityUrl = '', vacancyUrl = '' } = useParams();
  const vacancy = useVacancy(charityUrl, vacancyUrl);

  if (vacancy.isError && vacancy.error instanceof VolunteeringApiError && vacancy.error.status === 404) {
    return <NotFound title="Role not found" message="We couldn’t find that volunteering role. The charity may have closed it." />;
  }
  return (
    <div className="page">
      {vacancy.isPending ? (
        <LoadingBlock label="Loading volunteering role" />
      ) : vacancy.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this role" message={volunteeringErrorMessage(vacancy.error)} onRetry={() => void vacancy.refetch()} />
      ) : (
        <RolePage opportunity={vacancy.data} country={country} />
      )}
    </div>
  );
}
