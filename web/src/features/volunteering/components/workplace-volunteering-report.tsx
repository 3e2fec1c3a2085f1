import { useParams } from 'react-router-dom';
import { DEFAULT_COUNTRY } from '../../../lib/country';
import { useWorkplaceVolunteeringReport } from '../api/reports';
import { VolunteeringReport } from './volunteering-report';

/**
 * /admin/workplace/:workplaceId/reports/volunteering — the volunteering of the workplace's people: hours,
 * applications, a line per charity and per role, hours by month, CSV. The applications carry no country, so months
 * and days are the site's default country's (the two countries' midnights are two hours apart).
 */
export function WorkplaceVolunteeringReport() {
  const { workplaceId = '' } = useParams();
  const applications = useWorkplaceVolunteeringReport(workplaceId);
  return (
    <VolunteeringReport
      title="Volunteering"
      description="Hours your people volunteered, with which charities and in which roles."
      applications={applications}
      country={DEFAULT_COUNTRY}
      acrossCharities
      noApplications="When your people apply for volunteering roles, they are counted here."
    />
  );
}
