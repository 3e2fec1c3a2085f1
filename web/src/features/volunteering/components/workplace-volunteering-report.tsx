import { useParams } from 'react-router-dom';
import { useWorkplaceVolunteeringReport } from '../api/reports';
import { VolunteeringReport } from './volunteering-report';

/**
 * /admin/workplace/:workplaceId/reports/volunteering — the volunteering of the workplace's people: hours,
 * applications, a line per charity and per role, hours by month, CSV. Each application's months and days are its
 * charity's country's.
 */
export function WorkplaceVolunteeringReport() {
  const { workplaceId = '' } = useParams();
  const applications = useWorkplaceVolunteeringReport(workplaceId);
  return (
    <VolunteeringReport
      title="Volunteering"
      description="Hours your people volunteered, with which charities and in which roles."
      applications={applications}
      acrossCharities
      noApplications="When your people apply for volunteering roles, they are counted here."
    />
  );
}
